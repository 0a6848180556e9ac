/**
 * Invalidation lives in the database (migrations/20261129100000_one_change_channel.ts, src/db/changeWatch.ts): a
 * change made in plain SQL — as psql, a migration or a cascade makes it, no service involved — refreshes every kept
 * page that shows it on every node, and each node listens on exactly one connection. B is a second app on the same
 * database with its own change watch, so it hears what another process would: the trigger's notifications.
 */
import test, { type ExecutionContext } from 'ava';
import { clientAs, startSecondNode, startTestApp, type TestApp } from '../helpers/app';
import { needsPostgresServer } from '../helpers/postgresServer';
import { countQueries } from '../helpers/queries';
import { createProfileFor } from '../helpers/profiles';
import { createUser, type CreatedUser } from '../helpers/users';

let a: TestApp;
let b: TestApp;

test.before(async () => {
  a = await startTestApp({ rateLimitsEnabled: false });
  b = await startSecondNode(a);
});
test.after.always(async () => {
  await b?.close();
  await a?.close();
});

// A second node on the same database needs a server: the embedded database serves one process.
const serverOnly = needsPostgresServer(test.serial, 'a second node hears changes only through a Postgres server');

const html = { headers: { Accept: 'text/html' } };

/** Node B's page for `viewer`, read twice: the second answer must come from what B keeps (no query at all). */
async function keptOnB(t: ExecutionContext, viewer: CreatedUser | null, path: string): Promise<string> {
  t.is((await clientAs(b, viewer).get(path, html)).status, 200, path);
  const again = await countQueries(a.db, () => clientAs(b, viewer).get(path, html));
  t.is(again.queries, 0, `${path} is kept on node B`);
  return again.result.text;
}

/** Node B's page once it has heard every change committed so far. */
async function onBAfterHearing(viewer: CreatedUser | null, path: string): Promise<string> {
  await b.caughtUp();
  return (await clientAs(b, viewer).get(path, html)).text;
}

const userMenu = (page: string) => /<details[^>]*data-testid="user-menu".*?<\/details>/s.exec(page)?.[0] ?? '';

serverOnly(
  'a list item, an endorsement and a user’s name changed in plain SQL change every kept page on node B',
  async (t) => {
    const owner = await createUser({ name: 'Plain Owner' });
    const profile = await createProfileFor(owner, { profileStatus: 'live' });
    const added = await clientAs(a, owner).post(`/api/profiles/${profile.id}/timeline`, {
      year: '2015',
      event: 'Event before SQL',
      type: 'hired',
      visibility: 'public',
    });
    t.is(added.status, 201);
    const skill = await clientAs(a, owner).post(`/api/profiles/${profile.id}/skills`, {
      name: 'Rope rescue',
      category: 'firefighter',
      level: 'expert',
      visibility: 'public',
    });
    t.is(skill.status, 201);
    // An endorser without a live profile: the skill shows their account name.
    const endorser = await createUser({ name: 'Endorser Before' });
    await a.db.raw(
      `insert into skill_endorsements (skill_id, endorser_id, status, comment) values (?, ?, 'approved', 'Comment before')`,
      [skill.body.id as number, endorser.user.id],
    );
    const member = await createUser({ name: 'Member Before' });

    const main = `/profiles/${profile.id}/public`;
    const skills = `/profiles/${profile.id}/public?widget=skills`;
    await b.caughtUp();
    t.true((await keptOnB(t, null, main)).includes('Event before SQL'));
    t.true((await keptOnB(t, member, main)).includes('Event before SQL'));
    const skillsBefore = await keptOnB(t, null, skills);
    t.true(skillsBefore.includes('Endorser Before'));
    t.true(skillsBefore.includes('Comment before'));
    t.true(userMenu(await keptOnB(t, member, skills)).includes('Member Before'));

    await a.db.raw(`update profile_timeline set event = 'Event after SQL' where id = ?`, [added.body.id as number]);
    for (const viewer of [null, member]) {
      const page = await onBAfterHearing(viewer, main);
      t.true(page.includes('Event after SQL'), `the item, ${viewer ? 'member' : 'visitor'}`);
      t.false(page.includes('Event before SQL'));
    }

    await a.db.raw(`update skill_endorsements set comment = 'Comment after' where endorser_id = ?`, [endorser.user.id]);
    const commented = await onBAfterHearing(null, skills);
    t.true(commented.includes('Comment after'), 'the endorsement');
    t.false(commented.includes('Comment before'));

    await a.db.raw(`update users set name = 'Endorser After' where id = ?`, [endorser.user.id]);
    const renamed = await onBAfterHearing(null, skills);
    t.true(renamed.includes('Endorser After'), 'the endorser’s name on the profile they endorsed');
    t.false(renamed.includes('Endorser Before'));

    await a.db.raw(`update users set name = 'Member After' where id = ?`, [member.user.id]);
    const menu = userMenu(await onBAfterHearing(member, skills));
    t.true(menu.includes('Member After'), 'the member’s own name in their menu');
    t.false(menu.includes('Member Before'));
  },
);

serverOnly('each node opens exactly one LISTEN connection, whatever its caches', async (t) => {
  // Every cache of both nodes is on and listening: profile pages, sessions, department reads.
  t.true(a.config.pageCache && a.config.sessionCache && a.config.departmentCache);
  t.true(a.changes.listening);
  t.true(b.changes.listening);
  const listening = async () => {
    const { rows } = (await a.db.raw(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
    )) as { rows: Array<{ n: number }> };
    return rows[0]!.n;
  };
  // A connection closed by the helpers' own restart may take a moment to leave pg_stat_activity.
  const deadline = Date.now() + 4000;
  while ((await listening()) !== 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  t.is(await listening(), 2, 'two nodes, two connections');
});
