/**
 * Answers given before Koa's middleware (src/http/earlyAnswers.ts): `/health`, kept profile pages, kept API
 * answers (a member's own departments) and a visitor's landing page. One app is
 * served twice — through its own listener (early answers first) and through Koa's listener alone (the middleware
 * path) — and every answer must be the same: status, every header in order (but Date), body, and the request's
 * log line (but its time). Requests an early answer must not take go on to the middleware.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import test from 'ava';
import Koa from 'koa';
import pino from 'pino';
import { createApp } from '../../src/app';
import type { AppWithEarlyAnswers } from '../../src/http/earlyAnswers';
import { createHttpServer } from '../../src/http/nodeServer';
import { REDACT_PATHS } from '../../src/log';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createProfileFor } from '../helpers/profiles';
import { createUser } from '../helpers/users';
import { Model } from 'objection';
import { ChangeWatch } from '../../src/db/changeWatch';
import { DepartmentReads } from '../../src/services/departments/departmentReads';
import { SessionCache } from '../../src/services/sessionCache';

let testApp: TestApp;
let app: AppWithEarlyAnswers;
/** The app's own caches, so a test can wait for a write made through testApp to reach them. */
let changes: ChangeWatch;
let departmentReads: DepartmentReads;
let sessionCache: SessionCache;
const servers: http.Server[] = [];
let early = '';
let middleware = '';
const lines: string[] = [];
/** Whether the early answer took each request, in order. */
const taken: boolean[] = [];

async function listen(listener: http.RequestListener): Promise<string> {
  const server = createHttpServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test.before(async () => {
  testApp = await startTestApp({ rateLimitsEnabled: false });
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const logger = pino({ level: 'debug', redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, capture);
  const mailer = { async send() {}, close() {} };
  changes = new ChangeWatch(testApp.db);
  departmentReads = new DepartmentReads(testApp.config.departmentCache, testApp.db, changes);
  sessionCache = new SessionCache(testApp.config.sessionCache, changes);
  app = createApp({
    config: testApp.config,
    db: testApp.db,
    logger,
    mailer,
    departmentReads,
    sessionCache,
    changes,
  }) as AppWithEarlyAnswers;
  const answer = app.early!.answer;
  app.early!.answer = (ctx, reply) => {
    const answered = answer(ctx, reply);
    taken.push(answered);
    return answered;
  };
  early = await listen(app.callback());
  middleware = await listen(Koa.prototype.callback.call(app));
});
test.after.always(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await changes?.close();
  await testApp?.close();
});

/**
 * Vary's names as a set: the middleware path's profile route gets `Accept-Encoding` from the compression middleware first; a
 * kept page answered before compression (as the kept-page middleware did, and the early answer does) names it last.
 */
const sameVary = (header: string) =>
  header.startsWith('Vary: ') ? `Vary: ${header.slice(6).split(', ').sort().join(', ')}` : header;

interface Raw {
  status: number;
  headers: string[];
  body: Buffer;
}

function request(base: string, path: string, method: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const pairs: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            if (res.rawHeaders[i]!.toLowerCase() !== 'date')
              pairs.push(sameVary(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`));
          }
          resolve({ status: res.statusCode!, headers: pairs, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject)
      .end();
  });
}

let ids = 0;
/** The log line a request id got, its time and duration blanked. */
const lineOf = (reqId: string) =>
  lines
    .filter((line) => line.includes(`"reqId":"${reqId}"`))
    .map((line) => line.replace(/"time":\d+/, '"time":0').replace(/"ms":[\d.]+/, '"ms":0'));

/**
 * The same request through both listeners: the same answer and log line. Returns whether the early answer took
 * it, and the answer.
 */
async function sameBothWays(
  t: import('ava').ExecutionContext,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
) {
  ids += 1;
  const viaMiddleware = await request(middleware, path, method, { ...headers, 'X-Request-Id': `mw-${ids}` });
  const before = taken.length;
  const viaEarly = await request(early, path, method, { ...headers, 'X-Request-Id': `ea-${ids}` });
  const tookIt = taken.length > before && taken[taken.length - 1]!;
  const label = `${method} ${path} ${JSON.stringify(headers)}`;
  t.is(viaEarly.status, viaMiddleware.status, label);
  t.deepEqual(
    viaEarly.headers,
    viaMiddleware.headers.map((header) => header.replace(`mw-${ids}`, `ea-${ids}`)),
    label,
  );
  t.true(viaEarly.body.equals(viaMiddleware.body), `${label}: the same body`);
  await new Promise((resolve) => setImmediate(resolve));
  const line = lineOf(`ea-${ids}`);
  t.is(line.length, 1, `${label}: one request line`);
  t.deepEqual(
    line,
    lineOf(`mw-${ids}`).map((l) => l.replace(`mw-${ids}`, `ea-${ids}`)),
    `${label}: the same line`,
  );
  return { tookIt, answer: viaEarly };
}

test.serial('/health: GET and HEAD answered early, exactly as the middleware answers them', async (t) => {
  const get = await sameBothWays(t, '/health');
  t.true(get.tookIt);
  t.is(get.answer.body.toString(), '{"status":"ok"}');
  t.true((await sameBothWays(t, '/health', {}, 'HEAD')).tookIt);
  t.false((await sameBothWays(t, '/health/ready')).tookIt, 'readiness asks the database: the middleware answers');
  t.false((await sameBothWays(t, '/health', {}, 'POST')).tookIt);
});

test.serial('a visitor’s kept page: every encoding, HEAD, 304, the own view, the same as the middleware', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner, { profileStatus: 'live' });
  const path = `/profiles/${profile.id}/public`;
  const html = { Accept: 'text/html' };
  await clientAs(testApp, null).get(path, { headers: html }); // kept (the two listeners share the app's caches)
  for (const encoding of ['gzip', 'br', 'identity', 'gzip, br', 'br;q=0, gzip;q=0.5']) {
    t.true((await sameBothWays(t, path, { ...html, 'Accept-Encoding': encoding })).tookIt, encoding);
  }
  t.true((await sameBothWays(t, path, { ...html, 'Accept-Encoding': 'gzip' }, 'HEAD')).tookIt, 'HEAD');
  const { answer } = await sameBothWays(t, path, html);
  const etag = answer.headers.find((header) => header.startsWith('ETag: '))!.slice(6);
  const notModified = await sameBothWays(t, path, { ...html, 'If-None-Match': etag });
  t.true(notModified.tookIt);
  t.is(notModified.answer.status, 304);
  t.is(
    (await sameBothWays(t, path, { ...html, 'If-None-Match': etag, 'Cache-Control': 'no-cache' })).answer.status,
    200,
  );
  // The own view (noindex), kept once asked for; a valid query is the same page.
  const own = `/profiles/${profile.id}`;
  await clientAs(testApp, null).get(own, { headers: html });
  t.true((await sameBothWays(t, own, { ...html, 'Accept-Encoding': 'gzip' })).tookIt, 'own view');
  t.true((await sameBothWays(t, `${path}?sort=newest`, html)).tookIt, 'a query the route accepts');
  t.true((await sameBothWays(t, `${path}?sort=newest`, html)).tookIt, 'the same query again (its reading kept)');
});

test.serial(
  'the landing page: kept once rendered, answered early to a visitor as the home route answers it',
  async (t) => {
    const html = { Accept: 'text/html' };
    await clientAs(testApp, null).get('/', { headers: html }); // rendered and kept (the listeners share the app)
    for (const encoding of ['gzip', 'br', 'identity']) {
      t.true((await sameBothWays(t, '/', { ...html, 'Accept-Encoding': encoding })).tookIt, encoding);
    }
    t.true((await sameBothWays(t, '/', html, 'HEAD')).tookIt, 'HEAD');
    const { answer } = await sameBothWays(t, '/?ref=card', html);
    t.is(answer.status, 200, 'a query string: the same page');
    const etag = answer.headers.find((header) => header.startsWith('ETag: '))!.slice(6);
    const notModified = await sameBothWays(t, '/', { ...html, 'If-None-Match': etag });
    t.true(notModified.tookIt);
    t.is(notModified.answer.status, 304);
    // Signed in: the home route sends them on (their own profile, or profile creation).
    const member = await createUser();
    const signedIn = await sameBothWays(t, '/', { ...html, Authorization: `Bearer ${member.token}` });
    t.false(signedIn.tookIt, 'signed in');
    t.is(signedIn.answer.status, 302);
    t.false((await sameBothWays(t, '/', { ...html, Cookie: 'turnout.sid=forged' })).tookIt, 'a session cookie');
    t.false((await sameBothWays(t, '/', html, 'POST')).tookIt, 'a post');
  },
);

test.serial('what an early answer must not take goes on to the middleware', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner, { profileStatus: 'live' });
  const draft = await createProfileFor(await createUser(), { profileStatus: 'draft' });
  const path = `/profiles/${profile.id}/public`;
  const html = { Accept: 'text/html' };
  await clientAs(testApp, null).get(path, { headers: html });
  const fallsThrough = async (url: string, headers: Record<string, string> = html, method = 'GET') => {
    const { tookIt, answer } = await sameBothWays(t, url, headers, method);
    t.false(tookIt, `${method} ${url}`);
    return answer;
  };
  t.is((await fallsThrough(`${path}?sort=sideways`)).status, 302, 'a query the route redirects');
  t.is((await fallsThrough(`${path}?sort=sideways`)).status, 302, 'the same bad query again (its reading kept)');
  t.is((await fallsThrough(`/profiles/${draft.id}/public`)).status, 404, 'a draft');
  await fallsThrough(`/profiles/${profile.id}/public?widget=photos&q=hose`); // a search is never kept
  await fallsThrough(path, { ...html, Authorization: `Bearer ${owner.token}` }); // the owner: an editor
  await fallsThrough(path, { ...html, Cookie: 'turnout.sid=forged' }); // credentials not held in memory
  const forged = await fallsThrough(path, { ...html, Cookie: 'turnout.sid=forged; turnout.sid.sig=bad' });
  t.true(
    forged.headers.some((header) => header.startsWith('Set-Cookie: turnout.sid.sig=;')),
    'cleared, as before',
  );
  await fallsThrough('/profiles/99999999/public');
  await fallsThrough('/login');
});

test.serial('a member’s kept page with their menu, and its 304, the same as the middleware', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner, { profileStatus: 'live' });
  const member = await createUser({ name: 'Early Member' });
  const path = `/profiles/${profile.id}/public`;
  const headers = { Accept: 'text/html', Authorization: `Bearer ${member.token}` };
  // The first read keeps the session and the page; later ones are answered from memory.
  await request(middleware, path, 'GET', headers);
  await request(middleware, path, 'GET', headers);
  for (const encoding of ['gzip', 'identity', 'gzip, br']) {
    const { tookIt, answer } = await sameBothWays(t, path, { ...headers, 'Accept-Encoding': encoding });
    t.true(tookIt, encoding);
    if (encoding === 'identity') t.true(answer.body.toString().includes('Early Member'));
  }
  const { answer } = await sameBothWays(t, path, headers);
  const etag = answer.headers.find((header) => header.startsWith('ETag: '))!.slice(6);
  const notModified = await sameBothWays(t, path, { ...headers, 'If-None-Match': etag });
  t.true(notModified.tookIt);
  t.is(notModified.answer.status, 304);

  // A page never kept (a gallery search) still carries the member's tag: its 304 needs no page, early as in the
  // route; the page itself is rendered by the route.
  const search = `${path}?widget=photos&q=hose`;
  const rendered = await sameBothWays(t, search, headers);
  t.false(rendered.tookIt, 'a search is rendered');
  const searchTag = rendered.answer.headers.find((header) => header.startsWith('ETag: '))!.slice(6);
  const revalidated = await sameBothWays(t, search, { ...headers, 'If-None-Match': searchTag });
  t.true(revalidated.tookIt, 'its 304');
  t.is(revalidated.answer.status, 304);
});

test.serial('an editor’s “View as” pages and a member asking for one, the same as the middleware', async (t) => {
  const owner = await createUser({ name: 'Early Owner' });
  const profile = await createProfileFor(owner, { profileStatus: 'live' });
  const member = await createUser({ name: 'Curious Member' });
  const own = `/profiles/${profile.id}`;
  const as = (account: { token: string }) => ({ Accept: 'text/html', Authorization: `Bearer ${account.token}` });
  for (const view of ['member', 'visitor']) {
    const path = `${own}?as=${view}`;
    // The first read keeps the session and the page; later ones are answered from memory.
    await request(middleware, path, 'GET', as(owner));
    await request(middleware, path, 'GET', as(owner));
    const { tookIt, answer } = await sameBothWays(t, path, { ...as(owner), 'Accept-Encoding': 'gzip' });
    t.true(tookIt, path);
    const identity = await sameBothWays(t, path, { ...as(owner), 'Accept-Encoding': 'identity' });
    t.true(identity.answer.body.toString().includes('Early Owner, account menu'), 'the owner’s own menu');
    t.true(identity.answer.body.toString().includes(`Viewing as a ${view}.`), 'the banner');
    const etag = answer.headers.find((header) => header.startsWith('ETag: '))!.slice(6);
    const notModified = await sameBothWays(t, path, { ...as(owner), 'If-None-Match': etag });
    t.true(notModified.tookIt);
    t.is(notModified.answer.status, 304);
  }
  // Not an editor: the member's own page, whatever they ask to view as.
  await request(middleware, `${own}?as=member`, 'GET', as(member));
  const asked = await sameBothWays(t, `${own}?as=member`, { ...as(member), 'Accept-Encoding': 'identity' });
  t.true(asked.tookIt);
  t.true(asked.answer.body.toString().includes('Curious Member, account menu'));
  t.false(asked.answer.body.toString().includes('Viewing as'));
  // The owner's own page is never kept: the full path (it is not compared: its first render claims a notice).
  const before = taken.length;
  t.is((await request(early, own, 'GET', as(owner))).status, 200);
  t.deepEqual(taken.slice(before), [false]);
});

test.serial('a member’s own departments, kept on this node, answered early the same as the middleware', async (t) => {
  const member = await createUser({ name: 'Early Departments' });
  const path = '/api/departments/user';
  const bearer = { Authorization: `Bearer ${member.token}` };
  // The first read keeps the session and the links; later ones are answered from memory.
  await request(middleware, path, 'GET', bearer);
  const none = await sameBothWays(t, path, bearer);
  t.true(none.tookIt);
  t.is(none.answer.body.toString(), '[]');

  // Enough departments for the answer to be worth gzip. The writes (through another app) reach this one's links and
  // the member's session (a link is a fact it carries) through Postgres; every delivery must be in before the
  // comparison, or a late drop lands between the middleware's read and the early one.
  const ids = (await Model.knex()('departments').orderBy('id').limit(4).pluck('id')) as number[];
  for (const departmentId of ids) {
    t.is((await clientAs(testApp, member).post(path, { departmentId })).status, 201);
  }
  await changes.caughtUp();
  for (const encoding of ['gzip', 'identity', 'gzip, br', 'br']) {
    const { tookIt, answer } = await sameBothWays(t, path, { ...bearer, 'Accept-Encoding': encoding });
    t.true(tookIt, encoding);
    t.is(answer.headers.includes('Content-Encoding: gzip'), encoding.startsWith('gzip'), encoding);
  }
  const { answer } = await sameBothWays(t, path, { ...bearer, 'Accept-Encoding': 'identity' });
  t.deepEqual(
    (JSON.parse(answer.body.toString()) as { department: { id: number } }[]).map((link) => link.department.id).sort(),
    [...ids].sort(),
  );

  // What it must not take: HEAD, no or unknown credentials, a path the route matches loosely.
  t.false((await sameBothWays(t, path, bearer, 'HEAD')).tookIt, 'HEAD');
  t.is((await sameBothWays(t, path)).answer.status, 401);
  t.is((await sameBothWays(t, path, { Authorization: 'Bearer not-a-session' })).answer.status, 401);
  t.false((await sameBothWays(t, `${path}/`, bearer)).tookIt, 'a trailing slash goes to the router');

  // Signing out ends it at once, on this node too: the next call is a 401 from the middleware.
  const ended = sessionCache.changed(member.user.id);
  t.is((await clientAs(testApp, member).post('/api/auth/logout', {})).status, 200);
  await ended;
  const signedOut = await sameBothWays(t, path, bearer);
  t.false(signedOut.tookIt);
  t.is(signedOut.answer.status, 401);
});
