/**
 * The e-mail-change takeover (docs/api.md "Step-up"), end to end over the real SMTP test server: a stolen session
 * cannot change the address; a change made with a proof waits for the new address's confirmation; the old address's
 * "this wasn't me" restores the owner, signs everyone out and sends the reset link to the owner, never the attacker.
 * Also the passkey back door: a reset removes passkeys added in the last 24 hours unless kept.
 */
import test from 'ava';
import { clientAs, type HttpClient, type TestApp } from '../helpers/app';
import { startAppWithSmtp, type TestSmtp } from '../helpers/smtp';
import { reauthenticate } from '../helpers/stepUp';
import { createUser } from '../helpers/users';
import { EmailChange } from '../../src/models/EmailChange';
import { Passkey } from '../../src/models/Passkey';
import { SecurityEvent } from '../../src/models/SecurityEvent';
import { User } from '../../src/models/User';

let smtp: TestSmtp;
let app: TestApp;
let close: (() => Promise<void>) | undefined;
test.before(async () => ({ app, smtp, close } = await startAppWithSmtp()));
test.after.always(() => close?.());

const linkIn = (text: string, path: string) => {
  const found = new RegExp(`${app.baseUrl}${path}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!found) throw new Error(`no ${path} link in:\n${text}`);
  return decodeURIComponent(found[1]!);
};
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address.toLowerCase()));

/** Opens a notice's link page and presses its one button, as the owner would. */
async function follow(client: HttpClient, path: string, token: string) {
  const page = await client.get(`${path}?token=${encodeURIComponent(token)}`);
  if (page.status !== 200) return page;
  return client.postForm(path, { token });
}

test('a stolen session cannot change the e-mail, and the attacker never receives a reset link', async (t) => {
  const owner = await createUser();
  const attacker = `attacker.${owner.user.id}@evil.example`;
  const stolen = clientAs(app, owner);
  const api = await stolen.patch('/api/auth/profile', { name: owner.user.name, email: attacker });
  t.is(api.status, 401);
  t.true(api.body.reauthenticationRequired);
  const form = await stolen.postForm('/account-settings', {
    intent: 'profile',
    name: owner.user.name,
    email: attacker,
  });
  t.is(form.status, 401);
  t.is(await EmailChange.query().where({ userId: owner.user.id }).resultSize(), 0);
  t.is((await User.query().findById(owner.user.id))!.email, owner.user.email);
  await app.client().post('/api/auth/forgot-password', { email: attacker });
  await app.client().post('/api/auth/forgot-password', { email: owner.user.email });
  await smtp.waitForMail(owner.user.email);
  t.is(mailsTo(attacker).length, 0, 'nothing ever reaches the attacker');
});

test('a change with a proof waits for the new address; "this wasn’t me" restores the owner and signs the attacker out', async (t) => {
  const owner = await createUser();
  const attackerAddress = `grab.${owner.user.id}@evil.example`;
  // The attacker holds the session AND had a proof (say, saw the password once): the change still needs the link.
  const attacker = clientAs(app, owner);
  await reauthenticate(attacker, owner.password);
  const asked = await attacker.patch('/api/auth/profile', { name: 'Renamed', email: attackerAddress });
  t.is(asked.status, 200);
  t.is(asked.body.pendingEmail, attackerAddress);
  t.is(asked.body.name, 'Renamed', 'the name changes at once');
  t.is((await User.query().findById(owner.user.id))!.email, owner.user.email, 'the address waits');

  const confirmation = await smtp.waitForMail(attackerAddress);
  const notice = await smtp.waitForMail(owner.user.email);
  t.regex(notice.text, /this wasn’t you/i);
  t.true(notice.text.includes('/account-settings#security'));
  // The attacker confirms the new address and asks for a reset there.
  const confirmed = await follow(
    app.client(),
    '/account/email-change/confirm',
    linkIn(confirmation.text, '/account/email-change/confirm'),
  );
  t.is(confirmed.status, 303);
  t.is((await User.query().findById(owner.user.id))!.email, attackerAddress);
  await app.client().post('/api/auth/forgot-password', { email: attackerAddress });
  const attackerReset = await smtp.waitForMail(`${attackerAddress}`);
  t.truthy(attackerReset);

  // The owner's one click from the old address.
  const cancelToken = linkIn(notice.text, '/account/email-change/cancel');
  const stopped = await follow(app.client(), '/account/email-change/cancel', cancelToken);
  t.is(stopped.status, 303);
  t.is(stopped.headers.get('location'), '/account/email-change/cancelled');
  t.is((await User.query().findById(owner.user.id))!.email, owner.user.email, 'the owner’s address is back');
  t.is((await attacker.get('/api/auth/me')).status, 401, 'the attacker is signed out');
  // Every reset link mailed to the attacker is void; the fresh one goes to the owner.
  const resets = smtp.received.filter((m) => /Reset your/.test(m.subject));
  const attackerLinks = resets
    .filter((m) => m.to.includes(attackerAddress))
    .map((m) => linkIn(m.text, '/reset-password'));
  for (const token of attackerLinks) {
    const res = await app.client().post('/api/auth/reset-password', { token, password: 'attacker-pass' });
    t.is(res.status, 400, 'the attacker’s reset link no longer works');
  }
  const ownerReset = resets.find((m) => m.to.includes(owner.user.email.toLowerCase()));
  t.truthy(ownerReset, 'a reset link went to the old address');
  const reset = await app.client().post('/api/auth/reset-password', {
    token: linkIn(ownerReset!.text, '/reset-password'),
    password: 'owner-again-1',
  });
  t.is(reset.status, 200);
  const login = await app.client().post('/api/auth/login', { email: owner.user.email, password: 'owner-again-1' });
  t.is(login.status, 200);
  t.is((await follow(app.client(), '/account/email-change/cancel', cancelToken)).status, 404, 'a link works once');
  const kinds = (await SecurityEvent.query().where({ userId: owner.user.id }).orderBy('id')).map((e) => e.kind);
  t.deepEqual(kinds, ['email_change_requested', 'email_changed', 'email_change_cancelled', 'password_reset']);
});

test('the confirmation link changes the address once; a pending change shows nowhere else', async (t) => {
  const owner = await createUser();
  const next = `next.${owner.user.id}@example.com`;
  const client = clientAs(app, owner);
  await reauthenticate(client, owner.password);
  t.is(
    (await client.postForm('/account-settings', { intent: 'profile', name: owner.user.name, email: next })).headers.get(
      'location',
    ),
    '/account-settings?saved=emailPending',
  );
  const token = linkIn((await smtp.waitForMail(next)).text, '/account/email-change/confirm');
  const page = await app.client().get(`/account/email-change/confirm?token=${token}`);
  t.is(page.headers.get('referrer-policy'), 'same-origin');
  t.is((await User.query().findById(owner.user.id))!.email, owner.user.email, 'opening the link changes nothing');
  t.is((await follow(app.client(), '/account/email-change/confirm', token)).status, 303);
  t.is((await User.query().findById(owner.user.id))!.email, next);
  t.is((await follow(app.client(), '/account/email-change/confirm', token)).status, 404);
});

test('a reset removes the passkeys added in the last 24 hours unless kept; older ones stay', async (t) => {
  const owner = await createUser();
  const add = (name: string, hoursAgo: number) =>
    Passkey.query().insertAndFetch({
      userId: owner.user.id,
      credentialId: `${name}-${owner.user.id}`,
      publicKey: Buffer.from([1]),
      name,
      createdAt: new Date(Date.now() - hoursAgo * 3600_000),
    } as Partial<Passkey>);
  const old = await add('Old laptop', 72);
  const planted = await add('Planted', 1);
  const kept = await add('New phone', 2);
  const resetMails = () => mailsTo(owner.user.email).filter((m) => /Reset your/.test(m.subject));
  const resetWith = async (body: Record<string, unknown>) => {
    const before = resetMails().length;
    await app.client().post('/api/auth/forgot-password', { email: owner.user.email });
    while (resetMails().length === before) await new Promise((resolve) => setTimeout(resolve, 50));
    const token = linkIn(resetMails().at(-1)!.text, '/reset-password');
    return app.client().post('/api/auth/reset-password', { token, password: 'fresh-pass-9', ...body });
  };
  t.is((await resetWith({ keepPasskeyIds: [old.id, kept.id] })).status, 200);
  const left = (await Passkey.query().where({ userId: owner.user.id }).orderBy('id')).map((p) => p.name);
  t.deepEqual(left, ['Old laptop', 'New phone']);
  t.falsy(await Passkey.query().findById(planted.id));
  // Left out, the default: the ones younger than 24 hours go.
  t.is((await resetWith({})).status, 200);
  t.deepEqual(
    (await Passkey.query().where({ userId: owner.user.id })).map((p) => p.name),
    ['Old laptop'],
  );
});
