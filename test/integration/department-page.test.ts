/**
 * A department's page (docs/decisions/verified-membership.md): registry facts, only verified + listed live profiles (no count of anyone
 * else), canonical slug redirect, no script, JSON-LD, and a kept page that changes at once with what it shows.
 */
import test from 'ava';
import { startTestApp, clientAs, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { conditionalGet } from '../helpers/conditionalGet';
import { departmentSlug } from '../../src/validation/verifiedBadge';
import { VERIFICATION_MESSAGES } from '../../src/validation/verification';

let app: TestApp;
let department: { id: number; name: string; fdid: string; dept_type: string | null; stations: number | null };
let boss: CreatedUser;
let verifier: CreatedUser;

test.before(async () => {
  app = await startTestApp();
  department = (await app
    .db('departments')
    .where('verification_status', 'verified')
    .whereNotNull('dept_type')
    .whereNotNull('website')
    .orderBy('id')
    .first('id', 'name', 'fdid', 'dept_type', 'stations', 'website')) as typeof department;
  boss = await createUser({ role: 'admin' });
  verifier = await createUser();
  await clientAs(app, boss).post('/api/admin/department-verifiers', {
    departmentId: department.id,
    userId: verifier.user.id,
  });
});
test.after.always(async () => {
  await app?.close();
});

const path = () => `/departments/${department.id}-${departmentSlug(department.name)}`;

/** A member with a live profile, linked to the department; verified and listed as asked. */
async function member(name: string, options: { verified: boolean; listed: boolean; status?: 'live' | 'draft' }) {
  const account = await createUser({ name });
  const client = clientAs(app, account);
  const link = await client.post('/api/departments/user', { departmentId: department.id });
  const profile = await createProfileFor(account, {
    name,
    rank: 'Lieutenant',
    profileStatus: options.status ?? 'live',
  });
  if (options.verified) {
    await client.post(`/api/departments/user/${link.body.id}/verification`);
    const pending = (await clientAs(app, verifier).get('/api/verifications')).body.find(
      (r: { member: { id: number } }) => r.member.id === account.user.id,
    );
    const approved = await clientAs(app, verifier).post(`/api/verifications/${pending.id}/decision`, {
      decision: 'approve',
    });
    if (approved.status !== 200) throw new Error(approved.text);
  }
  if (options.listed) {
    const listed = await client.patch(`/api/departments/user/${link.body.id}/listing`, { listed: true });
    if (listed.status !== 200) throw new Error(listed.text);
  }
  return { account, client, linkId: link.body.id as number, profile };
}

test.serial(
  'the page shows the registry facts and only verified, listed, live members; no script; JSON-LD',
  async (t) => {
    const listed = await member('Alex Listed', { verified: true, listed: true });
    await member('Una Unlisted', { verified: true, listed: false });
    await member('Vic Unverified', { verified: false, listed: false });
    await member('Dee Draft', { verified: true, listed: true, status: 'draft' });

    // Listing needs a verification.
    const unverified = await member('Ned Notyet', { verified: false, listed: false });
    const refused = await unverified.client.patch(`/api/departments/user/${unverified.linkId}/listing`, {
      listed: true,
    });
    t.is(refused.status, 409);
    t.is(refused.body.error, VERIFICATION_MESSAGES.onlyVerifiedListed);

    const page = await app.client().get(path());
    t.is(page.status, 200);
    const html = page.text;
    t.true(html.includes(department.fdid));
    if (department.dept_type) t.true(html.includes(department.dept_type));
    t.true(html.includes('Alex Listed'));
    t.true(html.includes(`href="/profiles/${listed.profile.id}/public"`));
    t.true(html.includes('Lieutenant'));
    for (const hidden of ['Una Unlisted', 'Vic Unverified', 'Dee Draft', 'Ned Notyet'])
      t.false(html.includes(hidden), hidden);
    // No count of members anywhere (the page shows one member, and says nothing of the others).
    t.notRegex(html, /\b[2-9]\d* (verified )?members\b/i);
    // No script: the only <script> is the JSON-LD.
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    t.deepEqual(scripts, ['<script type="application/ld+json">']);
    const jsonld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
    t.true(['Organization', 'FireStation'].includes(jsonld['@type']));
    t.is(jsonld.name, department.name);
    t.deepEqual(
      jsonld.member.map((m: { name: string }) => m.name),
      ['Alex Listed'],
    );
    // A signed-in member sees the same list.
    const asMember = await clientAs(app, unverified.account).get(path());
    t.is(asMember.status, 200);
    t.true(asMember.text.includes('Alex Listed'));
    t.false(asMember.text.includes('Una Unlisted'));
  },
);

test.serial(
  'the address: /departments/{id} and an old slug redirect (301) to the canonical one; unknown → 404',
  async (t) => {
    const bare = await app.client().get(`/departments/${department.id}`);
    t.is(bare.status, 301);
    t.is(bare.headers.get('location'), path());
    const wrong = await app.client().get(`/departments/${department.id}-some-old-name`);
    t.is(wrong.status, 301);
    t.is((await app.client().get('/departments/99999999')).status, 404);
    t.is((await app.client().get('/departments/abc')).status, 404);
    const rejected = await app
      .db('departments')
      .insert({ name: 'Nope FD', city: 'X', state: 'TX', source: 'user_added', verification_status: 'pending' })
      .returning('id');
    t.is((await app.client().get(`/departments/${(rejected[0] as { id: number }).id}`)).status, 404);
  },
);

test.serial('the kept page changes at once: a listing switched off, a revocation, a rank change', async (t) => {
  const one = await member('Robin Rankchange', { verified: true, listed: true });
  const two = await member('Sam Switchoff', { verified: true, listed: true });
  const first = await app.client().get(path());
  t.true(first.text.includes('Robin Rankchange') && first.text.includes('Sam Switchoff'));
  const etag = first.headers.get('etag')!;
  t.is((await conditionalGet(app.baseUrl + path(), etag)).status, 304);

  await two.client.patch(`/api/departments/user/${two.linkId}/listing`, { listed: false });
  const second = await app.client().get(path());
  t.false(second.text.includes('Sam Switchoff'));
  t.is((await conditionalGet(app.baseUrl + path(), etag)).status, 200);

  const updated = await one.client.patch(`/api/profiles/${one.profile.id}`, { rank: 'Battalion Chief' });
  t.is(updated.status, 200, updated.text);
  t.true((await app.client().get(path())).text.includes('Battalion Chief'));

  const request = await app
    .db('membership_verifications')
    .where({ user_id: one.account.user.id, status: 'approved' })
    .first('id');
  await clientAs(app, boss).post(`/api/admin/verifications/${request.id}/revoke`, { reason: 'Left.' });
  t.false((await app.client().get(path())).text.includes('Robin Rankchange'));
});

test.serial('a profile links its department to the department page', async (t) => {
  const owner = await member('Pat Profile', { verified: false, listed: false });
  await app
    .db('profiles')
    .where('id', owner.profile.id)
    .update({ department_id: department.id, department: department.name });
  const page = await app.client().get(`/profiles/${owner.profile.id}`);
  t.true(page.text.includes(`href="${path()}"`));
  const doc = await app.client().get(`/api/profiles/${owner.profile.id}`);
  t.is(doc.body.departmentPage, path());
});
