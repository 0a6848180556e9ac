/**
 * Security headers on every kind of answer (page, API, 404, asset), HSTS and the Secure cookie only when
 * BASE_URL is https, and the reset-password page's stricter referrer policy.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { createApp } from '../../src/app';
import { createLogger } from '../../src/log';
import { clientAs, startTestApp, testConfig, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

const html = { headers: { Accept: 'text/html' } };

function directives(header: string | null): Map<string, string> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!, values.join(' ')];
      }),
  );
}

test('pages, API answers, 404s and assets all carry the CSP and the other security headers', async (t) => {
  const client = app.client();
  const manifest = await client.get('/assets/manifest.json');
  const answers = {
    page: await client.get('/login', html),
    api: await client.get('/api/auth/me'),
    notFoundPage: await client.get('/no/such/page', html),
    notFoundApi: await client.get('/api/nothing'),
    asset: manifest,
  };
  t.is(answers.page.status, 200);
  t.is(answers.api.status, 401);
  t.is(answers.notFoundPage.status, 404);
  for (const [kind, res] of Object.entries(answers)) {
    const csp = directives(res.headers.get('content-security-policy'));
    t.is(csp.get('default-src'), "'self'", kind);
    // No 'unsafe-inline', 'unsafe-eval' or hashes: no page has an inline script.
    t.is(csp.get('script-src'), "'self'", `${kind}: no inline or eval'd script`);
    t.is(csp.get('style-src'), "'self' 'unsafe-inline'", kind);
    t.is(csp.get('img-src'), "'self' data: https:", kind);
    t.is(csp.get('object-src'), "'none'", kind);
    t.is(csp.get('base-uri'), "'self'", kind);
    t.is(csp.get('frame-ancestors'), "'none'", kind);
    t.is(csp.get('form-action'), "'self'", kind);
    t.false(csp.has('upgrade-insecure-requests'), `${kind}: not on plain http`);
    t.is(res.headers.get('x-content-type-options'), 'nosniff', kind);
    t.is(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', kind);
    t.is(res.headers.get('x-frame-options'), 'DENY', kind);
    t.is(res.headers.get('strict-transport-security'), null, `${kind}: no HSTS over http`);
  }
});

test('the HTML has no inline executable script: only JSON blocks and external modules', async (t) => {
  // The sign-in pages ship no script at all; Account Settings has islands.
  const page = await clientAs(app, await createUser()).get('/account-settings', html);
  const scripts = [...page.text.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
  t.true(scripts.length > 0);
  for (const attrs of scripts) {
    t.true(/type="application\/json"/.test(attrs) || /type="module" src="\/assets\//.test(attrs), attrs);
  }
  t.false(/\son[a-z]+="/i.test(page.text), 'no inline event handler attributes');
});

test('the reset-password page sends no referrer to other sites (its URL carries a token)', async (t) => {
  // same-origin rather than no-referrer: with no-referrer, Chrome posts the page's own form with
  // `Origin: null`, which the CSRF rule refuses (docs/decisions/csrf.md).
  const res = await app.client().get('/reset-password?token=abc', html);
  t.is(res.headers.get('referrer-policy'), 'same-origin');
});

test('with an https BASE_URL: HSTS, upgrade-insecure-requests and a Secure session cookie', async (t) => {
  // Served at an https origin through a TLS-terminating proxy: the app sees http plus X-Forwarded-Proto.
  const config = testConfig({ rateLimitsEnabled: false, baseUrl: 'https://turnout.example', trustProxy: true });
  const logger = createLogger({ logLevel: 'silent', nodeEnv: 'test' });
  const mailer = { async send() {}, close() {} };
  const server = http.createServer(createApp({ config, db: app.db, logger, mailer }).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const { user, password } = await createUser();
    const res = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-Proto': 'https' },
      body: JSON.stringify({ email: user.email, password }),
    });
    t.is(res.status, 200);
    t.regex(res.headers.get('strict-transport-security') ?? '', /max-age=31536000; includeSubDomains/);
    t.true(directives(res.headers.get('content-security-policy')).has('upgrade-insecure-requests'));
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('turnout.sid='));
    t.regex(cookie ?? '', /;\s*secure/i);
    t.regex(cookie ?? '', /;\s*httponly/i);

    const plain = await app.client().post('/api/auth/login', { email: user.email, password });
    const plainCookie = plain.headers.getSetCookie().find((c) => c.startsWith('turnout.sid='));
    t.truthy(plainCookie);
    t.notRegex(plainCookie!, /;\s*secure/i, 'over plain http a Secure cookie would never come back');
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
