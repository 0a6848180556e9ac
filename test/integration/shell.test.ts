import test from 'ava';
import { startTestApp, type TestApp } from '../helpers/app';

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
