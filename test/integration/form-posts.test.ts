/**
 * The account forms without JavaScript: each posts application/x-www-form-urlencoded to its page route. A bad
 * post comes back as the page (400/401/409/429) with the spec's message beside the field and what was typed
 * (never a password); a good one redirects (303) where the spec says, with the session cookie for sign-in and
 * Join Beta. Cross-site posts are refused, signed in or not.
 */
import test from 'ava';
import { startTestApp, type HttpClient, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';
import { BetaCode } from '../../src/models/BetaCode';
import { User } from '../../src/models/User';
import { SESSION_COOKIE } from '../../src/http/session';

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

const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The input (or select/textarea) posting `name`, as an attribute map. */
function input(html: string, name: string): Record<string, string> | undefined {
  const tag = new RegExp(`<(?:input|textarea|select)\\b[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
  if (!tag) return undefined;
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, decode(m[2]!)]));
}

/** The message shown beside a field: the element its aria-describedby names as `<id>-error`. */
function fieldError(html: string, name: string): string | undefined {
  const attrs = input(html, name);
  if (!attrs?.id || !attrs['aria-describedby']?.split(' ').includes(`${attrs.id}-error`)) return undefined;
  const escaped = attrs.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`id="${escaped}-error"[^>]*>([^<]*)<`).exec(html);
  return match ? decode(match[1]!) : undefined;
}

function formAlert(html: string): string | undefined {
  const match = /data-testid="form-alert"[^>]*><strong>([^<]*)<\/strong>([^<]*)</.exec(html);
  return match ? `${decode(match[1]!)}: ${decode(match[2]!)}` : undefined;
}

async function signIn(client: HttpClient, email: string, password: string) {
  const res = await client.postForm('/login', { email, password });
  if (res.status !== 303) throw new Error(`sign-in failed: ${res.status}`);
}

test('sign-in: bad input answers 400 with the messages beside the fields, the e-mail kept and no password', async (t) => {
  const res = await app.client().postForm('/login', { email: 'not-an-email', password: 'abc' });
  t.is(res.status, 400);
  t.regex(res.headers.get('content-type') ?? '', /text\/html/);
  t.is(fieldError(res.text, 'email'), 'Invalid email address');
  t.is(fieldError(res.text, 'password'), 'Password must be at least 6 characters');
  t.is(input(res.text, 'email')?.value, 'not-an-email');
  t.is(input(res.text, 'password')?.value ?? '', '');
  t.false(res.text.includes('abc"'), 'the password is not echoed anywhere');
  t.false(/<script/i.test(res.text), 'a server form: no script at all');
});

test('sign-in: wrong credentials show Login failed / Invalid email or password; right ones set the cookie and redirect', async (t) => {
  const { user, password } = await createUser();
  const client = app.client();
  const wrong = await client.postForm('/login', { email: user.email, password: 'wrong-password-9' });
  t.is(wrong.status, 401);
  t.is(formAlert(wrong.text), 'Login failed: Invalid email or password');
  t.is(input(wrong.text, 'email')?.value, user.email);
  t.false(wrong.text.includes('wrong-password-9'));
  t.false(client.cookies.has(SESSION_COOKIE));

  const ok = await client.postForm('/login', { email: user.email, password });
  t.is(ok.status, 303);
  t.is(ok.headers.get('location'), '/');
  t.true(client.cookies.has(SESSION_COOKIE));
  t.is((await client.get('/api/auth/me')).body.user.email, user.email);

  const admin = await createUser({ role: 'admin' });
  const adminClient = app.client();
  const adminIn = await adminClient.postForm('/login', { email: admin.user.email, password: admin.password });
  t.is(adminIn.headers.get('location'), '/admin');
});

test('sign-in: the API rate limits apply, answering 429 with Retry-After on the page', async (t) => {
  const { user } = await createUser();
  const client = limited.client();
  let last;
  for (let i = 0; i < 11; i += 1) last = await client.postForm('/login', { email: user.email, password: 'wrong-pw-1' });
  t.is(last!.status, 429);
  t.truthy(last!.headers.get('retry-after'));
  t.is(formAlert(last!.text), 'Login failed: Too many attempts. Please try again later.');
  t.is(input(last!.text, 'email')?.value, user.email);
});

test('Join Beta: bad input is 400 with the messages; a bad code keeps the values; success signs in and goes to /create-profile', async (t) => {
  const client = app.client();
  const empty = await client.postForm('/register', { name: 'J', email: 'x', password: '123', inviteCode: '' });
  t.is(empty.status, 400);
  t.is(fieldError(empty.text, 'name'), 'Name must be at least 2 characters');
  t.is(fieldError(empty.text, 'email'), 'Invalid email address');
  t.is(fieldError(empty.text, 'password'), 'Password must be at least 6 characters');
  t.is(fieldError(empty.text, 'inviteCode'), 'Beta invite code is required');

  const email = `nojs.${Date.now()}@example.com`;
  const unknownCode = await client.postForm('/register', {
    name: 'Sam Okafor',
    email,
    password: 'secret-pass-1',
    inviteCode: 'nosuchcode',
  });
  t.is(unknownCode.status, 400);
  t.is(fieldError(unknownCode.text, 'inviteCode'), 'Invalid invite code');
  t.is(input(unknownCode.text, 'name')?.value, 'Sam Okafor');
  t.is(input(unknownCode.text, 'email')?.value, email);
  t.is(input(unknownCode.text, 'inviteCode')?.value, 'nosuchcode');
  t.false(unknownCode.text.includes('secret-pass-1'));

  await BetaCode.query().insert({ code: 'NOJS2024', maxUses: 5 });
  const ok = await client.postForm('/register', {
    name: 'Sam Okafor',
    email,
    password: 'secret-pass-1',
    inviteCode: 'nojs2024',
  });
  t.is(ok.status, 303);
  t.is(ok.headers.get('location'), '/create-profile');
  t.true(client.cookies.has(SESSION_COOKIE));
  t.is((await client.get('/api/auth/me')).body.user.email, email);

  const taken = await app
    .client()
    .postForm('/register', { name: 'Sam Again', email, password: 'secret-pass-2', inviteCode: 'NOJS2024' });
  t.is(taken.status, 409);
  t.is(fieldError(taken.text, 'email'), 'An account with this email already exists');
});

test('forgot password: a bad address is 400 beside the field; a good one redirects to Check Your Email and mails a link', async (t) => {
  const { user } = await createUser();
  const client = app.client();
  const bad = await client.postForm('/forgot-password', { email: 'nope' });
  t.is(bad.status, 400);
  t.is(fieldError(bad.text, 'email'), 'Invalid email address');
  t.is(input(bad.text, 'email')?.value, 'nope');

  const ok = await client.postForm('/forgot-password', { email: user.email });
  t.is(ok.status, 303);
  t.is(ok.headers.get('location'), '/forgot-password?sent=1');
  t.true(app.mails.some((m) => m.to === user.email));
  const page = await client.get('/forgot-password?sent=1', { headers: { Accept: 'text/html' } });
  t.regex(page.text, /<h2>Check Your Email<\/h2>/);
  t.true(page.text.includes('Send Another Email'));
});

test('reset password: mismatch and a bad token are shown on the page; success goes to /login with a confirmation', async (t) => {
  const { user } = await createUser();
  const client = app.client();
  await client.post('/api/auth/forgot-password', { email: user.email });
  const mail = [...app.mails].reverse().find((m) => m.to === user.email)!;
  const token = decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(mail.text)![1]!);

  const mismatch = await client.postForm('/reset-password', {
    token,
    password: 'new-pass-1',
    confirmPassword: 'other-1',
  });
  t.is(mismatch.status, 400);
  t.is(fieldError(mismatch.text, 'confirmPassword'), "Passwords don't match");
  t.is(input(mismatch.text, 'password')?.value ?? '', '');
  t.is(input(mismatch.text, 'token')?.value, token, 'the form can be sent again');

  const badToken = await client.postForm('/reset-password', {
    token: 'not-a-token',
    password: 'new-pass-1',
    confirmPassword: 'new-pass-1',
  });
  t.is(badToken.status, 400);
  t.is(
    formAlert(badToken.text),
    'Error: This reset link is invalid or has expired. Please request a new password reset.',
  );

  const ok = await client.postForm('/reset-password', { token, password: 'new-pass-1', confirmPassword: 'new-pass-1' });
  t.is(ok.status, 303);
  t.is(ok.headers.get('location'), '/reset-password?done=1');
  const done = await client.get('/reset-password?done=1', { headers: { Accept: 'text/html' } });
  t.true(decode(done.text).includes('Password reset'));
  t.true(done.text.includes('<meta http-equiv="refresh" content="3;url=/login">'), 'on to /login after 3 s');
  t.is((await client.postForm('/login', { email: user.email, password: 'new-pass-1' })).status, 303);
});

test('account settings: each form posts with its intent; bad input is 400 beside that form’s field, success a notice', async (t) => {
  const { user, password } = await createUser({ name: 'Pat Lee' });
  const client = app.client();
  await signIn(client, user.email, password);

  const badName = await client.postForm('/account-settings', { intent: 'profile', name: 'P', email: 'pat@' });
  t.is(badName.status, 400);
  t.is(fieldError(badName.text, 'name'), 'Name must be at least 2 characters');
  t.is(fieldError(badName.text, 'email'), 'Please enter a valid email address');
  t.is(input(badName.text, 'name')?.value, 'P');

  const renamed = await client.postForm('/account-settings', {
    intent: 'profile',
    name: 'Pat Rivera',
    email: user.email,
  });
  t.is(renamed.status, 303);
  t.is(renamed.headers.get('location'), '/account-settings?saved=profile');
  t.is((await User.query().findById(user.id))!.name, 'Pat Rivera');
  const after = await client.get('/account-settings?saved=profile', { headers: { Accept: 'text/html' } });
  t.regex(after.text, /data-testid="settings-notice"[^>]*><strong>Profile updated<\/strong>/);
  t.is(input(after.text, 'name')?.value, 'Pat Rivera');

  const wrongCurrent = await client.postForm('/account-settings', {
    intent: 'password',
    currentPassword: 'not-my-password',
    newPassword: 'fresh-pass-1',
    confirmPassword: 'fresh-pass-1',
  });
  t.is(wrongCurrent.status, 400);
  t.is(fieldError(wrongCurrent.text, 'currentPassword'), 'Current password is incorrect');
  t.false(wrongCurrent.text.includes('not-my-password'));
  t.false(wrongCurrent.text.includes('fresh-pass-1'));

  const changed = await client.postForm('/account-settings', {
    intent: 'password',
    currentPassword: password,
    newPassword: 'fresh-pass-1',
    confirmPassword: 'fresh-pass-1',
  });
  t.is(changed.headers.get('location'), '/account-settings?saved=password');
  t.is((await client.get('/api/auth/me')).status, 200, 'this browser stays signed in');

  const reserved = await client.postForm('/account-settings', { intent: 'username', username: 'admin' });
  t.is(reserved.status, 400);
  t.is(fieldError(reserved.text, 'username'), 'This username is reserved');

  const other = await createUser({ username: `taken${Date.now() % 100000}` });
  const taken = await client.postForm('/account-settings', { intent: 'username', username: other.user.username! });
  t.is(taken.status, 409);
  t.is(fieldError(taken.text, 'username'), 'This username is already taken');
});

test('account settings posts need a session: a visitor is sent to /login', async (t) => {
  const res = await app.client().postForm('/account-settings', { intent: 'profile', name: 'Someone', email: 'a@b.co' });
  t.is(res.status, 303);
  t.is(res.headers.get('location'), '/login');
});

test('cross-site form posts are refused: signed-in settings changes and signed-out sign-in (login CSRF)', async (t) => {
  const { user, password } = await createUser({ name: 'Kept Name' });
  const client = app.client();
  await signIn(client, user.email, password);
  const evil = { origin: 'https://evil.example' };
  const change = await client.postForm(
    '/account-settings',
    { intent: 'profile', name: 'Hacked', email: user.email },
    evil,
  );
  t.is(change.status, 403);
  t.is((await User.query().findById(user.id))!.name, 'Kept Name');

  const visitor = app.client();
  const login = await visitor.postForm('/login', { email: user.email, password }, evil);
  t.is(login.status, 403);
  t.false(visitor.cookies.has(SESSION_COOKIE));
  const nullOrigin = await visitor.postForm('/login', { email: user.email, password }, { origin: 'null' });
  t.is(nullOrigin.status, 403);
  const refererOnly = await visitor.postForm(
    '/login',
    { email: user.email, password },
    { noOrigin: true, headers: { Referer: 'https://evil.example/page' } },
  );
  t.is(refererOnly.status, 403);
  // A client that names no origin at all (curl) is not a browser's cross-site request.
  t.is((await visitor.postForm('/login', { email: user.email, password }, { noOrigin: true })).status, 303);
});

test('Create Profile without a department: 400, and the message at the department field (not only a toast)', async (t) => {
  const { user, password } = await createUser();
  const client = app.client();
  await signIn(client, user.email, password);
  const res = await client.postForm('/create-profile', { name: user.name, rank: 'Lieutenant', departmentId: '' });
  t.is(res.status, 400);
  const combobox = /<input[^>]*role="combobox"[^>]*>/.exec(res.text)?.[0] ?? '';
  t.regex(combobox, /aria-invalid="true"/);
  const describedBy = /aria-describedby="([^"]+)"/.exec(combobox)?.[1];
  t.truthy(describedBy, 'the input is described by the message');
  const escaped = describedBy!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  t.is(new RegExp(`id="${escaped}"[^>]*>([^<]*)<`).exec(res.text)?.[1], 'Department is required');
  t.is(input(res.text, 'rank')?.value, 'Lieutenant', 'what was typed stays');
});
