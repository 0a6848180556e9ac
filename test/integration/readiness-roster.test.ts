/**
 * The officer's roster (docs/decisions/department-readiness.md): the page and its CSV send the same number of
 * queries at 3 and at 40 sharing members, at most five, counted on a warm app with knex's `query` event; Attest
 * goes back to the page and filters the officer was on.
 */
import test from 'ava';
import type { Knex } from 'knex';
import { startTestApp, clientAs, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { verifyMember } from '../helpers/verification';
import { createProfileFor } from '../helpers/profiles';
import { queriesOf } from '../helpers/queries';
import { sharingMember } from '../helpers/readiness';

let app: TestApp;
let departmentId: number;
let officer: CreatedUser;

test.before(async () => {
  app = await startTestApp({ logLevel: process.env.READINESS_LOG ?? 'silent' });
  departmentId = (
    (await app
      .db('departments')
      .where('verification_status', 'verified')
      .orderBy('id')
      .limit(1)
      .pluck('id')) as number[]
  )[0]!;
  const catalogue = (await app.db('credential_catalogue').orderBy('name').limit(2).pluck('name')) as string[];
  await app
    .db('position_requirements')
    .insert({ department_id: departmentId, name: 'Engineer', credentials: catalogue });
  officer = await createUser({ name: 'Counting Officer' });
  await app.db('department_officers').insert({ department_id: departmentId, user_id: officer.user.id });
});
test.after.always(async () => {
  await app?.close();
});

/** Members `from`..`to - 1`, verified, sharing everything, each with a certification, a license and training. */
async function addMembers(db: Knex, from: number, to: number) {
  for (let i = from; i < to; i++) {
    const [user] = (await db('users')
      .insert({
        name: `Counted ${i}`,
        email: `counted.${i}@queries.example.org`,
        username: `counted-${i}`,
        password_hash: 'not-a-real-hash',
        role: 'user',
        is_active: true,
      })
      .returning('id')) as Array<{ id: number }>;
    const [profile] = (await db('profiles')
      .insert({
        user_id: user!.id,
        name: `Counted ${i}`,
        rank: 'Firefighter',
        department_id: departmentId,
        department: 'Counted FD',
        profile_status: 'live',
      })
      .returning('id')) as Array<{ id: number }>;
    await db('user_departments').insert({ user_id: user!.id, department_id: departmentId, is_primary: true });
    await db('membership_verifications').insert({
      user_id: user!.id,
      department_id: departmentId,
      status: 'approved',
      decided_at: new Date(),
    });
    await db('readiness_consents').insert({
      user_id: user!.id,
      department_id: departmentId,
      kinds: ['certifications', 'licenses', 'trainingHours', 'readinessDates'],
    });
    const item = { profile_id: profile!.id, position: 0, visibility: 'private', show_on_main_profile: true };
    await db('profile_certifications').insert({
      ...item,
      name: `EMT ${i}`,
      issuer: 'NREMT',
      year: 2024,
      expires: 2099,
    });
    await db('profile_licenses').insert({
      ...item,
      name: `Driver ${i}`,
      type: 'State',
      issued: '01/2020',
      expires: '01/2099',
      status: 'active',
    });
    await db('profile_training').insert({
      ...item,
      topic: `Drill ${i}`,
      date: `${new Date().getUTCFullYear()}-02-0${1 + (i % 9)}`,
      category: 'hazmat',
      hours: 2,
    });
    await db('profile_readiness_dates').insert({ ...item, kind: 'fit_test', date: '2026-01-15' });
  }
  await app.caughtUp();
}

async function counts() {
  const client = clientAs(app, officer);
  const counted = async (path: string) => {
    await client.get(path); // the session read is kept after the first request
    const { result, sql } = await queriesOf(app.db, () => client.get(path));
    return { status: result.status, text: result.text, sql };
  };
  return {
    page: await counted(`/departments/${departmentId}/readiness`),
    csv: await counted(`/departments/${departmentId}/readiness.csv`),
  };
}

test.serial('the roster page and its CSV: the same queries at 3 and at 40 members, at most five', async (t) => {
  await addMembers(app.db, 0, 3);
  const small = await counts();
  t.is(small.page.status, 200);
  t.true(small.page.text.includes('Counted 2'));
  t.true(small.csv.text.includes('Driver 2'));
  await addMembers(app.db, 3, 40);
  const large = await counts();
  t.true(large.page.text.includes('Counted 39'));
  t.true(large.csv.text.includes('EMT 39'));
  t.regex(large.csv.text, /through 2027-01-1\d/, 'the shared readiness dates are read in the same queries');
  t.is(large.page.sql.length, small.page.sql.length, large.page.sql.join('\n'));
  t.is(large.csv.sql.length, small.csv.sql.length, large.csv.sql.join('\n'));
  t.true(large.page.sql.length <= 5, large.page.sql.join('\n'));
  t.true(large.csv.sql.length <= 5, large.csv.sql.join('\n'));
});

/** The first Attest form's fields on a roster page, as a browser would post them. */
function firstAttestForm(html: string): Array<[string, string]> {
  const form = /<form[^>]*>((?:(?!<\/form>).)*?name="intent" value="attest".*?)<\/form>/s.exec(html);
  if (!form) throw new Error('no Attest form on the page');
  return [...form[1]!.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]);
}

test.serial('Attest goes back to the roster page and filters it was posted from', async (t) => {
  await addMembers(app.db, 40, 60); // past one page of 50
  const client = clientAs(app, officer);
  const where = `/departments/${departmentId}/readiness?state=current&page=2`;
  const page = await client.get(where);
  t.is(page.status, 200);
  t.regex(page.text, /Members 51–\d+ of/);
  const fields = firstAttestForm(page.text);
  t.deepEqual(
    fields.filter(([name]) => ['state', 'page', 'position'].includes(name)),
    [
      ['state', 'current'],
      ['page', '2'],
    ],
  );
  const posted = await client.postForm(`/departments/${departmentId}/readiness`, fields);
  t.is(posted.status, 303);
  t.is(
    new URL(posted.headers.get('location')!, app.baseUrl).pathname +
      new URL(posted.headers.get('location')!, app.baseUrl).search,
    where,
  );
  const back = await client.get(where);
  t.true(back.text.includes('Attested by'), 'the badge shows on the page the officer stayed on');
  // From the first page without filters the answer is the plain roster, as before.
  const first = firstAttestForm((await client.get(`/departments/${departmentId}/readiness`)).text);
  t.false(first.some(([name]) => name === 'page' || name === 'state'));
  const plain = await client.postForm(`/departments/${departmentId}/readiness`, first);
  t.is(plain.status, 303);
  t.regex(plain.headers.get('location')!, new RegExp(`/departments/${departmentId}/readiness#`));
});

test.serial(
  'a department renamed with plain SQL: its attestation badges on kept profile pages say the new name',
  async (t) => {
    const shared = await sharingMember(app, 'Renamed Badge', departmentId);
    const leaver = await sharingMember(app, 'Left Since', departmentId);
    for (const member of [shared, leaver]) {
      t.is(
        (await member.client.request('PUT', `/api/departments/${departmentId}/sharing`, { kinds: ['certifications'] }))
          .status,
        200,
      );
      const attested = await clientAs(app, officer).post(`/api/departments/${departmentId}/attestations`, {
        list: 'certifications',
        itemId: member.certId,
      });
      t.is(attested.status, 201);
    }
    // The second member's membership has ended since and their profile names another department: the attestation
    // stays, and so does its badge.
    await app.db('membership_verifications').where({ user_id: leaver.account.user.id }).update({ status: 'revoked' });
    const elsewhere = (await app
      .db('departments')
      .whereNot({ id: departmentId })
      .orderBy('id')
      .first('id', 'name')) as {
      id: number;
      name: string;
    };
    await app
      .db('profiles')
      .where({ id: leaver.profile.id })
      .update({ department_id: elsewhere.id, department: elsewhere.name });
    await app.caughtUp();
    const visitor = clientAs(app, null);
    const publicPage = async (username: string) => {
      const first = await visitor.get(`/${username}`);
      return first.status === 200 ? first : visitor.get(first.headers.get('location')!);
    };
    const before = (await app.db('departments').where({ id: departmentId }).first('name')) as { name: string };
    for (const member of [shared, leaver]) {
      t.true((await publicPage(member.account.user.username!)).text.includes(`Attested by ${before.name}`)); // kept now
    }
    await app.db.raw('update departments set name = ? where id = ?', ['Renamed County Fire Rescue', departmentId]);
    await app.caughtUp();
    for (const member of [shared, leaver]) {
      const page = await publicPage(member.account.user.username!);
      t.is(page.status, 200);
      t.true(page.text.includes('Attested by Renamed County Fire Rescue'), member.account.user.name);
      t.false(page.text.includes(`Attested by ${before.name}`));
    }
    // The officer's menu names the department as it is called now.
    t.true(
      (await clientAs(app, officer).get('/account-settings')).text.includes('Readiness: Renamed County Fire Rescue'),
    );
    await app.db.raw('update departments set name = ? where id = ?', [before.name, departmentId]);
    await app.caughtUp();
  },
);

test.serial('an officer’s way in: the user menu links each roster they read; nobody else gets one', async (t) => {
  const name = ((await app.db('departments').where({ id: departmentId }).first('name')) as { name: string }).name;
  const link = `href="/departments/${departmentId}/readiness"`;
  const candidate = await createUser({ name: 'Future Officer' });
  const client = clientAs(app, candidate);
  const before = await client.get('/account-settings');
  t.is(before.status, 200);
  t.false(before.text.includes('/readiness"'), 'no roster link before the role');
  // Another member's profile page, seen before the role: its tag names the menu it showed.
  const owner = await createUser({ name: 'Menu Owner' });
  const profile = await createProfileFor(owner, { name: 'Menu Owner', defaultVisibility: 'public' } as never);
  // A browser's revalidation; fetch would add `Cache-Control: no-cache` to a conditional request without one.
  const memberPage = (headers: Record<string, string> = {}) =>
    client.get(`/profiles/${profile.id}/public`, {
      headers: { Accept: 'text/html', 'Cache-Control': 'max-age=0', ...headers },
    });
  const seen = await memberPage();
  t.false(seen.text.includes('/readiness"'));
  const seenTag = seen.headers.get('etag')!;
  t.is((await memberPage({ 'If-None-Match': seenTag })).status, 304, 'nothing changed yet');
  // Granted with plain SQL: the kept session hears it like any other change.
  await app.db('department_officers').insert({ department_id: departmentId, user_id: candidate.user.id });
  await app.caughtUp();
  const after = await client.get('/account-settings');
  t.true(after.text.includes(link));
  t.true(after.text.includes(`Readiness: ${name}`));
  t.is((await client.get(`/departments/${departmentId}/readiness`)).status, 200);
  // The page the browser kept showed the old menu: its tag no longer answers 304, and the page has the link,
  // whether rendered by the route or answered from what the node keeps.
  const again = await memberPage({ 'If-None-Match': seenTag });
  t.is(again.status, 200, 'a new menu is a new tag');
  t.true(again.text.includes(link));
  await app.db('profiles').where({ id: profile.id }).update({ motto: 'A new version to render' });
  await app.caughtUp();
  for (const view of ['rendered', 'kept']) {
    const page = await memberPage();
    t.is(page.status, 200, view);
    t.true(page.text.includes(link), `the roster link in the menu of a member's page, ${view}`);
  }
  // A verified member of the same department who shares is no officer: no link, and the roster is refused.
  const member = await createUser({ name: 'Plain Member' });
  await verifyMember(member.user.id, departmentId);
  const memberClient = clientAs(app, member);
  t.false((await memberClient.get('/account-settings')).text.includes('/readiness"'));
  t.is((await memberClient.get(`/departments/${departmentId}/readiness`)).status, 403);
  // The role removed: the link goes with it.
  await app.db('department_officers').where({ user_id: candidate.user.id }).delete();
  await app.caughtUp();
  t.false((await client.get('/account-settings')).text.includes(link));
});
