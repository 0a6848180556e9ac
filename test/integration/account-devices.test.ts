/**
 * Signed-in devices (docs/decisions/signed-in-devices.md): the list in Account Settings (browser and OS, this device marked, no address),
 * signing out one device or all others with plain form posts, the password change ending every other one, the new-device
 * e-mail and its setting, and "last seen" written at most once a minute, off the request.
 */
import test from 'ava';
import { SessionActivity } from '../../src/services/sessionActivity';
import { startTestApp, type HttpClient, type TestApp } from '../helpers/app';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { createUser, type CreatedUser } from '../helpers/users';
import { countQueries } from '../helpers/queries';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let database: TestDatabase;
let app: TestApp;
let now = Date.now();
let activity: SessionActivity;

test.before(async () => {
  database = await createTestDatabase();
  activity = new SessionActivity(database.db, undefined, () => now);
  app = await startTestApp({ rateLimitsEnabled: false }, database, { sessionActivity: activity });
});
test.after.always(async () => {
  await app?.close();
  await database?.destroy();
});

const html = (userAgent: string) => ({ headers: { Accept: 'text/html', 'User-Agent': userAgent } });

async function signIn(account: CreatedUser, userAgent: string): Promise<HttpClient> {
  const client = app.client();
  const res = await client.postForm(
    '/login',
    { email: account.user.email, password: account.password },
    html(userAgent),
  );
  if (res.status !== 303) throw new Error(`sign-in answered ${res.status}`);
  return client;
}

const isSignedIn = async (client: HttpClient) => (await client.get('/api/auth/me')).status === 200;
const sessionIds = async (userId: number, browser: string) =>
  (await app.db('sessions').where({ userId, browser }).pluck('id')) as number[];

test.serial(
  'the list shows each device by browser and OS and marks this one; the raw user agent is not shown',
  async (t) => {
    const account = await createUser();
    const desk = await signIn(account, CHROME_WINDOWS);
    await signIn(account, FIREFOX_LINUX);
    const page = await desk.get('/account-settings', html(CHROME_WINDOWS));
    t.is(page.status, 200);
    const text = page.text.replace(/<!-- -->/g, '');
    const devices = [...text.matchAll(/data-testid="device".*?<strong>(.*?)<\/strong>/g)].map((m) => m[1]);
    t.deepEqual(
      devices,
      ['Chrome on Windows 10', 'Firefox on Linux', 'Unknown browser on Unknown system'],
      "this device first; the helper's session has no user agent",
    );
    t.regex(text, /Chrome on Windows 10<\/strong><span[^>]*>This device<\/span>/);
    t.false(page.text.includes(CHROME_WINDOWS), 'the raw user agent is not shown');
  },
);

test.serial('sign out one device, then all others: those sessions end at once, this one stays', async (t) => {
  const account = await createUser();
  const desk = await signIn(account, CHROME_WINDOWS);
  const laptop = await signIn(account, FIREFOX_LINUX);
  const phone = await signIn(account, SAFARI_IPHONE);
  const [laptopId] = await sessionIds(account.user.id, 'Firefox');

  const one = await desk.postForm('/account-settings', { intent: 'signOutDevice', sessionId: String(laptopId) });
  t.is(one.status, 303);
  t.is(one.headers.get('location'), '/account-settings?saved=signOutDevice#devices');
  t.false(await isSignedIn(laptop));
  t.true(await isSignedIn(phone));

  const others = await desk.postForm('/account-settings', { intent: 'signOutOthers' });
  t.is(others.status, 303);
  t.false(await isSignedIn(phone));
  t.true(await isSignedIn(desk));
  t.false(await isSignedIn(app.client()), 'a visitor is still a visitor');
  const kinds = await app.db('security_events').where({ userId: account.user.id }).orderBy('id').pluck('kind');
  t.deepEqual(kinds, ['session_revoked', 'other_sessions_revoked']);
});

test.serial("another user's session cannot be signed out (404), and a bad id is refused", async (t) => {
  const owner = await createUser();
  const other = await createUser();
  const otherClient = await signIn(other, FIREFOX_LINUX);
  const [otherId] = await sessionIds(other.user.id, 'Firefox');
  const desk = await signIn(owner, CHROME_WINDOWS);
  t.is((await desk.postForm('/account-settings', { intent: 'signOutDevice', sessionId: String(otherId) })).status, 404);
  t.true(await isSignedIn(otherClient));
  t.is((await desk.postForm('/account-settings', { intent: 'signOutDevice', sessionId: 'abc' })).status, 400);
});

test.serial(
  'a no-script password change always signs out every other device, and offers no way to keep them',
  async (t) => {
    const account = await createUser();
    const desk = await signIn(account, CHROME_WINDOWS);
    const laptop = await signIn(account, FIREFOX_LINUX);
    const page = await desk.get('/account-settings', html(CHROME_WINDOWS));
    t.notRegex(page.text, /name="signOutOthers"/, 'no box to keep the other devices');

    const changed = await desk.postForm('/account-settings', {
      intent: 'password',
      currentPassword: account.password,
      newPassword: 'second-password-123',
      confirmPassword: 'second-password-123',
    });
    t.is(changed.status, 303);
    t.is(changed.headers.get('location'), '/account-settings?saved=password');
    t.false(await isSignedIn(laptop), 'the other session token is refused');
    t.true(await isSignedIn(desk), 'the session that changed it stays');
  },
);

test.serial('a password change through the API ends every other session, whatever the body asks', async (t) => {
  const account = await createUser();
  const desk = await signIn(account, CHROME_WINDOWS);
  const laptop = await signIn(account, FIREFOX_LINUX);
  const changed = await desk.patch('/api/auth/change-password', {
    currentPassword: account.password,
    newPassword: 'second-password-123',
    confirmPassword: 'second-password-123',
    signOutOthers: false, // the old option is gone: it keeps nothing signed in
  });
  t.is(changed.status, 200, JSON.stringify(changed.body));
  t.false(await isSignedIn(laptop), 'the other session token is refused');
  t.true(await isSignedIn(desk), 'the session that changed it stays');
});

test.serial('a new browser and OS signing in is e-mailed (after the first device), unless turned off', async (t) => {
  const account = await createUser();
  const mailsTo = () => app.mails.filter((m) => m.to === account.user.email);
  const desk = await signIn(account, CHROME_WINDOWS);
  t.is(mailsTo().length, 0, 'the first device is not news');
  await signIn(account, FIREFOX_LINUX);
  t.is(mailsTo().length, 1);
  t.regex(mailsTo()[0]!.subject, /New sign-in/);
  t.regex(mailsTo()[0]!.text, /Firefox on Linux/);
  await signIn(account, CHROME_WINDOWS);
  await signIn(account, FIREFOX_LINUX);
  t.is(mailsTo().length, 1, 'known devices are not new');

  t.is((await desk.postForm('/account-settings', { intent: 'deviceAlerts' })).status, 303, 'unticked: off');
  await signIn(account, SAFARI_IPHONE);
  t.is(mailsTo().length, 1, 'alerts off');
});

test.serial('last seen is written at most once a minute per session, after the request', async (t) => {
  const account = await createUser();
  const desk = await signIn(account, CHROME_WINDOWS);
  const [id] = await sessionIds(account.user.id, 'Chrome');
  const long = new Date('2026-01-01T00:00:00Z');
  const lastSeen = async () => (await app.db('sessions').where({ id }).first()).lastSeenAt as Date;

  await app.db('sessions').where({ id }).update({ lastSeenAt: long });
  t.true(await isSignedIn(desk));
  await activity.settled();
  t.true((await lastSeen()).getTime() > long.getTime(), 'written');

  await app.db('sessions').where({ id }).update({ lastSeenAt: long });
  now += 30_000;
  t.true(await isSignedIn(desk));
  t.true(await isSignedIn(desk));
  await activity.settled();
  t.is((await lastSeen()).getTime(), long.getTime(), 'not again within the minute');

  now += 31_000;
  t.true(await isSignedIn(desk));
  await activity.settled();
  t.true((await lastSeen()).getTime() > long.getTime(), 'again after a minute');
});

test.serial('writing last seen does not drop the session from the session cache', async (t) => {
  const account = await createUser();
  const desk = await signIn(account, CHROME_WINDOWS);
  const [id] = await sessionIds(account.user.id, 'Chrome');
  const queriesDuring = async (request: () => Promise<unknown>) => (await countQueries(app.db, request)).queries;
  await app
    .db('sessions')
    .where({ id })
    .update({ lastSeenAt: new Date('2026-01-01T00:00:00Z') });
  await app.caughtUp(); // whatever signing in and this update sent is heard before the session is kept
  now += 120_000;
  t.true(await isSignedIn(desk)); // read and kept; last seen is due
  await activity.settled();
  await app.caughtUp(); // had writing last seen sent a notification, the cache has heard it now
  t.is(await queriesDuring(() => isSignedIn(desk)), 0, 'still answered from the cache');
});

test.serial('API clients list and sign out sessions the same way', async (t) => {
  const account = await createUser(); // a bearer session (no user agent)
  const stranger = await createUser();
  const laptop = await signIn(account, FIREFOX_LINUX);
  const api = app.client();
  api.bearer = account.token;
  const listed = await api.get('/api/auth/sessions');
  t.is(listed.status, 200);
  t.deepEqual(
    listed.body.devices.map((d: { browser: string; os: string; current: boolean }) => [d.browser, d.os, d.current]),
    [
      ['Unknown browser', 'Unknown system', true],
      ['Firefox', 'Linux', false],
    ],
  );
  t.false(JSON.stringify(listed.body).includes('token'), 'no token hash');
  const [strangerId] = (await app.db('sessions').where({ userId: stranger.user.id }).pluck('id')) as number[];
  t.is((await api.delete(`/api/auth/sessions/${strangerId}`)).status, 404);
  t.is((await api.delete(`/api/auth/sessions/${listed.body.devices[1].id}`)).status, 204);
  t.false(await isSignedIn(laptop));
  await signIn(account, SAFARI_IPHONE);
  t.deepEqual((await api.post('/api/auth/sessions/sign-out-others', {})).body, { signedOut: 1 });
  t.is((await app.client().get('/api/auth/sessions')).status, 401);
});
