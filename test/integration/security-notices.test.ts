/**
 * Every security notice e-mail links to Account Settings → Security (docs/api.md "Step-up"), read off the real
 * SMTP test server: the password-changed notice, and both mails of a reset (the link, then the notice).
 */
import test from 'ava';
import { clientAs, type TestApp } from '../helpers/app';
import { startAppWithSmtp, type ReceivedMail, type TestSmtp } from '../helpers/smtp';
import { reauthenticate } from '../helpers/stepUp';
import { createUser } from '../helpers/users';

let smtp: TestSmtp;
let app: TestApp;
let close: (() => Promise<void>) | undefined;
test.before(async () => ({ app, smtp, close } = await startAppWithSmtp()));
test.after.always(() => close?.());

/** The first mail to `to` whose subject matches, once it has arrived. */
async function mailTo(to: string, subject: RegExp): Promise<ReceivedMail> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mail = smtp.received.find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

const securityLink = () => `${app.baseUrl}/account-settings#security`;

test('a password change e-mails the owner a notice that links to the Security page', async (t) => {
  const owner = await createUser();
  const client = clientAs(app, owner);
  await reauthenticate(client, owner.password);
  const changed = await client.patch('/api/auth/change-password', {
    currentPassword: owner.password,
    newPassword: 'a-new-password-1',
    confirmPassword: 'a-new-password-1',
  });
  t.is(changed.status, 200);
  const notice = await mailTo(owner.user.email, /Your password was changed/);
  t.true(notice.text.includes(securityLink()), notice.text);
  t.false(notice.text.includes('a-new-password-1'), 'never the password');
});

test('both mails of a reset link to the Security page: the reset link, and the notice that it was reset', async (t) => {
  const owner = await createUser();
  await app.client().post('/api/auth/forgot-password', { email: owner.user.email });
  const request = await mailTo(owner.user.email, /Reset your/);
  t.true(request.text.includes(securityLink()), request.text);
  const token = decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(request.text)![1]!);
  t.is((await app.client().post('/api/auth/reset-password', { token, password: 'a-new-password-2' })).status, 200);
  const notice = await mailTo(owner.user.email, /Your password was reset/);
  t.true(notice.text.includes(securityLink()), notice.text);
});
