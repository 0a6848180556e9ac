import test from 'ava';
import { startTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';
import { Passkey } from '../../src/models/Passkey';
import { PasswordResetToken } from '../../src/models/PasswordResetToken';
import { hashToken } from '../../src/services/tokens';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

function tokenFromMail(to: string): string {
  // The newest reset link to `to` (the notice that a reset happened carries none).
  const mail = [...app.mails].reverse().find((m) => m.to === to && /reset-password\?token=/.test(m.text));
  if (!mail) throw new Error(`no reset link to ${to}`);
  const match = /reset-password\?token=([\w%-]+)/.exec(mail.text);
  return decodeURIComponent(match![1]!);
}

test('forgot-password answers the same for a known and an unknown address; only the known one gets mail', async (t) => {
  const { user } = await createUser();
  const client = app.client();
  const known = await client.post('/api/auth/forgot-password', { email: user.email });
  const unknown = await client.post('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
  t.is(known.status, 200);
  t.deepEqual(known.body, unknown.body);
  t.true(app.mails.some((m) => m.to === user.email));
  t.false(app.mails.some((m) => m.to === 'nobody-here@example.com'));
});

test('the token is long, stored only hashed, works once and ends every session', async (t) => {
  const { user, token: sessionToken } = await createUser();
  const client = app.client();
  await client.post('/api/auth/forgot-password', { email: user.email });
  const token = tokenFromMail(user.email);
  t.true(Buffer.from(token, 'base64url').length >= 16, 'at least 128 bits');
  const stored = await PasswordResetToken.query().where('userId', user.id);
  t.is(stored.length, 1);
  t.is(stored[0]!.tokenHash, hashToken(token));
  t.false(JSON.stringify(stored).includes(token));

  const ok = await client.post('/api/auth/reset-password', { token, password: 'brand-new-1' });
  t.is(ok.status, 200);
  const again = await client.post('/api/auth/reset-password', { token, password: 'another-one-2' });
  t.is(again.status, 400);
  t.is(again.body.error, 'This reset link is invalid or has expired. Please request a new password reset.');

  const old = app.client();
  old.bearer = sessionToken;
  t.is((await old.get('/api/auth/me')).status, 401, 'old sessions ended');
  t.is((await client.post('/api/auth/login', { email: user.email, password: 'brand-new-1' })).status, 200);
});

test('an expired token is refused and the password stays', async (t) => {
  const { user, password } = await createUser();
  await app.client().post('/api/auth/forgot-password', { email: user.email });
  const token = tokenFromMail(user.email);
  await PasswordResetToken.query()
    .where('userId', user.id)
    .patch({ expiresAt: new Date(Date.now() - 1000) });
  const res = await app.client().post('/api/auth/reset-password', { token, password: 'never-set-1' });
  t.is(res.status, 400);
  t.is((await app.client().post('/api/auth/login', { email: user.email, password })).status, 200);
});

test('reset-password validation: short password and missing token use the spec messages', async (t) => {
  const res = await app.client().post('/api/auth/reset-password', { token: '', password: '123' });
  t.is(res.status, 400);
  t.deepEqual(res.body.fields, {
    token: 'Invalid reset link. Please request a new password reset.',
    password: 'Password must be at least 6 characters long',
  });
});

test('the reset page without a token shows the invalid-link message and no form', async (t) => {
  const res = await app.client().get('/reset-password', { headers: { Accept: 'text/html' } });
  t.is(res.status, 200);
  t.true(res.text.includes('Invalid reset link. Please request a new password reset.'));
  t.false(res.text.includes('<form'), 'no form');
});

test('housekeeping removes expired sessions and old reset tokens, and keeps live ones', async (t) => {
  const { purgeExpired } = await import('../../src/services/maintenance');
  const { Session } = await import('../../src/models/Session');
  const live = await createUser();
  const stale = await createUser();
  await Session.query()
    .where('userId', stale.user.id)
    .patch({ expiresAt: new Date(Date.now() - 1000) });
  await PasswordResetToken.query().insert({
    userId: stale.user.id,
    tokenHash: 'old-hash',
    expiresAt: new Date(Date.now() - 2 * 86_400_000),
  });
  await purgeExpired();
  t.is(await Session.query().where('userId', stale.user.id).resultSize(), 0);
  t.is(await Session.query().where('userId', live.user.id).resultSize(), 1);
  t.is(await PasswordResetToken.query().where('tokenHash', 'old-hash').resultSize(), 0);
});

/** The reset page's "Keep" boxes: each passkey id and whether its box starts ticked. */
const keepBoxes = (html: string) =>
  [...html.matchAll(/<input[^>]*name="keepPasskeyIds"[^>]*>/g)].map((m) => ({
    id: Number(/value="(\d+)"/.exec(m[0])![1]),
    ticked: /\schecked=""/.test(m[0]),
  }));

test('the no-script reset page lists the passkeys to keep (recent ones unticked); unticking one removes it', async (t) => {
  const { user } = await createUser();
  const add = (name: string, hoursAgo: number) =>
    Passkey.query().insertAndFetch({
      userId: user.id,
      credentialId: `${name}-${user.id}`,
      publicKey: Buffer.from([1]),
      name,
      browser: 'Firefox',
      os: 'Linux',
      createdAt: new Date(Date.now() - hoursAgo * 3600_000),
    } as Partial<Passkey>);
  const old = await add('Old laptop', 72);
  const spare = await add('Spare key', 48);
  const recent = await add('New phone', 2);
  await app.client().post('/api/auth/forgot-password', { email: user.email });
  const token = tokenFromMail(user.email);
  const html = { headers: { Accept: 'text/html' } };

  const page = await app.client().get(`/reset-password?token=${encodeURIComponent(token)}`, html);
  t.is(page.status, 200);
  t.deepEqual(keepBoxes(page.text), [
    { id: old.id, ticked: true },
    { id: spare.id, ticked: true },
    { id: recent.id, ticked: false },
  ]);
  t.true(page.text.includes('Keep “Old laptop”'));
  t.regex(page.text, /from Firefox on Linux/);
  t.regex(page.text, /Passkeys you leave unticked are removed/);

  const form = { token, password: 'fresh-pass-3', confirmPassword: 'fresh-pass-3', passkeysListed: '1' };
  // A refused post shows the boxes as they were posted.
  const mismatch = await app
    .client()
    .postForm('/reset-password', { ...form, confirmPassword: 'other-pass-3', keepPasskeyIds: String(recent.id) }, html);
  t.is(mismatch.status, 400);
  t.deepEqual(
    keepBoxes(mismatch.text).map((box) => box.ticked),
    [false, false, true],
  );

  const done = await app.client().postForm('/reset-password', { ...form, keepPasskeyIds: String(old.id) }, html);
  t.is(done.status, 303);
  t.is(done.headers.get('location'), '/reset-password?done=1');
  const left = await Passkey.query().where({ userId: user.id }).orderBy('id');
  t.deepEqual(
    left.map((p) => p.id),
    [old.id],
    'the unticked spare and the recent one are gone',
  );
});

test('without a live reset token the reset page lists no passkeys', async (t) => {
  const { user } = await createUser();
  await Passkey.query().insert({
    userId: user.id,
    credentialId: `hidden-${user.id}`,
    publicKey: Buffer.from([1]),
    name: 'Hidden key',
  } as Partial<Passkey>);
  await app.client().post('/api/auth/forgot-password', { email: user.email });
  const token = tokenFromMail(user.email);
  const html = { headers: { Accept: 'text/html' } };
  const madeUp = await app.client().get('/reset-password?token=made-up-token-value', html);
  t.is(keepBoxes(madeUp.text).length, 0);
  t.false(madeUp.text.includes('Hidden key'));
  const toggled = await app.client().postForm('/reset-password', { token: 'made-up', intent: 'show' }, html);
  t.false(toggled.text.includes('Hidden key'));

  const live = await app.client().get(`/reset-password?token=${encodeURIComponent(token)}`, html);
  t.true(live.text.includes('Hidden key'), 'the live link lists it');
  await PasswordResetToken.query()
    .where('userId', user.id)
    .patch({ expiresAt: new Date(Date.now() - 1000) });
  const expired = await app.client().get(`/reset-password?token=${encodeURIComponent(token)}`, html);
  t.false(expired.text.includes('Hidden key'), 'an expired link lists nothing');
});
