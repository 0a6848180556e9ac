/** Profiles API (spec 02 §7): create, read by id / own / username, update, status — and who may do what. */
import test from 'ava';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { anyDepartment, createProfileFor } from '../helpers/profiles';
import { PROFILE_MESSAGES, type ProfileJson } from '../../src/validation/profiles';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

const as = (account: CreatedUser | null) => clientAs(app, account);

test('create: the spec’s messages for each required field, and the department must be a picked one', async (t) => {
  const owner = await createUser();
  const department = await anyDepartment();
  const empty = await as(owner).post('/api/profiles', {});
  t.is(empty.status, 400);
  t.like(empty.body.fields, {
    name: PROFILE_MESSAGES.nameRequired,
    rank: PROFILE_MESSAGES.rankRequired,
    departmentId: PROFILE_MESSAGES.departmentRequired,
  });
  const shortName = await as(owner).post('/api/profiles', { name: 'J', rank: 'FF', departmentId: department.id });
  t.is(shortName.body.fields.name, PROFILE_MESSAGES.nameRequired);
  const badEmail = await as(owner).post('/api/profiles', {
    name: 'Jo Lee',
    rank: 'FF',
    departmentId: department.id,
    email: 'nope',
  });
  t.is(badEmail.body.fields.email, PROFILE_MESSAGES.invalidEmail);
  // Another user's pending department can be picked (docs/decisions/pending-departments.md); a rejected one cannot.
  const rejected = await app
    .db('departments')
    .insert({ name: 'Someone Else FD', city: 'X', state: 'TX', source: 'user_added', verificationStatus: 'rejected' })
    .returning('id');
  const notPickable = await as(owner).post('/api/profiles', {
    name: 'Jo Lee',
    rank: 'FF',
    departmentId: rejected[0].id,
  });
  t.is(notPickable.status, 404, 'a rejected department cannot be picked');
  t.is((await app.db('profiles').where('userId', owner.user.id)).length, 0, 'nothing was created');
});

test('create: answers the new profile (draft, public by default), links the department; one profile per user', async (t) => {
  const owner = await createUser({ name: 'Dana Whitfield' });
  const department = await anyDepartment();
  const res = await as(owner).post<ProfileJson>('/api/profiles', {
    name: 'Dana Whitfield',
    rank: 'Engineer',
    departmentId: department.id,
    email: 'Dana@Example.com',
    instagram: '@dana',
    userId: 99999,
  });
  t.is(res.status, 201);
  t.true(Number.isInteger(res.body.id));
  t.like(res.body, {
    userId: owner.user.id,
    name: 'Dana Whitfield',
    rank: 'Engineer',
    department: department.name,
    departmentId: department.id,
    email: 'dana@example.com',
    instagram: '@dana',
    profileStatus: 'draft',
    defaultVisibility: 'public',
    hiddenWidgets: [],
  });
  const links = await as(owner).get('/api/departments/user');
  t.deepEqual(
    links.body.map((l: { department: { id: number } }) => l.department.id),
    [department.id],
  );
  const again = await as(owner).post('/api/profiles', {
    name: 'Dana Whitfield',
    rank: 'Engineer',
    departmentId: department.id,
  });
  t.is(again.status, 409);
  t.is(again.body.error, PROFILE_MESSAGES.alreadyExists);
  const list = await as(owner).get('/api/profiles');
  t.deepEqual(list.body, [
    { id: res.body.id, userId: owner.user.id, username: null, profileStatus: 'draft', name: 'Dana Whitfield' },
  ]);
  t.is((await as(owner).get('/api/profiles/own')).body.id, res.body.id);
  t.is((await as(null).post('/api/profiles', {})).status, 401);
});

test('permissions: {visitor, other user, owner, admin} × {GET, GET own, PATCH, status} on a live and a draft profile', async (t) => {
  const owner = await createUser();
  const other = await createUser();
  const admin = await createUser({ role: 'admin' });
  const live = await createProfileFor(owner, { profileStatus: 'live' });
  const draftOwner = await createUser();
  const draft = await createProfileFor(draftOwner, { profileStatus: 'draft' });

  const expectations: Array<[string, CreatedUser | null, number, number, number, number]> = [
    // who, account, GET live, GET own/live, PATCH live, GET draft
    ['visitor', null, 200, 401, 401, 404],
    ['other user', other, 200, 403, 403, 404],
    ['owner', owner, 200, 200, 200, 404],
    ['admin', admin, 200, 200, 200, 200],
  ];
  for (const [who, account, getLive, getOwn, patchLive, getDraft] of expectations) {
    const client = as(account);
    t.is((await client.get(`/api/profiles/${live.id}`)).status, getLive, `${who} GET live`);
    t.is((await client.get(`/api/profiles/own/${live.id}`)).status, getOwn, `${who} GET own`);
    t.is((await client.patch(`/api/profiles/${live.id}`, { motto: `by ${who}` })).status, patchLive, `${who} PATCH`);
    t.is(
      (await client.patch(`/api/profiles/${live.id}/status`, { profileStatus: 'live' })).status,
      patchLive,
      `${who} status`,
    );
    t.is((await client.get(`/api/profiles/${draft.id}`)).status, getDraft, `${who} GET draft`);
    const draftWrite = await client.patch(`/api/profiles/${draft.id}`, { motto: 'x' });
    t.is(draftWrite.status, account === admin ? 200 : account ? 404 : 401, `${who} PATCH draft`);
  }
  // The draft's owner sees and edits it.
  t.is((await as(draftOwner).get(`/api/profiles/${draft.id}`)).status, 200);
  t.is((await as(draftOwner).patch(`/api/profiles/${draft.id}/status`, { profileStatus: 'live' })).status, 200);
  t.is((await as(null).get(`/api/profiles/${draft.id}`)).status, 200, 'live now: everyone sees it');
  t.is((await as(null).get('/api/profiles/abc')).status, 404);
  t.is((await as(null).get('/api/profiles/999999')).status, 404);
  t.is((await as(null).get('/api/profiles/999999')).body.error, PROFILE_MESSAGES.notFound);
});

test('PATCH: partial fields; the name is refused with the spec’s message; limits are enforced; nothing else is lost', async (t) => {
  const owner = await createUser({ name: 'Riley Ortiz' });
  const profile = await createProfileFor(owner, { motto: 'Everyone goes home', website: 'example.org' });
  const client = as(owner);
  const named = await client.patch(`/api/profiles/${profile.id}`, { name: 'Someone Else', rank: 'Lieutenant' });
  t.is(named.status, 400);
  t.is(named.body.error, PROFILE_MESSAGES.nameLocked);
  for (const name of [null, '', 42, { first: 'x' }]) {
    const locked = await client.patch(`/api/profiles/${profile.id}`, { name });
    t.is(locked.status, 400, JSON.stringify(name));
    t.deepEqual(locked.body, { error: PROFILE_MESSAGES.nameLocked, fields: { name: PROFILE_MESSAGES.nameLocked } });
  }
  const long = await client.patch(`/api/profiles/${profile.id}`, { personalStatement: 'x'.repeat(501) });
  t.is(long.status, 400);
  t.is(long.body.fields.personalStatement, PROFILE_MESSAGES.statementMax);
  const unknownWidget = await client.patch(`/api/profiles/${profile.id}`, { hiddenWidgets: ['timeline', 'nope'] });
  t.is(unknownWidget.status, 400);
  const ok = await client.patch<ProfileJson>(`/api/profiles/${profile.id}`, {
    personalStatement: 'y'.repeat(500),
    title: '  Training Officer ',
    hiddenWidgets: ['awards', 'awards', 'photos'],
    fieldVisibility: { phone: 'private' },
  });
  t.is(ok.status, 200);
  t.like(ok.body, {
    name: 'Riley Ortiz',
    rank: 'Captain',
    title: 'Training Officer',
    motto: 'Everyone goes home',
    website: 'example.org',
    hiddenWidgets: ['awards', 'photos'],
    fieldVisibility: { phone: 'private', email: 'public' },
  });
  t.is(ok.body.personalStatement?.length, 500);
  const cleared = await client.patch<ProfileJson>(`/api/profiles/${profile.id}`, { motto: '' });
  t.is(cleared.body.motto, null);
  const badStatus = await client.patch(`/api/profiles/${profile.id}/status`, { profileStatus: 'published' });
  t.is(badStatus.status, 400);
});

test('a private field never reaches anyone but the owner and admins, in JSON', async (t) => {
  const owner = await createUser();
  const canary = `555-0100-${Date.now()}`;
  const profile = await createProfileFor(owner, {
    phone: canary,
    phoneVisibility: 'private',
    email: 'signed@in.example',
    emailVisibility: 'authenticated',
  });
  const other = await createUser();
  const admin = await createUser({ role: 'super_admin' });
  const visitorView = await as(null).get(`/api/profiles/${profile.id}`);
  t.false(visitorView.text.includes(canary));
  t.false(visitorView.text.includes('signed@in.example'));
  t.is(visitorView.body.fieldVisibility, null, 'visibility settings are the owner’s business');
  const otherView = await as(other).get(`/api/profiles/${profile.id}`);
  t.false(otherView.text.includes(canary));
  t.is(otherView.body.email, 'signed@in.example', 'authenticated: signed-in members see it');
  t.is((await as(owner).get(`/api/profiles/${profile.id}`)).body.phone, canary);
  t.is((await as(admin).get(`/api/profiles/own/${profile.id}`)).body.phone, canary);
});

test('by username: found, case-insensitive; a draft is not found for others; an old name keeps working until claimed', async (t) => {
  const owner = await createUser({ username: `capt-ada-${Date.now() % 100000}` });
  const profile = await createProfileFor(owner);
  const name = owner.user.username!;
  const found = await as(null).get(`/api/profiles/username/${name.toUpperCase()}`);
  t.is(found.status, 200);
  t.is(found.body.id, profile.id);
  t.is(found.body.username, name);

  // Renaming keeps the old name pointing at the profile…
  t.is((await as(owner).patch('/api/auth/username', { username: `${name}-new` })).status, 200);
  t.is((await as(null).get(`/api/profiles/username/${name}`)).body.id, profile.id);
  // …until another member claims it.
  const claimer = await createUser();
  t.is((await as(claimer).patch('/api/auth/username', { username: name })).status, 200);
  t.is((await as(null).get(`/api/profiles/username/${name}`)).status, 404, 'the claimer has no profile yet');

  const draftOwner = await createUser({ username: `draft-${Date.now() % 100000}` });
  await createProfileFor(draftOwner, { profileStatus: 'draft' });
  t.is((await as(null).get(`/api/profiles/username/${draftOwner.user.username}`)).status, 404);
  t.is((await as(draftOwner).get(`/api/profiles/username/${draftOwner.user.username}`)).status, 200);
});

test('changing the account name changes the profile’s name', async (t) => {
  const owner = await createUser({ name: 'Old Name' });
  const profile = await createProfileFor(owner);
  t.is((await as(owner).patch('/api/auth/profile', { name: 'New Name', email: owner.user.email })).status, 200);
  t.is((await as(null).get(`/api/profiles/${profile.id}`)).body.name, 'New Name');
});
