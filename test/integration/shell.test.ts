import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { startTestApp, type HttpClient, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { modulePreloads } from '../helpers/preloads';
import { createManifestReader, MANIFEST_PATH, PUBLIC_DIR } from '../../src/render/manifest';
import { PENDING_TOAST_COOKIE } from '../../src/validation/forms';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ productName: 'Turnout' });
});
test.after.always(async () => {
  await app?.close();
});

test('GET /health answers ok and /health/ready checks the database', async (t) => {
  const client = app.client();
  const live = await client.get('/health');
  t.is(live.status, 200);
  t.deepEqual(live.body, { status: 'ok' });
  const ready = await client.get('/health/ready');
  t.is(ready.status, 200);
  t.deepEqual(ready.body, { status: 'ready', database: 'ok' });
});

test('Join Beta promises no e-mail when no address is configured (ACCESS_REQUEST_EMAIL, else ADMIN_EMAIL)', async (t) => {
  const res = await app.client().get('/register', { headers: { Accept: 'text/html' } });
  t.is(res.status, 200);
  t.true(res.text.includes('is in closed beta and needs an invite code.'));
  t.false(res.text.includes('To request access'), 'no sentence without an address');
  t.false(res.text.includes('mailto:'));
});

test('an unknown path renders the Page Not Found page with status 404', async (t) => {
  const res = await app.client().get('/no/such/page', { headers: { Accept: 'text/html' } });
  t.is(res.status, 404);
  t.regex(res.headers.get('content-type') ?? '', /text\/html/);
  t.regex(res.text, /<title>Page Not Found · Turnout<\/title>/);
  t.regex(res.text, /<h1[^>]*>Page Not Found<\/h1>/);
});

test('an unknown API path answers JSON 404', async (t) => {
  const res = await app.client().get('/api/nothing-here');
  t.is(res.status, 404);
  t.deepEqual(res.body, { error: 'Not found' });
});

test('the landing page shows the hero, the rotating verbs and both calls to action', async (t) => {
  const res = await app.client().get('/', { headers: { Accept: 'text/html' } });
  t.is(res.status, 200);
  for (const verb of ['Chart', 'Track', 'Share', 'Honor']) t.true(res.text.includes(`>${verb}<`), verb);
  t.regex(res.text, /<a[^>]*href="\/register"[^>]*>Build Your <!-- -->Turnout<!-- --> Bio<\/a>/);
  t.regex(res.text, /<a[^>]*href="\/profiles\/1\/public"[^>]*>See a Sample Profile<\/a>/);
  t.regex(res.text, /built by firefighters for firefighters/i);
  t.regex(res.text, /<a[^>]*href="\/login"[^>]*>Login<\/a>/);
  t.regex(res.text, /<a[^>]*href="\/register"[^>]*>Join Beta<\/a>/);
});

test('pages without islands ship no JavaScript at all', async (t) => {
  const client = app.client();
  for (const path of ['/', '/no/such/page']) {
    const res = await client.get(path, { headers: { Accept: 'text/html' } });
    t.false(/<script(?![^>]*type="application\/json")/i.test(res.text), `${path} has a script tag`);
    t.false(res.text.includes('modulepreload'), `${path} preloads a module`);
  }
});

test('a signed-in user on a page without islands gets no JavaScript either: the user menu is plain HTML', async (t) => {
  const { token } = await createUser({ name: 'Riley Adams' });
  const client = app.client();
  client.bearer = token;
  const res = await client.get('/no/such/page', { headers: { Accept: 'text/html' } });
  t.is(res.status, 404);
  t.regex(res.text, /<details[^>]*data-testid="user-menu"/, 'the menu is there');
  t.true(res.text.includes('Riley Adams'));
  t.false(res.text.includes('<script type="module"'), 'no module script');
  t.false(res.text.includes('modulepreload'), 'no preloads');
  t.false(res.text.includes('data-island="'), 'no island wrapper');
});

test('a page with islands preloads the runtime and its load-time islands with their chunks, not those hydrated in view', async (t) => {
  const manifest = createManifestReader(MANIFEST_PATH, { readOnce: true })();
  const client = app.client();
  await signIn(client);
  const res = await client.get('/account-settings', { headers: { Accept: 'text/html' } });
  const preloaded = modulePreloads(res.text);
  const atLoad = ['ProfileInfoForm', 'ChangePasswordForm', 'UsernameForm'].map((name) => manifest.islands[name]!);
  const expected = new Set([manifest.client.src, ...manifest.client.imports]);
  for (const island of atLoad) [island.src, ...island.imports].forEach((file) => expected.add(file));
  t.true(manifest.client.imports.length > 0, 'the runtime shares chunks with the islands');
  t.deepEqual(new Set(preloaded), expected);
  t.is(preloaded.length, expected.size, 'each file once');
  // The page's content comes first on a slow link: every preload asks for low priority (an island fetched when it
  // comes into view is asked for at its normal priority, by the runtime).
  const links = [...res.text.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
  t.is(links.length, preloaded.length);
  for (const link of links) t.regex(link, / fetchpriority="low"/);
  // My Departments hydrates when it comes into view: listed for the runtime, fetched only then.
  const later = manifest.islands.MyDepartments!;
  t.false(preloaded.includes(later.src));
  const sources = JSON.parse(
    /<script type="application\/json" id="island-sources">([^<]*)</.exec(res.text)![1]!,
  ) as Record<string, { src: string; chunks: string[]; queries?: true }>;
  t.deepEqual(
    sources.MyDepartments,
    { src: later.src, chunks: later.imports, queries: true },
    'it reads through the query cache',
  );
  const writer = manifest.islands.ChangePasswordForm!;
  t.deepEqual(sources.ChangePasswordForm, { src: writer.src, chunks: writer.imports }, 'it only writes');
  // The query cache is not preloaded here: no island at load reads through it (docs/decisions/preact-in-the-browser.md).
  t.false(preloaded.includes(manifest.queries.src));
  t.true(res.text.includes(`<script type="module" src="${manifest.client.src}"></script>`));
});

test('an island’s chunks are listed each after the chunks it imports (the runtime evaluates them in that order)', (t) => {
  const manifest = createManifestReader(MANIFEST_PATH, { readOnce: true })();
  const importsOf = (url: string) =>
    [...fs.readFileSync(path.join(PUBLIC_DIR, url), 'utf8').matchAll(/\bfrom\s*"\.\/(chunk-[\w-]+\.js)"/g)].map(
      (m) => `/assets/${m[1]}`,
    );
  let checked = 0;
  for (const [name, island] of Object.entries(manifest.islands)) {
    island.imports.forEach((chunk, at) => {
      for (const imported of importsOf(chunk)) {
        t.true(island.imports.indexOf(imported) > -1 && island.imports.indexOf(imported) < at, `${name}: ${chunk}`);
        checked += 1;
      }
    });
  }
  t.true(checked > 0, 'chunks import chunks');
});

test('a page whose islands hydrate in view preloads the runtime’s stages; one whose islands wait for a touch does not', async (t) => {
  const manifest = createManifestReader(MANIFEST_PATH, { readOnce: true })();
  // The admin dashboard's tables hydrate in view, and are in view at load: React comes with the page.
  const admin = await createUser({ role: 'admin' });
  const dashboard = await app
    .client()
    .get('/admin', { headers: { Accept: 'text/html', Authorization: `Bearer ${admin.token}` } });
  t.is(dashboard.status, 200);
  t.deepEqual(new Set(modulePreloads(dashboard.text)), new Set([manifest.client.src, ...manifest.client.imports]));
  t.false(dashboard.text.includes('data-hydrate="load"'), 'no island at load: all in view');
  // The owner's own profile: the toolbar and Share panel wait for a touch, so only the runtime's own file.
  const owner = await createUser();
  const profile = await createProfileFor(owner);
  const own = await app
    .client()
    .get(`/profiles/${profile.id}`, { headers: { Accept: 'text/html', Authorization: `Bearer ${owner.token}` } });
  t.deepEqual(modulePreloads(own.text), [manifest.client.src]);
});

test('the query cache comes with the first island at load that reads through it, and never to a page that only writes', async (t) => {
  const manifest = createManifestReader(MANIFEST_PATH, { readOnce: true })();
  const cache = [manifest.queries.src, ...manifest.queries.imports];
  const newcomer = await createUser();
  // Create Profile's department search reads through react-query, at load.
  const create = await app
    .client()
    .get('/create-profile', { headers: { Accept: 'text/html', Authorization: `Bearer ${newcomer.token}` } });
  t.is(create.status, 200);
  const preloaded = modulePreloads(create.text);
  for (const file of cache) t.true(preloaded.includes(file), `${file} preloaded`);
  // The passkey sign-in button only writes: no query cache in its code at all.
  const passkey = await app.client().get('/login/passkey', { headers: { Accept: 'text/html' } });
  const island = manifest.islands.PasskeySignIn!;
  t.false(island.queries ?? false);
  t.false([island.src, ...island.imports].includes(manifest.queries.src), 'the query cache is not in its code');
  t.false(modulePreloads(passkey.text).includes(manifest.queries.src));
});

test('the runtime imports React in stages, each its own task, and the page preloads every stage', (t) => {
  // docs/decisions/script-only-where-needed.md (edit mode's blocking time): evaluating React, react-dom, styled-components and react-query in one
  // go was one long task. The runtime's own file imports nothing statically; its stages are dynamic imports, and
  // the manifest lists them (and what they import) with it, so the page preloads them all.
  const manifest = createManifestReader(MANIFEST_PATH, { readOnce: true })();
  const runtime = fs.readFileSync(path.join(PUBLIC_DIR, manifest.client.src), 'utf8');
  t.notRegex(runtime, /(^|[;}\n])import\s*[{*\w]/, 'no static import');
  // So it spells the pending toast's cookie out (a page that hydrates nothing at load still shows that toast).
  t.true(runtime.includes(`"${PENDING_TOAST_COOKIE}="`), 'the runtime looks for the pending toast cookie by name');
  const stages = [...runtime.matchAll(/import\("\.\/([^"]+)"\)/g)].map((m) => `/assets/${m[1]}`);
  t.true(stages.length >= 4, 'the framework, the hydrating code, the toaster and the query cache are separate stages');
  // Every stage is preloaded with the runtime but the query cache, which only islands reading through it load.
  t.true(stages.includes(manifest.queries.src), 'the query cache is a stage');
  for (const stage of stages.filter((stage) => stage !== manifest.queries.src))
    t.true(manifest.client.imports.includes(stage), `${stage} is preloaded with the runtime`);
  t.false(manifest.client.imports.includes(manifest.queries.src), 'the query cache is not');
  t.false(
    Object.keys(manifest.islands).some((name) => /^(client|hydrateIsland|toaster)$/.test(name)),
    'no stage is an island',
  );
});

/** Signs in through the API so the client holds a session cookie, as a browser would. */
async function signIn(client: HttpClient): Promise<void> {
  const { user, password } = await createUser();
  const login = await client.post('/api/auth/login', { email: user.email, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
}

/** Posts the header's Sign Out form: urlencoded, no fields, with the browser's cookie. */
function postLogoutForm(client: HttpClient, origin: string) {
  return fetch(`${app.baseUrl}/logout`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'text/html',
      Origin: origin,
      Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: '',
  });
}

test('the Sign Out form posts to /logout: the session ends and the browser is sent to / with 303', async (t) => {
  const client = app.client();
  await signIn(client);
  t.is((await client.get('/api/auth/me')).status, 200);
  const res = await postLogoutForm(client, app.baseUrl);
  t.is(res.status, 303);
  t.is(res.headers.get('location'), '/');
  t.regex(res.headers.getSetCookie().join('\n'), /turnout\.sid=;/, 'the cookie is cleared');
  // The old cookie no longer authenticates: the session row is gone, not just the browser's copy.
  t.is((await client.get('/api/auth/me')).status, 401);
});

test('a cross-site POST /logout is refused and the session stays', async (t) => {
  const client = app.client();
  await signIn(client);
  const res = await postLogoutForm(client, 'https://evil.example');
  t.is(res.status, 403);
  t.regex(await res.text(), /Cross-site request rejected/);
  t.is((await client.get('/api/auth/me')).status, 200);
});

test('HTML is compressed for clients that accept it', async (t) => {
  const res = await fetch(`${app.baseUrl}/`, { headers: { 'Accept-Encoding': 'gzip', Accept: 'text/html' } });
  t.is(res.headers.get('content-encoding'), 'gzip');
});

test('every response carries a request id', async (t) => {
  const res = await app.client().get('/health');
  t.regex(res.headers.get('x-request-id') ?? '', /^[\w-]+$/);
});

test('malformed JSON is a 400, not a 500', async (t) => {
  const res = await fetch(`${app.baseUrl}/api/anything`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{not json',
  });
  t.is(res.status, 400);
  t.deepEqual(await res.json(), { error: 'Request body is not valid JSON' });
});
