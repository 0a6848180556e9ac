import test from 'ava';
import { startTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';
import { reauthenticate } from '../helpers/stepUp';
import { BetaCode } from '../../src/models/BetaCode';
import { BlacklistEntry } from '../../src/models/BlacklistEntry';
import { User } from '../../src/models/User';
import { SAMPLE_PROFILE_EMAIL } from '../../seeds/sampleProfile';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

let codeCounter = 0;
async function inviteCode(
  attributes: Partial<{ maxUses: number; currentUses: number; isActive: boolean; expiresAt: Date | null }> = {},
) {
  codeCounter += 1;
  return BetaCode.query().insertAndFetch({
    code: `CODE${codeCounter}X${Date.now() % 100000}`,
    maxUses: 5,
    ...attributes,
  });
}

let emailCounter = 0;
const newEmail = (domain = 'example.com') => `new${++emailCounter}.${Date.now()}@${domain}`;

const registration = async (overrides: Record<string, unknown> = {}) => ({
  name: 'Jordan Rivera',
  email: newEmail(),
  password: 'hose-line-42',
  inviteCode: (await inviteCode()).code,
  ...overrides,
});

test('register creates the user, returns {user, token} without a hash, sets a cookie and records the code', async (t) => {
  const code = await inviteCode({ maxUses: 2 });
  const client = app.client();
  const email = newEmail();
  const res = await client.post('/api/auth/register', {
    name: 'Jordan Rivera',
    email,
    password: 'hose-line-42',
    inviteCode: code.code.toLowerCase(),
  });
  t.is(res.status, 201);
  t.is(res.body.user.email, email);
  t.is(res.body.user.role, 'user');
  t.is(typeof res.body.token, 'string');
  t.false(JSON.stringify(res.body).includes('argon2'));
  t.false('passwordHash' in res.body.user);
  t.true(client.cookies.has('turnout.sid'));
  const refreshed = await BetaCode.query().findById(code.id).withGraphFetched('usedBy');
  t.is(refreshed!.currentUses, 1);
  t.deepEqual(
    refreshed!.usedBy!.map((u) => u.email),
    [email],
  );
  const me = await client.get('/api/auth/me');
  t.is(me.status, 200);
  t.is(me.body.user.email, email);
});

test('each registration validation message matches the spec', async (t) => {
  const res = await app
    .client()
    .post('/api/auth/register', { name: 'J', email: 'not-an-email', password: '123', inviteCode: '' });
  t.is(res.status, 400);
  t.deepEqual(res.body.fields, {
    name: 'Name must be at least 2 characters',
    email: 'Invalid email address',
    password: 'Password must be at least 6 characters',
    inviteCode: 'Beta invite code is required',
  });
  t.is(res.body.error, 'Name must be at least 2 characters');
});

test('login validation messages match the spec', async (t) => {
  const res = await app.client().post('/api/auth/login', { email: 'x', password: '1' });
  t.is(res.status, 400);
  t.deepEqual(res.body.fields, { email: 'Invalid email address', password: 'Password must be at least 6 characters' });
});

test('invite codes that are unknown, inactive, expired or fully used are refused', async (t) => {
  const client = app.client();
  const cases: Array<[string, string]> = [
    ['NOSUCHCODE', 'Invalid invite code'],
    [(await inviteCode({ isActive: false })).code, 'This invite code is no longer active'],
    [(await inviteCode({ expiresAt: new Date(Date.now() - 60_000) })).code, 'This invite code has expired'],
    [(await inviteCode({ maxUses: 1, currentUses: 1 })).code, 'This invite code has already been fully used'],
  ];
  for (const [code, message] of cases) {
    const email = newEmail();
    const res = await client.post('/api/auth/register', await registration({ email, inviteCode: code }));
    t.is(res.status, 400, code);
    t.is(res.body.error, message);
    t.is(await User.query().where('email', email).resultSize(), 0);
  }
});

test('a blacklisted e-mail and a blacklisted domain cannot register; an inactive entry does not block', async (t) => {
  const blockedEmail = newEmail('blocked-one.test');
  await BlacklistEntry.query().insert({ type: 'email', value: blockedEmail, reason: 'spam' });
  await BlacklistEntry.query().insert({ type: 'domain', value: 'spam-domain.test', reason: 'spam' });
  await BlacklistEntry.query().insert({ type: 'domain', value: 'forgiven.test', reason: 'old', isActive: false });
  const client = app.client();
  const code = await inviteCode();
  for (const email of [blockedEmail.toUpperCase(), newEmail('spam-domain.test')]) {
    const res = await client.post('/api/auth/register', await registration({ email, inviteCode: code.code }));
    t.is(res.status, 400);
    t.is(res.body.error, 'Registration is not available for this email address');
  }
  t.is((await BetaCode.query().findById(code.id))!.currentUses, 0, 'a refused registration does not spend the code');
  const ok = await client.post('/api/auth/register', await registration({ email: newEmail('forgiven.test') }));
  t.is(ok.status, 201);
});

test('an e-mail already registered in another letter case is refused with 409', async (t) => {
  const { user } = await createUser({ email: `Case.${Date.now()}@Example.com` });
  const res = await app.client().post('/api/auth/register', await registration({ email: user.email.toUpperCase() }));
  t.is(res.status, 409);
  t.is(res.body.error, 'An account with this email already exists');
});

test('two registrations racing for the last use of a code: exactly one succeeds', async (t) => {
  const code = await inviteCode({ maxUses: 1 });
  const attempts = await Promise.all(
    [0, 1, 2].map(async () => app.client().post('/api/auth/register', await registration({ inviteCode: code.code }))),
  );
  t.deepEqual(attempts.map((r) => r.status).sort(), [201, 400, 400]);
  t.is((await BetaCode.query().findById(code.id))!.currentUses, 1);
});

test('login answers {user, token}; a wrong password and an inactive user get the same 401', async (t) => {
  const { user, password } = await createUser();
  const inactive = await createUser({ isActive: false });
  const client = app.client();
  const ok = await client.post('/api/auth/login', { email: user.email.toUpperCase(), password });
  t.is(ok.status, 200);
  t.is(ok.body.user.id, user.id);
  t.truthy(ok.body.token);
  t.is(ok.body.redirectTo, '/', 'the server says where a user lands');
  for (const role of ['admin', 'super_admin'] as const) {
    const staff = await createUser({ role });
    const res = await app.client().post('/api/auth/login', { email: staff.user.email, password: staff.password });
    t.is(res.body.redirectTo, '/admin', role);
  }
  const wrong = await client.post('/api/auth/login', { email: user.email, password: 'wrong-password' });
  const off = await client.post('/api/auth/login', { email: inactive.user.email, password: inactive.password });
  const nobody = await client.post('/api/auth/login', { email: 'nobody@example.com', password: 'whatever1' });
  for (const res of [wrong, off, nobody]) {
    t.is(res.status, 401);
    t.deepEqual(res.body, { error: 'Invalid email or password' });
  }
});

test('the bearer token and the cookie both authenticate; logout ends the session', async (t) => {
  const { user, password } = await createUser();
  const browser = app.client();
  const login = await browser.post('/api/auth/login', { email: user.email, password });
  const apiClient = app.client();
  apiClient.bearer = login.body.token;
  t.is((await browser.get('/api/auth/me')).status, 200);
  t.is((await apiClient.get('/api/auth/me')).body.user.id, user.id);
  t.is((await apiClient.post('/api/auth/logout', {}, { noOrigin: true })).status, 200);
  t.is((await apiClient.get('/api/auth/me')).status, 401, 'the token no longer works');
  t.is((await browser.get('/api/auth/me')).status, 401, 'it was the same session');
});

test.serial('a session survives a server restart', async (t) => {
  const { user, password } = await createUser();
  const client = app.client();
  await client.post('/api/auth/login', { email: user.email, password });
  await app.restart();
  const me = await client.get('/api/auth/me');
  t.is(me.status, 200);
  t.is(me.body.user.id, user.id);
});

test('signing in issues a new session id', async (t) => {
  const { user, password } = await createUser();
  const client = app.client();
  const first = await client.post('/api/auth/login', { email: user.email, password });
  const cookieBefore = client.cookies.get('turnout.sid');
  const second = await client.post('/api/auth/login', { email: user.email, password });
  t.not(first.body.token, second.body.token);
  t.not(client.cookies.get('turnout.sid'), cookieBefore);
});

test('changing the password ends the other sessions and keeps this one', async (t) => {
  const { user, password } = await createUser();
  const laptop = app.client();
  const phone = app.client();
  await laptop.post('/api/auth/login', { email: user.email, password });
  await phone.post('/api/auth/login', { email: user.email, password });
  const wrong = await laptop.patch('/api/auth/change-password', {
    currentPassword: 'nope-nope',
    newPassword: 'new-pass-1',
    confirmPassword: 'new-pass-1',
  });
  t.is(wrong.status, 400);
  t.is(wrong.body.error, 'Current password is incorrect');
  const res = await laptop.patch('/api/auth/change-password', {
    currentPassword: password,
    newPassword: 'new-pass-1',
    confirmPassword: 'new-pass-1',
  });
  t.is(res.status, 200);
  t.is((await laptop.get('/api/auth/me')).status, 200);
  t.is((await phone.get('/api/auth/me')).status, 401);
  t.is((await app.client().post('/api/auth/login', { email: user.email, password: 'new-pass-1' })).status, 200);
});

test('change-password validation messages match the spec', async (t) => {
  const { token, password } = await createUser();
  const client = app.client();
  client.bearer = token;
  await reauthenticate(client, password);
  const empty = await client.patch('/api/auth/change-password', {
    currentPassword: '',
    newPassword: '123',
    confirmPassword: '',
  });
  t.deepEqual(empty.body.fields, {
    currentPassword: 'Current password is required',
    newPassword: 'New password must be at least 6 characters',
    confirmPassword: 'Please confirm your new password',
  });
  const mismatch = await client.patch('/api/auth/change-password', {
    currentPassword: 'x',
    newPassword: '1234567',
    confirmPassword: '7654321',
  });
  t.is(mismatch.body.fields.confirmPassword, "Passwords don't match");
});

test('profile update validates, saves the name and starts the e-mail change (the address waits for its confirmation)', async (t) => {
  const { token, password, user } = await createUser();
  const other = await createUser();
  const client = app.client();
  client.bearer = token;
  await reauthenticate(client, password);
  const bad = await client.patch('/api/auth/profile', { name: 'A', email: 'nope' });
  t.deepEqual(bad.body.fields, {
    name: 'Name must be at least 2 characters',
    email: 'Please enter a valid email address',
  });
  const taken = await client.patch('/api/auth/profile', { name: 'Alex', email: other.user.email.toUpperCase() });
  t.is(taken.status, 409);
  const email = newEmail();
  const ok = await client.patch('/api/auth/profile', { name: 'Alex Moreno', email });
  t.is(ok.status, 200);
  t.is(ok.body.name, 'Alex Moreno');
  t.is(ok.body.email, user.email, 'the address changes only once confirmed');
  t.is(ok.body.pendingEmail, email);
});

test('an account cannot take a blacklisted e-mail, but keeps its own after it is blacklisted', async (t) => {
  const { user, token, password } = await createUser();
  const client = app.client();
  client.bearer = token;
  await reauthenticate(client, password);
  const blocked = newEmail('blocked-change.test');
  await BlacklistEntry.query().insert({ type: 'email', value: blocked, reason: 'spam' });
  await BlacklistEntry.query().insert({ type: 'domain', value: 'blocked-domain.test', reason: 'spam' });
  for (const email of [blocked, newEmail('blocked-domain.test')]) {
    const refused = await client.patch('/api/auth/profile', { name: user.name, email });
    t.is(refused.status, 400);
    t.deepEqual(refused.body.fields, { email: 'Registration is not available for this email address' });
  }
  t.is((await User.query().findById(user.id))!.email, user.email, 'nothing changed');

  await BlacklistEntry.query().insert({ type: 'email', value: user.email.toLowerCase(), reason: 'later' });
  const kept = await client.patch('/api/auth/profile', { name: 'Renamed Only', email: user.email });
  t.is(kept.status, 200);
  t.is(kept.body.name, 'Renamed Only');
});

test('username: the 3–30 rule, allowed characters, reserved words, uniqueness and clearing', async (t) => {
  const { token } = await createUser();
  const other = await createUser({ username: `taken${Date.now() % 100000}` });
  const client = app.client();
  client.bearer = token;
  const expectations: Array<[string, string]> = [
    ['ab', 'Username must be at least 3 characters'],
    ['a'.repeat(31), 'Username must be less than 30 characters'],
    ['bad name!', 'Username can only contain letters, numbers, underscores, and hyphens'],
    ['Account-Settings', 'This username is reserved'],
    [other.user.username!.toUpperCase(), 'This username is already taken'],
  ];
  for (const [username, message] of expectations) {
    const res = await client.patch('/api/auth/username', { username });
    t.is(res.body.error, message, username);
  }
  const ok = await client.patch('/api/auth/username', { username: 'Capt_Rivera-7' });
  t.is(ok.status, 200);
  t.is(ok.body.username, 'Capt_Rivera-7');
  const cleared = await client.patch('/api/auth/username', { username: '' });
  t.is(cleared.body.username, null);
});

test('a cookie-authenticated write from another site is rejected; the same write from our origin works', async (t) => {
  const { user, password } = await createUser();
  const client = app.client();
  await client.post('/api/auth/login', { email: user.email, password });
  const evil = await client.patch(
    '/api/auth/profile',
    { name: 'Hacked Name', email: user.email },
    { origin: 'https://evil.example' },
  );
  t.is(evil.status, 403);
  const noOrigin = await client.patch(
    '/api/auth/profile',
    { name: 'Hacked Name', email: user.email },
    { noOrigin: true },
  );
  t.is(noOrigin.status, 403);
  t.is((await User.query().findById(user.id))!.name, user.name);
  const ok = await client.patch('/api/auth/profile', { name: 'Real Change', email: user.email });
  t.is(ok.status, 200);
});

test('auth endpoints that need a session answer 401 without one', async (t) => {
  const client = app.client();
  t.is((await client.get('/api/auth/me')).status, 401);
  t.is((await client.patch('/api/auth/profile', { name: 'Xx', email: 'x@y.zz' })).status, 401);
  t.is((await client.patch('/api/auth/username', { username: 'abc' })).status, 401);
});

test('nobody can sign in as the sample profile’s owner: its stored password is a real hash of a password nobody has', async (t) => {
  const sample = await User.query().findOne({ email: SAMPLE_PROFILE_EMAIL });
  t.truthy(sample, 'the reference seed created the sample profile’s owner');
  t.regex(sample!.passwordHash, /^\$argon2id\$/, 'an argon2id hash');
  for (const password of ['password', 'jordan-rivera', 'Train like it’s real']) {
    const res = await app.client().post('/api/auth/login', { email: SAMPLE_PROFILE_EMAIL, password });
    t.is(res.status, 401, password);
    t.deepEqual(res.body, { error: 'Invalid email or password' }, password);
  }
});
