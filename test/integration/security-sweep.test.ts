/**
 * The security sweep's rules over real HTTP and Postgres: no intent value reaches a 500; `Origin: null` is refused
 * on every form, whatever the Referer says; the two-factor limit holds on every second-factor check, with
 * RATE_LIMITS off too; a recovery-shaped guess is cheap; a link with a control character is refused at input.
 */
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { Secret, TOTP } from 'otpauth';
import { startTestApp, type HttpClient, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { anyDepartment } from '../helpers/profiles';
import { inTransaction } from '../../src/db/transaction';
import { User } from '../../src/models/User';
import { UserTotp } from '../../src/models/UserTotp';
import { replaceRecoveryCodes } from '../../src/services/twoFactor/recoveryCodes';
import { seal, secretKey } from '../../src/services/twoFactor/secretBox';
import { useSecondFactor } from '../../src/services/twoFactor/totp';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

async function signedIn(account: CreatedUser): Promise<HttpClient> {
  const client = app.client();
  const res = await client.postForm('/login', { email: account.user.email, password: account.password });
  if (res.status !== 303) throw new Error(`sign-in failed: ${res.status}`);
  return client;
}

/** Two-factor turned on directly in the database: the secret (for codes) and ten recovery codes. */
async function withTwoFactor(account: CreatedUser) {
  const secret = new Secret({ size: 20 }).base32;
  const secretSealed = seal(secretKey(app.config.sessionSecret), secret);
  await UserTotp.query().insert({ userId: account.user.id, secretSealed, confirmedAt: new Date(), lastUsedStep: null });
  const codes = await inTransaction(app.db, (trx) =>
    replaceRecoveryCodes(trx, account.user.id, app.config.sessionSecret),
  );
  return { secret, codes, code: () => new TOTP({ secret: Secret.fromBase32(secret) }).generate() };
}

/** Every form's page route that takes a post: read from src/pages (a new form is covered without a new row). */
function formPaths(): string[] {
  const dir = path.resolve('src/pages');
  const paths = new Set<string>();
  for (const file of fs.readdirSync(dir)) {
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    const constants = new Map([...source.matchAll(/const (\w+) = '(\/[^']*)'/g)].map((m) => [m[1]!, m[2]!]));
    for (const match of source.matchAll(/router\.post\(\s*(?:'([^']+)'|(\w+))/g)) {
      const route = match[1] ?? constants.get(match[2]!);
      if (route) paths.add(route.replace(/:(\w+)/g, (_, name: string) => (name === 'username' ? 'someone' : '1')));
    }
  }
  return [...paths].sort();
}

test('`Origin: null` is refused on every form, even with our own Referer, signed in or not', async (t) => {
  const paths = formPaths();
  t.true(paths.length >= 15, `found the forms: ${paths.join(' ')}`);
  const signedInClient = await signedIn(await createUser());
  const visitor = app.client();
  const sameSiteReferer = { headers: { Referer: `${app.baseUrl}/account-settings` }, origin: 'null' };
  for (const formPath of paths) {
    for (const [who, client] of [
      ['signed in', signedInClient],
      ['visitor', visitor],
    ] as const) {
      const res = await client.postForm(formPath, { intent: 'profile' }, sameSiteReferer);
      t.is(res.status, 403, `${who} ${formPath}`);
    }
  }
  t.is((await signedInClient.get('/account-settings')).status, 200, 'the session itself was not harmed');
});

test('no intent value answers 500: inherited names, empty, unknown and repeated ones are a 400', async (t) => {
  const admin = await createUser({ role: 'super_admin' });
  const client = await signedIn(admin);
  const intents = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', '', 'nope'];
  for (const formPath of ['/account-settings', '/verifications', '/admin/supabase-setup']) {
    for (const intent of intents) {
      const res = await client.postForm(formPath, { intent });
      t.is(res.status, 400, `${formPath} intent=${JSON.stringify(intent)}`);
    }
    const twice = await client.postForm(formPath, [
      ['intent', 'profile'],
      ['intent', '__proto__'],
    ]);
    t.is(twice.status, 400, `${formPath}: intent sent twice`);
  }
});

test('the two-factor limit holds on Delete My Account with RATE_LIMITS off: after five wrong codes the right one is refused', async (t) => {
  const account = await createUser();
  const client = await signedIn(account); // before two-factor is on, so the password alone signs in
  const factor = await withTwoFactor(account);
  const attempt = (secondFactor: string) =>
    client.postForm('/account-settings/delete', { password: account.password, confirm: 'true', secondFactor });
  for (let i = 0; i < 5; i++) {
    const wrong = await attempt('000000');
    t.is(wrong.status, 400, `wrong code ${i + 1}: ${wrong.headers.get('location')}`);
  }
  const locked = await attempt(factor.code());
  t.is(locked.status, 429, 'the right code while the account is locked');
  t.truthy(locked.headers.get('retry-after'));
  t.is((await attempt(factor.codes[0]!)).status, 429, 'a recovery code too');
  t.truthy(await User.query().findById(account.user.id), 'the account is still there');
  // The same limit covers Security's own code checks.
  const regenerate = await client.postForm('/account-settings', {
    intent: 'recovery-regenerate',
    password: account.password,
    code: factor.code(),
  });
  t.is(regenerate.status, 429);
});

test('the two-factor limit holds at sign-in with RATE_LIMITS off', async (t) => {
  const account = await createUser();
  const factor = await withTwoFactor(account);
  const client = app.client();
  await client.postForm('/login', { email: account.user.email, password: account.password });
  for (let i = 0; i < 5; i++) await client.postForm('/login/two-factor', { code: '000000' });
  t.is((await client.postForm('/login/two-factor', { code: factor.code() })).status, 429);
});

// Serial (AVA runs serial tests first, alone): the CPU measured is this test's, not a neighbour's.
test.serial(
  'a recovery-shaped guess costs at most 50 ms of CPU (a keyed hash and a lookup, not a slow hash per code)',
  async (t) => {
    const account = await createUser();
    await withTwoFactor(account);
    const deps = { sessionSecret: app.config.sessionSecret, issuer: 'Turnout', attempts: async () => {} };
    const costs: number[] = [];
    for (let i = 0; i < 7; i++) {
      const before = process.cpuUsage();
      const guess = inTransaction(app.db, (trx) => useSecondFactor(trx, account.user, { code: 'abcde-fghjk' }, deps));
      await t.throwsAsync(guess, { message: /That code is not valid/ });
      const used = process.cpuUsage(before);
      costs.push((used.user + used.system) / 1000);
    }
    const median = costs.sort((a, b) => a - b)[3]!;
    t.true(median <= 50, `median ${median.toFixed(1)} ms of CPU per guess`);
  },
);

test('a link holding a line break or control character is refused at input (400), never stored', async (t) => {
  const owner = await createUser();
  const api = app.client();
  api.bearer = owner.token;
  const department = await anyDepartment();
  const created = await api.post('/api/profiles', { name: 'Link Check', rank: 'Captain', departmentId: department.id });
  t.is(created.status, 201);
  for (const field of ['website', 'linkedin', 'facebook', 'profileImage']) {
    for (const value of ['https://example.com/\r\nTEL:+15555550199', 'https://example.com/\u0000x', 'handle\tx']) {
      const res = await api.patch(`/api/profiles/${created.body.id}`, { [field]: value });
      t.is(res.status, 400, `${field} ${JSON.stringify(value)}`);
      t.regex(res.body.fields?.[field] ?? '', /cannot contain line breaks or control characters|Profile image/);
    }
  }
  const stored = await api.get(`/api/profiles/${created.body.id}`);
  t.is(stored.body.website, null);
});

test('names lose bidi overrides and zero-width characters at input; the personal statement keeps them', async (t) => {
  const owner = await createUser();
  const api = app.client();
  api.bearer = owner.token;
  const department = await anyDepartment();
  const created = await api.post('/api/profiles', {
    name: 'Chief\u202e Doe\u200b',
    rank: '\u2066Captain\u2069',
    departmentId: department.id,
  });
  t.is(created.status, 201);
  t.is(created.body.name, 'Chief Doe');
  t.is(created.body.rank, 'Captain');
  const statement = 'Arabic \u200fمرحبا\u200f and a mark';
  const saved = await api.patch(`/api/profiles/${created.body.id}`, {
    personalStatement: statement,
    title: 'A\u202eB',
  });
  t.is(saved.status, 200);
  t.is(saved.body.personalStatement, statement);
  t.is(saved.body.title, 'AB');
});
