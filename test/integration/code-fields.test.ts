/**
 * Code fields (docs/decisions/code-fields.md): every second-factor field opens a phone's number pad and offers the
 * app's code (`inputmode="numeric"`, `autocomplete="one-time-code"`); where a recovery code is taken too, it has its
 * own text field (`codeRecovery`, behind "Use a recovery code instead") which the server reads — at sign-in, in
 * the inline step-up proof, when turning two-factor off and when deleting the account — and never echoes back.
 */
import test, { type ExecutionContext } from 'ava';
import { Secret, TOTP } from 'otpauth';
import { startTestApp, type HttpClient, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { UserTotp } from '../../src/models/UserTotp';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

/** Every <input> named `name` in `html`, as its attribute text. */
const inputsNamed = (html: string, name: string) =>
  [...html.matchAll(/<input\b[^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes(`name="${name}"`));

function assertNumericCodeField(t: ExecutionContext, html: string, name: string, where: string) {
  const [field] = inputsNamed(html, name);
  t.truthy(field, `${where}: a ${name} field`);
  t.regex(field!, /inputmode="numeric"/i, `${where}: the number pad`);
  t.regex(field!, /autocomplete="one-time-code"/i, `${where}: the app's code offered`);
}

async function signIn(client: HttpClient, account: CreatedUser) {
  return client.postForm('/login', { email: account.user.email, password: account.password });
}

/** An account with two-factor on, through the Security forms; its secret, recovery codes and signed-in client. */
async function enrolled(t: ExecutionContext) {
  const account = await createUser();
  const client = app.client();
  t.is((await signIn(client, account)).status, 303);
  t.is((await client.postForm('/account-settings', { intent: 'totp-start' })).status, 303);
  const setup = await client.get('/account-settings');
  assertNumericCodeField(t, setup.text, 'code', 'turning two-factor on');
  t.is(inputsNamed(setup.text, 'codeRecovery').length, 0, 'no recovery code while confirming a new authenticator');
  const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(setup.text)![1]!.replace(/ /g, '');
  t.is((await client.postForm('/account-settings', { intent: 'totp-confirm', code: codeFor(secret) })).status, 303);
  const shown = await client.get('/account-settings?saved=totp-confirm');
  const codes = [...shown.text.matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)].map((m) => m[1]!);
  return { account, client, secret, codes, settings: await client.get('/account-settings') };
}

test('sign-in: a numeric code field, and a recovery code typed into its own field signs in', async (t) => {
  const { account, codes } = await enrolled(t);
  const browser = app.client();
  t.is((await signIn(browser, account)).headers.get('location'), '/login/two-factor');
  const step = await browser.get('/login/two-factor');
  assertNumericCodeField(t, step.text, 'code', 'sign-in');
  t.regex(step.text, /<summary>Use a recovery code instead<\/summary>/);
  const [twin] = inputsNamed(step.text, 'codeRecovery');
  t.truthy(twin, 'the recovery code field');
  t.notRegex(twin!, /inputmode="numeric"/i, 'which opens a keyboard with letters');

  const wrong = await browser.postForm('/login/two-factor', { code: '', codeRecovery: 'aaaaa-bbbbb' });
  t.is(wrong.status, 400);
  t.false(wrong.text.includes('aaaaa-bbbbb'), 'a recovery code is never echoed');
  const passed = await browser.postForm('/login/two-factor', { code: '', codeRecovery: codes[0]! });
  t.is(passed.status, 303);
  t.true(browser.cookies.has('turnout.sid'), 'signed in with the recovery code');
});

test('turning two-factor off with a recovery code in its own field; the delete page’s field is numeric', async (t) => {
  const { account, client, codes, settings } = await enrolled(t);
  assertNumericCodeField(t, settings.text, 'code', 'turning two-factor off');
  t.is(inputsNamed(settings.text, 'codeRecovery').length, 1);
  const deletePage = await client.get('/account-settings/delete');
  assertNumericCodeField(t, deletePage.text, 'secondFactor', 'deleting the account');
  t.is(inputsNamed(deletePage.text, 'secondFactorRecovery').length, 1);

  const off = await client.postForm('/account-settings', {
    intent: 'totp-disable',
    password: account.password,
    code: '',
    codeRecovery: codes[1]!,
  });
  t.is(off.status, 303);
  t.is(await UserTotp.query().findById(account.user.id), undefined, 'two-factor is off');
});
