/**
 * docs/decisions/two-factor.md, docs/decisions/security-events.md: TOTP two-factor sign-in over real HTTP and Postgres — enrol in Account Settings → Security
 * (server forms), the second step over the cookie flow and the bearer API, replay, recovery codes, the rate limit,
 * turning it off (password and code), an admin's forced enrolment, and the security events shown.
 */
import test, { type ExecutionContext } from 'ava';
import { Secret, TOTP } from 'otpauth';
import { startTestApp, type HttpClient, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { reauthenticate } from '../helpers/stepUp';
import { Passkey } from '../../src/models/Passkey';
import { RecoveryCode } from '../../src/models/RecoveryCode';
import { SecurityEvent } from '../../src/models/SecurityEvent';
import { Session } from '../../src/models/Session';
import { UserTotp } from '../../src/models/UserTotp';
import { seal, secretKey } from '../../src/services/twoFactor/secretBox';

let app: TestApp;
let limited: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
  limited = await startTestApp({ rateLimitsEnabled: true }, app.database);
});
test.after.always(async () => {
  await limited?.close();
  await app?.close();
});

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** Waits out the last seconds of a 30-second step, so a code computed now is checked within the same step. */
async function awayFromStepEnd() {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 8_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

async function signIn(client: HttpClient, account: CreatedUser) {
  return client.postForm('/login', { email: account.user.email, password: account.password });
}

/** Signs in, turns TOTP on through the Security forms; answers the secret and the recovery codes shown once. */
async function enrol(t: ExecutionContext) {
  const user = await createUser();
  const client = app.client();
  t.is((await signIn(client, user)).status, 303);
  t.is((await client.postForm('/account-settings', { intent: 'totp-start' })).status, 303);
  const page = await client.get('/account-settings');
  const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(page.text)![1]!.replace(/ /g, '');
  await awayFromStepEnd(); // the previous step's code must still be in the window when it arrives
  const confirmed = await client.postForm('/account-settings', { intent: 'totp-confirm', code: codeFor(secret, -1) });
  t.is(confirmed.status, 303);
  t.is(confirmed.headers.get('location'), '/account-settings?saved=totp-confirm#security');
  const shown = await client.get('/account-settings?saved=totp-confirm');
  const codes = [...shown.text.matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)].map((m) => m[1]!);
  return { user, client, secret, codes, page, shown, again: await client.get('/account-settings') };
}

test('enrol: QR code and secret, a first code confirms, ten recovery codes shown once, secret sealed at rest', async (t) => {
  const { user, secret, codes, page, shown, again } = await enrol(t);
  t.true(page.text.includes('src="data:image/svg+xml;base64,'), 'a server-drawn QR code is on the set-up page');
  t.false(shown.text.includes('data:image/svg+xml;base64,'), 'and gone once confirmed');
  t.is(codes.length, 10);
  t.is(shown.headers.get('cache-control'), 'no-store', 'the codes are never cached');
  t.is(page.headers.get('cache-control'), 'no-store', 'nor is the pending secret');
  t.is(new Set(codes).size, 10);
  t.true(shown.text.includes('download="recovery-codes.txt"'));
  t.false(again.text.includes(codes[0]!), 'the codes are not shown a second time');
  t.regex(again.text, /data-testid="totp-status"[^>]*>On</);
  const row = await UserTotp.query().findById(user.user.id);
  t.truthy(row!.confirmedAt);
  t.false(row!.secretSealed.includes(secret), 'the secret is not stored in clear');
  const stored = await RecoveryCode.query().where({ userId: user.user.id });
  t.is(stored.length, 10);
  t.true(
    stored.every((r) => /^[0-9a-f]{64}$/.test(r.codeDigest) && !codes.some((code) => r.codeDigest.includes(code))),
    'each code is stored as a keyed hash, never in clear',
  );
  t.deepEqual(
    (await SecurityEvent.query().where({ userId: user.user.id })).map((e) => e.kind),
    ['totp_enrolled'],
  );
  t.regex(again.text, /Two-factor sign-in turned on/, 'Security lists the event');
  const mail = app.mails.find((m) => m.to === user.user.email);
  t.is(mail?.subject, 'Two-factor sign-in was turned on on your Turnout account', 'the owner is told by e-mail');
  t.false(mail!.text.includes(secret) || codes.some((code) => mail!.text.includes(code)), 'with no secret');
});

test('a wrong first code (or one outside the ±1 step window) does not turn it on', async (t) => {
  const account = await createUser();
  const client = app.client();
  await signIn(client, account);
  await client.postForm('/account-settings', { intent: 'totp-start' });
  const page = await client.get('/account-settings');
  const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(page.text)![1]!.replace(/ /g, '');
  // ±1 step only: codes three steps (90 s) away are refused (three, so a step ending mid-request cannot bring one
  // into the window), like a made-up one.
  for (const code of ['000000', codeFor(secret, 3), codeFor(secret, -3)]) {
    const wrong = await client.postForm('/account-settings', { intent: 'totp-confirm', code });
    t.is(wrong.status, 400);
    t.regex(wrong.text, /That code is not valid/);
    t.false(wrong.text.includes(`value="${code}"`), 'the code is not echoed');
  }
  t.is((await UserTotp.query().findById(account.user.id))!.confirmedAt, null);
});

test('cookie sign-in: password, then the code; no session before the code; a code works once', async (t) => {
  const { user, secret } = await enrol(t);
  const browser = app.client();
  const first = await signIn(browser, user);
  t.is(first.status, 303);
  t.is(first.headers.get('location'), '/login/two-factor');
  t.false(browser.cookies.has('turnout.sid'), 'no session yet');
  t.is((await browser.get('/account-settings')).status, 302, 'still signed out');
  const step = await browser.get('/login/two-factor');
  t.is(step.status, 200);
  t.regex(step.text, /autoComplete="one-time-code"|autocomplete="one-time-code"/);

  const wrong = await browser.postForm('/login/two-factor', { code: '123456' });
  t.is(wrong.status, 400);
  t.false(browser.cookies.has('turnout.sid'));
  const code = codeFor(secret, 0);
  const passed = await browser.postForm('/login/two-factor', { code });
  t.is(passed.status, 303);
  t.is(passed.headers.get('location'), '/');
  t.true(browser.cookies.has('turnout.sid'));
  t.is((await browser.get('/account-settings')).status, 200);

  // The same code again, in a new sign-in: refused (replay), as is the used challenge.
  const other = app.client();
  await signIn(other, user);
  const replay = await other.postForm('/login/two-factor', { code });
  t.is(replay.status, 400);
  t.regex(replay.text, /That code is not valid/);
  t.false(other.cookies.has('turnout.sid'));
});

test('a recovery code signs in once', async (t) => {
  const { user, codes } = await enrol(t);
  const browser = app.client();
  await signIn(browser, user);
  t.is((await browser.postForm('/login/two-factor', { code: codes[3]!.toUpperCase() })).status, 303);
  const again = app.client();
  await signIn(again, user);
  t.is((await again.postForm('/login/two-factor', { code: codes[3]! })).status, 400);
  t.is((await RecoveryCode.query().where({ userId: user.user.id }).whereNotNull('usedAt')).length, 1);
  const event = await SecurityEvent.query().where({ userId: user.user.id, kind: 'recovery_code_used' }).first();
  t.deepEqual(event!.detail, { left: 9 });
  t.false(JSON.stringify(event).includes(codes[3]!), 'the event holds no code');
  t.true(app.mails.some((m) => m.to === user.user.email && /A recovery code was used/.test(m.subject)));
});

test('bearer: login answers twoFactorRequired with a challenge; the second call gives the token; a challenge works once', async (t) => {
  const { user, secret } = await enrol(t);
  const api = app.client();
  const first = await api.post(
    '/api/auth/login',
    { email: user.user.email, password: user.password },
    { noOrigin: true },
  );
  t.is(first.status, 200);
  t.true(first.body.twoFactorRequired);
  t.is(typeof first.body.challenge, 'string');
  t.false('token' in first.body);
  t.false(api.cookies.has('turnout.sid'));
  const sessionsBefore = await Session.query().where({ userId: user.user.id }).resultSize();

  const bad = await api.post('/api/auth/login/two-factor', { challenge: first.body.challenge, code: '000000' });
  t.is(bad.status, 400);
  t.is(bad.body.fields.code, 'That code is not valid. Check the time on your device and try again.');
  const done = await api.post('/api/auth/login/two-factor', {
    challenge: first.body.challenge,
    code: codeFor(secret, 1),
  });
  t.is(done.status, 200);
  t.is(done.body.user.id, user.user.id);
  t.is(done.body.redirectTo, '/');
  t.is(await Session.query().where({ userId: user.user.id }).resultSize(), sessionsBefore + 1);
  const me = await app.client().get('/api/auth/me', { bearer: done.body.token });
  t.is(me.status, 200);

  const reused = await api.post('/api/auth/login/two-factor', {
    challenge: first.body.challenge,
    code: codeFor(secret, 1),
  });
  t.is(reused.status, 401);
  t.is(reused.body.error, 'Your sign-in has expired. Sign in again.');
  const junk = await api.post('/api/auth/login/two-factor', { challenge: { $ne: 1 }, code: [1] });
  t.is(junk.status, 400);
});

test('attempts are rate-limited per account: after five wrong codes even the right one is refused (429)', async (t) => {
  const { user, secret } = await enrol(t);
  const api = limited.client();
  const { body } = await api.post('/api/auth/login', { email: user.user.email, password: user.password });
  for (let i = 0; i < 5; i += 1) {
    t.is((await api.post('/api/auth/login/two-factor', { challenge: body.challenge, code: '000000' })).status, 400);
  }
  const blocked = await api.post('/api/auth/login/two-factor', { challenge: body.challenge, code: codeFor(secret) });
  t.is(blocked.status, 429);
  t.truthy(blocked.headers.get('retry-after'));
  // The page flow counts against the same account.
  const browser = limited.client();
  await signIn(browser, user);
  t.is((await browser.postForm('/login/two-factor', { code: codeFor(secret) })).status, 429);
});

test('new recovery codes, and turning it off, need the password and a code', async (t) => {
  const { user, client, secret, codes } = await enrol(t);
  // New recovery codes (proved here with a recovery code): shown once, the old ones stop working.
  const renewed = await client.postForm('/account-settings', {
    intent: 'recovery-regenerate',
    password: user.password,
    code: codes[0]!,
  });
  t.is(renewed.status, 303);
  const shown = await client.get('/account-settings?saved=recovery-regenerate');
  const fresh = [...shown.text.matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)].map((m) => m[1]!);
  t.is(fresh.length, 10);
  t.false(fresh.some((code) => codes.includes(code)));
  const old = app.client();
  await signIn(old, user);
  t.is((await old.postForm('/login/two-factor', { code: codes[1]! })).status, 400, 'an old code no longer works');

  const noPassword = await client.postForm('/account-settings', {
    intent: 'totp-disable',
    password: 'wrong-password',
    code: codeFor(secret, 0),
  });
  t.is(noPassword.status, 400);
  t.regex(noPassword.text, /Current password is incorrect/);
  const noCode = await client.postForm('/account-settings', {
    intent: 'totp-disable',
    password: user.password,
    code: '000000',
  });
  t.is(noCode.status, 400);
  t.truthy(await UserTotp.query().findById(user.user.id));
  const off = await client.postForm('/account-settings', {
    intent: 'totp-disable',
    password: user.password,
    code: codeFor(secret, 1),
  });
  t.is(off.status, 303);
  t.is(await UserTotp.query().findById(user.user.id), undefined);
  t.is(await RecoveryCode.query().where({ userId: user.user.id }).resultSize(), 0);
  t.is((await signIn(app.client(), user)).headers.get('location'), '/', 'password alone signs in again');
  const kinds = (await SecurityEvent.query().where({ userId: user.user.id }).orderBy('id')).map((e) => e.kind);
  t.deepEqual(kinds, ['totp_enrolled', 'recovery_code_used', 'recovery_codes_regenerated', 'totp_disabled']);
});

// Serial: the switch is site-wide, and AVA runs serial tests before the others, so no other test signs an admin in
// while it is on.
test.serial(
  'required for admins: open admin sessions end, enrolment at sign-in before any session; the API refuses',
  async (t) => {
    const admin = await createUser({ role: 'admin' });
    const superAdmin = await createUser({ role: 'super_admin' });
    const member = await createUser();
    const adminClient = app.client();
    await signIn(adminClient, admin);
    const memberClient = app.client();
    await signIn(memberClient, member);
    const refused = await adminClient.postForm('/admin/settings', { requireTwoFactorForAdmins: 'true' });
    t.is(refused.status, 403, 'only a super admin changes it');
    const sa = app.client();
    await signIn(sa, superAdmin);
    t.is((await sa.postForm('/admin/settings', { requireTwoFactorForAdmins: 'true' })).status, 303);
    await app.caughtUp();
    t.is(
      (await adminClient.get('/admin')).status,
      401,
      'an admin session opened before the switch ends at its next request',
    );
    t.is((await sa.get('/admin')).status, 401, 'the acting super admin has no authenticator either');
    t.is((await memberClient.get('/account-settings')).status, 200, 'a plain user keeps their session');
    const promoter = await createUser({ role: 'admin' });
    const promoterSecret = new Secret().base32;
    await UserTotp.query().insert({
      userId: promoter.user.id,
      secretSealed: seal(secretKey(app.config.sessionSecret), promoterSecret),
      confirmedAt: new Date(),
      lastUsedStep: null,
    });
    const promoterApi = app.client();
    promoterApi.bearer = promoter.token;
    // Granting a role needs a recent proof (docs/api.md "Step-up"): the password and a code.
    await reauthenticate(promoterApi, promoter.password, codeFor(promoterSecret));
    t.is((await promoterApi.patch(`/api/admin/users/${member.user.id}/role`, { role: 'admin' })).status, 200);
    await app.caughtUp();
    t.is(
      (await memberClient.get('/account-settings')).headers.get('location'),
      '/login',
      'made an admin without an authenticator: signed out',
    );

    const browser = app.client();
    const first = await signIn(browser, admin);
    t.is(first.headers.get('location'), '/login/enrol');
    t.false(browser.cookies.has('turnout.sid'));
    const page = await browser.get('/login/enrol');
    t.is(page.status, 200);
    const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(page.text)![1]!.replace(/ /g, '');
    const done = await browser.postForm('/login/enrol', { code: codeFor(secret) });
    t.is(done.status, 303);
    t.is(done.headers.get('location'), '/account-settings?saved=totp-confirm#security');
    const settings = await browser.get('/account-settings?saved=totp-confirm');
    t.is([...settings.text.matchAll(/<li>[a-z2-9]{5}-[a-z2-9]{5}<\/li>/g)].length, 10);

    const api = await app
      .client()
      .post('/api/auth/login', { email: superAdmin.user.email, password: superAdmin.password });
    t.is(api.status, 403);
    t.regex(api.body.error, /required for admins/);
    const keep = await browser.postForm('/account-settings', {
      intent: 'totp-disable',
      password: admin.password,
      code: '000000',
    });
    t.is(keep.status, 409, 'an admin cannot turn two-factor off while it is required');
    t.regex(keep.text, /required for admins/);
    // A plain user is not asked.
    const plain = await createUser();
    t.is((await signIn(app.client(), plain)).headers.get('location'), '/');
    await app.db('app_settings').where({ key: 'require_two_factor_for_admins' }).delete();
  },
);

test('passkeys API: options name the relying party; bad or unknown credentials are 4xx; another user’s passkey is a 404', async (t) => {
  const owner = await createUser();
  const other = await createUser();
  const options = await app.client().post('/api/auth/passkey-login/options', {});
  t.is(options.status, 200);
  t.is(options.body.rpId, new URL(app.baseUrl).hostname);
  t.is(options.body.userVerification, 'required');
  t.is(typeof options.body.challenge, 'string');

  const ownerApi = app.client();
  ownerApi.bearer = owner.token;
  await reauthenticate(ownerApi, owner.password);
  const registration = await ownerApi.post('/api/auth/passkeys/options', {});
  t.is(registration.body.authenticatorSelection.residentKey, 'required');
  const shapeless = await ownerApi.post('/api/auth/passkeys', { name: 'Laptop', response: 'nope' });
  t.is(shapeless.status, 400);
  const bogus = {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    response: { clientDataJSON: 'e30', attestationObject: 'AAAA' },
  };
  const forged = await ownerApi.post('/api/auth/passkeys', { name: 'Laptop', response: bogus });
  t.is(forged.status, 400);
  t.is(forged.body.error, 'The passkey could not be verified');
  const unknown = await app.client().post('/api/auth/passkey-login', { response: bogus });
  t.is(unknown.status, 401);
  t.false(unknown.headers.getSetCookie().some((c) => c.startsWith('turnout.sid=')));

  const passkey = await Passkey.query().insertAndFetch({
    userId: other.user.id,
    credentialId: `cred-${other.user.id}`,
    publicKey: Buffer.from('not-a-key'),
    name: 'Phone',
  });
  t.deepEqual((await ownerApi.get('/api/auth/passkeys')).body, []);
  t.is((await ownerApi.delete(`/api/auth/passkeys/${passkey.id}`)).status, 404);
  const otherApi = app.client();
  otherApi.bearer = other.token;
  t.is((await otherApi.get('/api/auth/passkeys')).body[0].name, 'Phone');
  await reauthenticate(otherApi, other.password);
  t.is((await otherApi.delete(`/api/auth/passkeys/${passkey.id}`)).status, 204);
  const event = await SecurityEvent.query().where({ userId: other.user.id, kind: 'passkey_removed' }).first();
  t.deepEqual(event!.detail, { name: 'Phone' });
});

test('the admin dashboard’s user detail lists the user’s security events; others are refused', async (t) => {
  const { user, client } = await enrol(t);
  const admin = await createUser({ role: 'admin' });
  const detail = await app.client().get(`/admin/users/${user.user.id}`, { bearer: admin.token });
  t.is(detail.status, 200);
  t.regex(detail.text, /data-testid="admin-security-events"[\s\S]*Two-factor sign-in turned on/);
  t.false(detail.text.includes('argon2'), 'no hash reaches the page');
  // The user's own session (turning two-factor on ended the others).
  t.is((await client.get(`/admin/users/${user.user.id}`)).status, 403);
  t.is((await app.client().get(`/admin/users/999999`, { bearer: admin.token })).status, 404);
});

test('deleting the account with two-factor on asks for a code too: none or a wrong one keeps the account', async (t) => {
  const { user, client, codes } = await enrol(t);
  const form = await client.get('/account-settings/delete');
  t.regex(form.text, /name="secondFactor"/, 'the delete form asks for a code');
  const attempt = (secondFactor?: string) =>
    client.postForm('/account-settings/delete', {
      password: user.password,
      confirm: 'true',
      ...(secondFactor === undefined ? {} : { secondFactor }),
    });
  for (const secondFactor of [undefined, '000000']) {
    const refused = await attempt(secondFactor);
    t.is(refused.status, 400, `code ${secondFactor ?? 'missing'}`);
    t.regex(refused.text, /Enter the 6-digit code|That code is not valid/);
    t.truthy(await UserTotp.query().findById(user.user.id), 'the account is still there');
  }
  const deleted = await attempt(codes[0]);
  t.is(deleted.status, 303);
  t.is(deleted.headers.get('location'), '/account/deleted');
  t.is(await UserTotp.query().findById(user.user.id), undefined);
});
