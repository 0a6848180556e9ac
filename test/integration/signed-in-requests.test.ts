/**
 * A signed-in GET whose session this node keeps is answered without koa-session (docs/decisions/session-cache.md,
 * `sessionAndUser` in src/http/session.ts): the same answer as the full path — bearer or cookie, API or page —
 * and the full path whenever koa-session would do something: a session due for renewal (a new cookie and a
 * later expiry), one whose own expiry has passed (signed out), one holding more than the sign-in (a flash), and
 * every write. "Full path" is observed as the session store being read (SessionCache.find).
 */
import test from 'ava';
import { SessionCache } from '../../src/services/sessionCache';
import { hashToken } from '../../src/services/tokens';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';

/** A session cache that counts its full reads (koa-session's store.get goes through find). */
class CountingSessionCache extends SessionCache {
  finds = 0;
  override find(token: string) {
    this.finds += 1;
    return super.find(token);
  }
}

let app: TestApp;
let uncached: TestApp;
let cache: CountingSessionCache;

test.before(async () => {
  const first = await startTestApp({ rateLimitsEnabled: false, sessionCache: false });
  uncached = first;
  cache = new CountingSessionCache(true, first.changes);
  app = await startTestApp({ rateLimitsEnabled: false }, first.database, {
    sessionCache: cache,
    changes: first.changes,
  });
});
test.after.always(async () => {
  await app?.close();
  cache?.close();
  await uncached?.close();
});

async function until(condition: () => Promise<boolean> | boolean, ms = 4000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

/** Reads until the session is kept: a read that no longer goes to the store. */
async function keep(read: () => Promise<unknown>): Promise<void> {
  await until(async () => {
    const before = cache.finds;
    await read();
    return cache.finds === before;
  });
}

/** What a client sees, less what differs on every answer. */
function seen(on: TestApp, res: { status: number; headers: Headers; text: string }) {
  const headers = Object.fromEntries(
    [...res.headers].filter(([name]) => !['date', 'x-request-id', 'content-length', 'etag'].includes(name)),
  );
  const body = res.text
    .replaceAll(on.baseUrl, 'BASE')
    .replaceAll(new URL(on.baseUrl).host, 'HOST')
    .replace(/nonce-[^']+'/g, "nonce-…'")
    .replace(/nonce="[^"]+"/g, 'nonce="…"');
  return { status: res.status, headers, body };
}

test.serial('a bearer GET from a kept session answers as the full path does, without reading the store', async (t) => {
  const member = await createUser({ name: 'Kept Bearer' });
  const fast = clientAs(app, member);
  await keep(() => fast.get('/api/auth/me'));
  for (const path of ['/api/auth/me', '/api/departments/user', '/api/auth/sessions']) {
    const before = cache.finds;
    const answer = await fast.get(path);
    t.is(cache.finds, before, `${path}: no store read`);
    t.is(answer.status, 200, path);
    t.deepEqual(seen(app, answer), seen(uncached, await clientAs(uncached, member).get(path)), path);
  }
});

test.serial('a cookie GET from a kept session: the same page and no Set-Cookie, as on the full path', async (t) => {
  const member = await createUser({ name: 'Kept Cookie' });
  const fast = app.client();
  t.is((await fast.post('/api/auth/login', { email: member.user.email, password: member.password })).status, 200);
  const full = uncached.client();
  for (const [name, value] of fast.cookies) full.cookies.set(name, value);
  await keep(() => fast.get('/api/auth/me'));
  for (const path of ['/api/auth/me', '/account-settings']) {
    const before = cache.finds;
    const answer = await fast.get(path, {
      headers: { Accept: path.startsWith('/api') ? 'application/json' : 'text/html' },
    });
    t.is(cache.finds, before, `${path}: no store read`);
    t.is(answer.status, 200, path);
    t.is(answer.headers.get('set-cookie'), null, path);
    const other = await full.get(path, {
      headers: { Accept: path.startsWith('/api') ? 'application/json' : 'text/html' },
    });
    t.deepEqual(seen(app, answer), seen(uncached, other), path);
  }
});

test.serial(
  'a read with no cookie and no token: signed out, no session made, and a sign-in still starts one',
  async (t) => {
    const sessionsBefore = Number((await app.db('sessions').count({ n: '*' }).first())?.n);
    const visitor = app.client();
    for (const [path, status] of [
      ['/login', 200],
      ['/api/auth/me', 401],
      ['/', 200],
    ] as const) {
      const answer = await visitor.get(path, {
        headers: { Accept: path.startsWith('/api') ? 'application/json' : 'text/html' },
      });
      t.is(answer.status, status, path);
      t.is(answer.headers.get('set-cookie'), null, `${path}: no cookie`);
    }
    t.is(Number((await app.db('sessions').count({ n: '*' }).first())?.n), sessionsBefore, 'no session stored');
    const member = await createUser({ name: 'Signs In After Reading' });
    t.is((await visitor.post('/api/auth/login', { email: member.user.email, password: member.password })).status, 200);
    t.is((await visitor.get('/api/auth/me', { headers: { Accept: 'application/json' } })).status, 200, 'signed in');
  },
);

test.serial('a session due for renewal is renewed, with a new cookie, kept or not', async (t) => {
  const member = await createUser({ name: 'Due For Renewal' });
  const client = app.client();
  t.is((await client.post('/api/auth/login', { email: member.user.email, password: member.password })).status, 200);
  await keep(() => client.get('/api/auth/me'));
  const tokenHash = hashToken(client.cookies.get('turnout.sid')!);
  const { data } = (await app.db('sessions').where({ tokenHash }).first()) as { data: Record<string, unknown> };
  const maxAge = app.config.sessionMaxAgeMs;
  const soon = Date.now() + maxAge / 4; // within half the max age: koa-session renews
  const dropped = cache.changed(member.user.id);
  await app
    .db('sessions')
    .where({ tokenHash })
    .update({ data: { ...data, _expire: soon, _maxAge: maxAge }, expiresAt: new Date(soon + 10_000) });
  await dropped;
  const answer = await client.get('/api/auth/me');
  t.is(answer.status, 200);
  t.truthy(answer.headers.get('set-cookie'), 'a renewed cookie');
  const renewed = (await app.db('sessions').where({ tokenHash }).first()) as { expiresAt: Date };
  t.true(new Date(renewed.expiresAt).getTime() > soon + maxAge / 2, 'expiry moved on');
});

test.serial('a session past its own expiry is not signed in, kept or not', async (t) => {
  const member = await createUser({ name: 'Past Expiry' });
  await keep(() => clientAs(app, member).get('/api/auth/me'));
  await app
    .db('sessions')
    .where('tokenHash', hashToken(member.token))
    .update({ data: { userId: member.user.id, _expire: Date.now() - 1000, _maxAge: 60_000 } });
  t.true(await until(async () => (await clientAs(app, member).get('/api/auth/me')).status === 401));
  t.is((await clientAs(uncached, member).get('/api/auth/me')).status, 401);
});

test.serial('a session holding a flash takes the full path, so taking the flash can change it', async (t) => {
  const member = await createUser({ name: 'Holds A Flash' });
  await app
    .db('sessions')
    .where('tokenHash', hashToken(member.token))
    .update({ data: { userId: member.user.id, flash: { note: 'once' } } });
  await clientAs(app, member).get('/api/auth/me');
  await clientAs(app, member).get('/api/auth/me'); // kept by now (or still read): either way the store is read
  const before = cache.finds;
  t.is((await clientAs(app, member).get('/api/auth/me')).status, 200);
  t.true(cache.finds > before);
});

test.serial('a write from a kept session goes through koa-session: signing out ends it', async (t) => {
  const member = await createUser({ name: 'Signs Out' });
  await keep(() => clientAs(app, member).get('/api/auth/me'));
  t.is((await clientAs(app, member).post('/api/auth/logout', {})).status, 200);
  t.is((await clientAs(app, member).get('/api/auth/me')).status, 401);
});
