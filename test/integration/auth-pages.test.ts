import test from 'ava';
import { startTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false, accessRequestEmail: 'beta@turnout.test' });
});
test.after.always(async () => {
  await app?.close();
});

const html = { headers: { Accept: 'text/html' } };

test('signed-out visitors get the sign-in and Join Beta pages with their links, as server forms', async (t) => {
  const client = app.client();
  const login = await client.get('/login', html);
  t.is(login.status, 200);
  t.true(login.text.includes('href="/forgot-password"'));
  t.true(login.text.includes('Forgot your password'));
  t.regex(login.text, /<a href="\/register">Create one here<\/a>/);
  t.regex(login.text, /<a href="\/">Back to Profiles<\/a>/);
  t.regex(login.text, /<form [^>]*action="\/login" method="post"/);
  // docs/decisions/passkeys.md with no script on /login (docs/decisions/script-only-where-needed.md): passkey sign-in is a plain link to its own page.
  t.regex(login.text, /<a [^>]*href="\/login\/passkey"[^>]*>Sign In with a Passkey<\/a>/);

  // That page carries the passkey island (the ceremony needs script) and says what it needs without script.
  const passkey = await client.get('/login/passkey', html);
  t.is(passkey.status, 200);
  t.regex(passkey.text, /data-island="PasskeySignIn"/);
  t.regex(passkey.text, /<script type="module" src="\/assets\/client-/);
  t.regex(passkey.text, /<noscript>.*needs JavaScript.*<\/noscript>/s);
  t.regex(passkey.text, /<a href="\/login">Sign in with your password<\/a>/);
  t.regex(passkey.text, /<meta name="robots" content="noindex">/);

  const register = await client.get('/register', html);
  t.is(register.status, 200);
  t.true(register.text.includes('<h1 id="auth-title"'));
  for (const label of ['Full Name', 'Email', 'Password', 'Beta Invite Code'])
    t.true(register.text.includes(`>${label}</label>`), label);
  t.true(register.text.includes('mailto:beta@turnout.test'));
});

test('signed-in users are sent away from the sign-in pages: admins to /admin, others to /', async (t) => {
  const user = await createUser();
  const admin = await createUser({ role: 'admin' });
  const client = app.client();
  client.bearer = user.token;
  for (const path of ['/login', '/login/passkey', '/register']) {
    const res = await client.get(path, html);
    t.is(res.status, 302);
    t.is(res.headers.get('location'), '/');
  }
  client.bearer = admin.token;
  t.is((await client.get('/login', html)).headers.get('location'), '/admin');
  t.is((await client.get('/login/passkey', html)).headers.get('location'), '/admin');
  t.is((await client.get('/', html)).headers.get('location'), '/admin');
  client.bearer = user.token;
  t.is((await client.get('/', html)).headers.get('location'), '/create-profile', 'no profile yet');
});

test('account settings needs sign-in and shows the cards and forms', async (t) => {
  const anonymous = await app.client().get('/account-settings', html);
  t.is(anonymous.status, 302);
  t.is(anonymous.headers.get('location'), '/login');

  const { token, user } = await createUser({ role: 'super_admin', username: `chief${Date.now() % 10000}` });
  const client = app.client();
  client.bearer = token;
  const res = await client.get('/account-settings', html);
  t.is(res.status, 200);
  for (const text of ['Profile Information', 'Security Settings', 'Custom Profile URL', 'My Departments']) {
    t.true(res.text.includes(text), text);
  }
  // The role, status and e-mail badges say what the account is (presentAccount), not fixed words; the view
  // shows the e-mail unverified when told so (account-settings-view.test.tsx).
  const badges = [...res.text.matchAll(/<span>(Role|Status|Email)<\/span><span[^>]*>([^<]+)<\/span>/g)].map((m) => [
    m[1],
    m[2],
  ]);
  t.deepEqual(badges, [
    ['Role', 'Super Admin'],
    ['Status', 'Active'],
    ['Email', 'Verified'],
  ]);
  const member = await createUser();
  const memberPage = await app.client().get('/account-settings', { ...html, bearer: member.token });
  t.regex(memberPage.text, /<span>Role<\/span><span[^>]*>User<\/span>/);
  t.true(res.text.includes(`value="${user.username}"`));
  t.false(res.text.includes('passwordHash'));
  t.is(res.headers.get('cache-control'), 'private, no-cache');
});

test('the header shows Login and Join Beta to visitors and the server-rendered user menu to a signed-in user', async (t) => {
  const visitor = await app.client().get('/forgot-password', html);
  t.regex(visitor.text, />Login<\/a>/);
  t.regex(visitor.text, />Join Beta<\/a>/);
  t.false(visitor.text.includes('data-testid="user-menu"'));

  const { token, user } = await createUser({ name: 'Casey Nguyen' });
  const client = app.client();
  client.bearer = token;
  const signedIn = await client.get('/forgot-password', html);
  t.false(/>Join Beta<\/a>/.test(signedIn.text));
  const menu = /<details[^>]*data-testid="user-menu".*?<\/details>/s.exec(signedIn.text)?.[0] ?? '';
  t.regex(menu, /<summary[^>]*aria-label="Casey Nguyen, account menu"/);
  const summaryText = (/<summary[^>]*>(.*?)<\/summary>/s.exec(menu)?.[1] ?? '').replace(/<[^>]+>/g, '').trim();
  t.is(summaryText, 'Casey Nguyen', 'its only text is the name, which its label starts with (label in name)');
  t.regex(menu, /data-initials="CN"/, 'the initials are drawn, not written');
  t.true(menu.includes(user.email));
  const items = [...menu.matchAll(/<(?:a|button)[^>]*>([^<]+)<\/(?:a|button)>/g)].map((m) => m[1]);
  t.deepEqual(items, ['Create Profile', 'Account Settings', 'Sign Out'], 'no profile, not an admin');
  t.regex(menu, /<form[^>]*action="\/logout" method="post"/);

  const admin = await createUser({ role: 'admin' });
  client.bearer = admin.token;
  const adminPage = await client.get('/forgot-password', html);
  t.regex(adminPage.text, /<a[^>]*href="\/admin"[^>]*>Admin Dashboard<\/a>/);
});

test('the Feedback button appears only for signed-in users, and only when FEEDBACK_URL is set', async (t) => {
  const withFeedback = await startTestApp({ feedbackUrl: 'https://forms.example.com/turnout' }, app.database);
  try {
    const { token } = await createUser();
    const visitor = await withFeedback.client().get('/login', html);
    t.false(visitor.text.includes('forms.example.com'));
    const client = withFeedback.client();
    client.bearer = token;
    const signedIn = await client.get('/account-settings', html);
    t.regex(signedIn.text, /<a[^>]*href="https:\/\/forms\.example\.com\/turnout"[^>]*target="_blank"[^>]*>/);
    const withoutUrl = app.client();
    withoutUrl.bearer = token;
    t.false((await withoutUrl.get('/account-settings', html)).text.includes('>Feedback<'));
  } finally {
    await withFeedback.close();
  }
});

test('the layout no longer guesses a widget filter from the path: a 404 under /profiles/ has none', async (t) => {
  const res = await app.client().get('/profiles/123/no-such-page', html);
  t.is(res.status, 404);
  t.regex(res.text, /Page Not Found/);
  t.false(res.text.includes('All Widgets'));
  t.false(res.text.includes('?widget='));
});

test('a bad query value redirects to the page without it; the guards come first', async (t) => {
  const visitor = app.client();
  const cases: Array<[string, string]> = [
    ['/login?reset=2', '/login'],
    ['/login?reset=1&reset=1', '/login'],
    ['/forgot-password?sent=yes', '/forgot-password'],
    ['/reset-password?token=a&token=b', '/reset-password'],
  ];
  for (const [path, canonical] of cases) {
    const res = await visitor.get(path, html);
    t.is(res.status, 302, path);
    t.is(res.headers.get('location'), canonical, path);
  }
  t.true((await visitor.get('/login?reset=1', html)).text.includes('Your password has been reset.'));
  // A visitor is sent to sign in before the query is looked at; a member gets the canonical URL.
  t.is((await visitor.get('/account-settings?saved=nope', html)).headers.get('location'), '/login');
  const member = await createUser();
  const settings = await app.client().get('/account-settings?saved=nope', { ...html, bearer: member.token });
  t.is(settings.status, 302);
  t.is(settings.headers.get('location'), '/account-settings');
  const saved = await app.client().get('/account-settings?saved=password', { ...html, bearer: member.token });
  t.true(saved.text.includes('Password changed'));
  // Posts: a visitor goes to sign in (303, so the browser follows with a GET).
  const post = await visitor.postForm('/account-settings', { intent: 'profile', name: 'X', email: 'x@example.com' });
  t.is(post.status, 303);
  t.is(post.headers.get('location'), '/login');
});

test('the sign-in pages ship no script at all; fields carry the native constraints', async (t) => {
  const client = app.client();
  for (const path of ['/login', '/register', '/forgot-password', '/reset-password?token=abc']) {
    const page = await client.get(path, html);
    t.is(page.status, 200, path);
    t.false(/<script/i.test(page.text), `${path}: no <script>`);
    t.false(/<script[^>]*\ssrc=/i.test(page.text), `${path}: no script file linked`);
    t.false(page.text.includes('modulepreload'), `${path}: no preload`);
    t.regex(page.text, /<input[^>]*required=""/, `${path}: required fields`);
  }
  const register = (await client.get('/register', html)).text;
  t.regex(
    register,
    /<input[^>]*type="email"[^>]*autoComplete="email"|<input[^>]*autoComplete="email"[^>]*type="email"/i,
  );
  t.regex(register, /<input[^>]*minLength="6"[^>]*name="password"|<input[^>]*name="password"[^>]*minLength="6"/i);
});

test('a sign-in and a sign-up leave the spec’s success toast for the next page in a short-lived cookie', async (t) => {
  const { user, password } = await createUser({ name: 'Toast Reader' });
  const signIn = await app.client().postForm('/login', { email: user.email, password });
  t.is(signIn.status, 303);
  const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('turnout_toast='));
  t.truthy(cookie);
  t.deepEqual(JSON.parse(decodeURIComponent(/^turnout_toast=([^;]*)/.exec(cookie!)![1]!)), {
    title: 'Login successful',
    description: 'Welcome back, Toast Reader!',
  });
  t.regex(cookie!, /expires=/i, 'it expires (in 10 s)');
  t.notRegex(cookie!, /httponly/i, 'the toaster reads it');

  const failed = await app.client().postForm('/login', { email: user.email, password: 'wrong-password' });
  t.is(failed.status, 401);
  t.false(
    failed.headers.getSetCookie().some((c) => c.startsWith('turnout_toast=')),
    'no toast for a failure',
  );
});

test('the reset page’s show/hide toggle answers the page with the passwords as text, and hides them again', async (t) => {
  const client = app.client();
  const shown = await client.postForm('/reset-password', {
    token: 'some-token',
    password: 'typed-pass-1',
    confirmPassword: 'typed-pass-2',
    intent: 'show',
  });
  t.is(shown.status, 200);
  t.is(shown.headers.get('cache-control'), 'no-store');
  t.regex(shown.text, /<input[^>]*type="text"[^>]*value="typed-pass-1"/);
  t.regex(shown.text, /<input[^>]*type="text"[^>]*value="typed-pass-2"/);
  t.true(shown.text.includes('>Hide</button>'));
  t.false(/<script/i.test(shown.text));
  const hidden = await client.postForm('/reset-password', {
    token: 'some-token',
    password: 'typed-pass-1',
    confirmPassword: 'typed-pass-2',
    intent: 'hide',
  });
  t.regex(hidden.text, /<input[^>]*type="password"[^>]*value="typed-pass-1"/);
  t.true(hidden.text.includes('>Show</button>'));
});
