/**
 * Signed-in requests are answered from each node's session cache (src/services/sessionCache.ts), and revocation
 * still ends a session everywhere at once: node B keeps what it read, node A revokes (sign-out, password change,
 * deactivation, deletion, role change), and B refuses — or sees the new role — as soon as the database's
 * notification reaches it. B is a second app on the same database with its own change watch (its own LISTEN
 * connection), so it learns what another process would: through Postgres.
 */
import test, { type ExecutionContext } from 'ava';
import { Model } from 'objection';
import { inTransaction } from '../../src/db/transaction';
import { User } from '../../src/models/User';
import { SessionCache } from '../../src/services/sessionCache';
import { saveSession } from '../../src/services/sessions';
import { randomToken } from '../../src/services/tokens';
import { clientAs, startSecondNode, startTestApp, type TestApp } from '../helpers/app';
import { needsPostgresServer } from '../helpers/postgresServer';
import { countQueries } from '../helpers/queries';
import { createProfileFor } from '../helpers/profiles';
import { createUser } from '../helpers/users';
import { reauthenticate } from '../helpers/stepUp';
import { twoDepartments, verifyMember } from '../helpers/verification';

let a: TestApp;
let b: TestApp;
let cacheB: SessionCache;

test.before(async () => {
  a = await startTestApp({ rateLimitsEnabled: false });
  b = await startSecondNode(a, (changes) => ({ sessionCache: (cacheB = new SessionCache(true, changes)) }));
});
test.after.always(async () => {
  await b?.close();
  await a?.close();
});

/** The number of database queries a request made (both apps share the pool). */
async function queriesDuring(request: () => Promise<unknown>): Promise<number> {
  return (await countQueries(a.db, request)).queries;
}

const me = (app: TestApp, token: string) => clientAs(app, { token }).get('/api/auth/me');

async function anotherSession(userId: number): Promise<string> {
  const token = randomToken();
  await inTransaction(Model.knex(), (trx) =>
    saveSession(trx, null, { token, userId, data: {}, maxAgeMs: 24 * 60 * 60 * 1000 }),
  );
  return token;
}

test.serial('a signed-in request is answered from the session cache: no query for the session or user', async (t) => {
  const member = await createUser();
  t.is((await me(a, member.token)).status, 200);
  t.is(await queriesDuring(() => me(a, member.token).then((res) => t.is(res.status, 200))), 0);
});

test.serial('each read of a kept session gets its own user: a request changing it changes nothing kept', async (t) => {
  const member = await createUser({ name: 'Kept As Read' });
  const cache = new SessionCache(true, a.changes);
  try {
    await cache.find(member.token); // read and kept (once the cache listens)
    await until(async () => (await queriesDuring(() => cache.find(member.token))) === 0);
    const first = (await cache.find(member.token))!;
    first.user.name = 'Changed By A Request';
    const second = (await cache.find(member.token))!;
    t.is(second.user.name, 'Kept As Read');
    t.true(second.user instanceof User, 'still a User model');
    t.is(second.user.id, member.user.id);
  } finally {
    cache.close();
  }
});

async function until(condition: () => Promise<boolean>, ms = 4000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
}

test.serial('signing out ends the session at once on the node that signed out', async (t) => {
  const member = await createUser();
  t.is((await me(a, member.token)).status, 200);
  t.is((await me(a, member.token)).status, 200, 'kept');
  t.is((await clientAs(a, member).post('/api/auth/logout')).status, 200);
  t.is((await me(a, member.token)).status, 401, 'refused on the very next request');
});

const serverOnly = needsPostgresServer(test.serial, 'a second node hears changes only through a Postgres server');

/** Warms B with `token`, proving B then answers it from memory. */
async function keptByB(t: ExecutionContext, token: string): Promise<void> {
  t.is((await me(b, token)).status, 200);
  t.is(await queriesDuring(() => me(b, token)), 0, 'node B answers from its cache');
}

serverOnly('a session signed out on one node is refused by the other as soon as it hears', async (t) => {
  const member = await createUser();
  await keptByB(t, member.token);
  const heard = cacheB.changed(member.user.id);
  t.is((await clientAs(a, member).post('/api/auth/logout')).status, 200);
  await heard;
  t.is((await me(b, member.token)).status, 401);
});

serverOnly('a password change on one node ends the other sessions on every node', async (t) => {
  const member = await createUser();
  // The change needs a recent proof (docs/api.md "Step-up"); node B hears it before anything is asserted.
  await reauthenticate(clientAs(a, member), member.password);
  await b.caughtUp();
  const elsewhere = await anotherSession(member.user.id);
  await keptByB(t, elsewhere);
  await keptByB(t, member.token);
  const heard = cacheB.changed(member.user.id);
  const changed = await clientAs(a, member).patch('/api/auth/change-password', {
    currentPassword: member.password,
    newPassword: 'a-brand-new-passphrase',
    confirmPassword: 'a-brand-new-passphrase',
  });
  t.is(changed.status, 200, JSON.stringify(changed.body));
  await heard;
  t.is((await me(b, elsewhere)).status, 401, 'the other session is over on node B');
  t.is((await me(b, member.token)).status, 200, 'the session that changed it stays signed in');
});

serverOnly('deactivation and deletion by an admin on one node end the sessions on the other', async (t) => {
  const admin = await createUser({ role: 'super_admin' });
  const deactivated = await createUser();
  const deleted = await createUser();
  await keptByB(t, deactivated.token);
  await keptByB(t, deleted.token);

  let heard = cacheB.changed(deactivated.user.id);
  const status = await clientAs(a, admin).patch(`/api/admin/users/${deactivated.user.id}/status`, { isActive: false });
  t.is(status.status, 200);
  await heard;
  t.is((await me(b, deactivated.token)).status, 401, 'deactivated');

  heard = cacheB.changed(deleted.user.id);
  t.is((await clientAs(a, admin).delete(`/api/admin/users/${deleted.user.id}`)).status, 204);
  await heard;
  t.is((await me(b, deleted.token)).status, 401, 'deleted');
});

serverOnly('a role change on one node is the role on the other as soon as it hears', async (t) => {
  const admin = await createUser({ role: 'super_admin' });
  const member = await createUser();
  await reauthenticate(clientAs(a, admin), admin.password); // a role grant needs a recent proof
  await b.caughtUp();
  t.is((await clientAs(b, member).get('/api/admin/stats')).status, 403);
  await keptByB(t, member.token);

  let heard = cacheB.changed(member.user.id);
  t.is((await clientAs(a, admin).patch(`/api/admin/users/${member.user.id}/role`, { role: 'admin' })).status, 200);
  await heard;
  t.is((await clientAs(b, member).get('/api/admin/stats')).status, 200, 'promoted');

  await keptByB(t, member.token);
  heard = cacheB.changed(member.user.id);
  t.is((await clientAs(a, admin).patch(`/api/admin/users/${member.user.id}/role`, { role: 'user' })).status, 200);
  await heard;
  t.is((await clientAs(b, member).get('/api/admin/stats')).status, 403, 'demoted');
});

serverOnly('a change made outside the app (plain SQL) reaches the cache through the database trigger', async (t) => {
  const member = await createUser();
  await keptByB(t, member.token);
  const heard = cacheB.changed(member.user.id);
  await a.db('sessions').where('user_id', member.user.id).delete();
  await heard;
  t.is((await me(b, member.token)).status, 401);
});

test.serial('a member with no profile of their own views a kept page with no query at all', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner, { profileStatus: 'live' });
  const member = await createUser();
  const page = () => clientAs(a, member).get(`/profiles/${profile.id}/public`);
  t.is((await page()).status, 200);
  t.is((await page()).status, 200, 'kept');
  let html = '';
  t.is(await queriesDuring(async () => (html = (await page()).text)), 0, 'no query for the session or own profile');
  t.true(html.includes('/create-profile'), 'the menu offers Create Profile');
});

serverOnly('making a profile on one node puts My Profile in the menu on the other as soon as it hears', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner, { profileStatus: 'live' });
  const member = await createUser();
  await keptByB(t, member.token);
  const page = () => clientAs(b, member).get(`/profiles/${profile.id}/public`);
  t.false((await page()).text.includes('My Profile'));
  const heard = cacheB.changed(member.user.id);
  const own = await createProfileFor(member);
  await heard;
  const html = (await page()).text;
  t.true(html.includes(`href="/profiles/${own.id}"`), 'node B’s menu links the new profile');
});

serverOnly(
  'a verification recorded elsewhere makes the member a colleague on the other node as soon as it hears, with no query on the kept page',
  async (t) => {
    const [department] = await twoDepartments();
    const owner = await createUser();
    const profile = await createProfileFor(owner, { profileStatus: 'live' });
    await verifyMember(owner.user.id, department);
    const skill = await clientAs(a, owner).post(`/api/profiles/${profile.id}/skills`, {
      name: 'Vehicle extrication',
      category: 'firefighter',
      level: 'expert',
    });
    t.is(skill.status, 201);
    const endorseLink = `/profiles/${profile.id}/skills/${skill.body.id as number}/endorse`;
    const member = await createUser();
    await keptByB(t, member.token);
    const page = () => clientAs(b, member).get(`/profiles/${profile.id}/public?widget=skills`);
    t.false((await page()).text.includes(endorseLink), 'not a colleague yet');

    const heard = cacheB.changed(member.user.id);
    await verifyMember(member.user.id, department); // plain SQL: only the trigger tells node B
    await heard;
    t.true((await page()).text.includes(endorseLink), 'a colleague now: the Endorse link');
    let html = '';
    t.is(await queriesDuring(async () => (html = (await page()).text)), 0, 'the colleagues’ kept page, no query');
    t.true(html.includes(endorseLink));
  },
);
