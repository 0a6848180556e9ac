/**
 * Step-up authentication (docs/api.md "Step-up"): every sensitive change, tried by a stolen session (a bearer token
 * or cookie with no password), is refused with `reauthenticationRequired` and changes nothing; with a fresh proof it
 * works; the proof ends with the window (the app's clock is moved, never waited for).
 */
import test from 'ava';
import { Secret, TOTP } from 'otpauth';
import { clientAs, startTestApp, type HttpClient, type TestApp } from '../helpers/app';
import { reauthenticate, testClock } from '../helpers/stepUp';
import { createUser, type CreatedUser } from '../helpers/users';
import { AuthChallenge } from '../../src/models/AuthChallenge';
import { EmailChange } from '../../src/models/EmailChange';
import { Passkey } from '../../src/models/Passkey';
import { Session } from '../../src/models/Session';
import { User } from '../../src/models/User';
import { UserTotp } from '../../src/models/UserTotp';
import { passkeyRemovalLink, relyingPartyFor } from '../../src/services/passkeys';
import { hashToken } from '../../src/services/tokens';
import { STEP_UP_WINDOW_MS } from '../../src/validation/stepUp';

const clock = testClock();
let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false }, undefined, { clock: clock.now });
});
test.after.always(async () => {
  await app?.close();
});

let counter = 0;
async function addPasskeyRow(userId: number, createdAt = new Date()) {
  counter += 1;
  return Passkey.query().insertAndFetch({
    userId,
    credentialId: `cred-${counter}-${Date.now()}`,
    publicKey: Buffer.from([1, 2, 3]),
    counter: 0,
    transports: [],
    name: `Key ${counter}`,
    createdAt,
  } as Partial<Passkey>);
}

/** Asserts the refusal the API gives a session with no recent proof. */
function refused(t: import('ava').ExecutionContext, res: { status: number; body: any }, what: string) {
  t.is(res.status, 401, what);
  t.true(res.body.reauthenticationRequired, what);
  t.is(typeof res.body.error, 'string', what);
}

interface Action {
  name: string;
  /** Makes the change with `client`; answers the response. */
  run: (client: HttpClient, account: CreatedUser, target: { passkeyId: number; otherId: number }) => Promise<any>;
  /** What the database holds once the change was made (false: not made). */
  made: (account: CreatedUser, target: { passkeyId: number; otherId: number }) => Promise<boolean>;
  ok: number;
  role?: 'admin';
}

const ACTIONS: Action[] = [
  {
    name: 'change the account e-mail',
    run: (c, a) => c.patch('/api/auth/profile', { name: a.user.name, email: `new.${a.user.id}@example.com` }),
    made: async (a) => (await EmailChange.query().where({ userId: a.user.id }).resultSize()) > 0,
    ok: 200,
  },
  {
    name: 'change the password',
    run: (c, a) =>
      c.patch('/api/auth/change-password', {
        currentPassword: a.password,
        newPassword: 'a-new-password-1',
        confirmPassword: 'a-new-password-1',
      }),
    made: async (a) => (await User.query().findById(a.user.id))!.passwordHash !== a.user.passwordHash,
    ok: 200,
  },
  {
    name: 'start adding a passkey',
    run: (c) => c.post('/api/auth/passkeys/options'),
    made: async (a) =>
      (await AuthChallenge.query().where({ userId: a.user.id, kind: 'passkey_register' }).resultSize()) > 0,
    ok: 200,
  },
  {
    name: 'remove a passkey',
    run: (c, _a, target) => c.delete(`/api/auth/passkeys/${target.passkeyId}`),
    made: async (_a, target) => !(await Passkey.query().findById(target.passkeyId)),
    ok: 204,
  },
  {
    name: 'turn two-factor on (no-script form)',
    run: (c) => c.postForm('/account-settings', { intent: 'totp-start' }),
    made: async (a) => Boolean(await UserTotp.query().findById(a.user.id)),
    ok: 303,
  },
  {
    name: 'export the account’s data',
    run: (c) => c.postForm('/account-settings/export', {}),
    made: async (a) =>
      (await app.db('security_events').where({ user_id: a.user.id, kind: 'export_requested' })).length > 0,
    ok: 200,
  },
  {
    name: 'grant a role in the admin dashboard',
    role: 'admin',
    run: (c, _a, target) => c.patch(`/api/admin/users/${target.otherId}/role`, { role: 'admin' }),
    made: async (_a, target) => (await User.query().findById(target.otherId))!.role === 'admin',
    ok: 200,
  },
];

for (const action of ACTIONS) {
  test.serial(`a stolen session cannot ${action.name}; a fresh proof can, until the window ends`, async (t) => {
    const account = await createUser(action.role ? { role: action.role } : {});
    const target = { passkeyId: (await addPasskeyRow(account.user.id)).id, otherId: (await createUser()).user.id };
    const stolen = clientAs(app, account); // the token alone: no password, no proof
    const refusal = await action.run(stolen, account, target);
    if (typeof refusal.body === 'string') {
      t.is(refusal.status, 401);
      t.regex(refusal.text, /data-testid="inline-proof"/, 'the no-script form asks for the password inline');
    } else refused(t, refusal, action.name);
    t.false(await action.made(account, target), 'nothing changed');

    // The proof for this session, then the window passes: refused again.
    await reauthenticate(stolen, account.password);
    clock.advance(STEP_UP_WINDOW_MS + 1000);
    const late = await action.run(stolen, account, target);
    t.is(late.status, 401, 'a proof older than the window is no proof');
    t.false(await action.made(account, target));

    await reauthenticate(stolen, account.password);
    const done = await action.run(stolen, account, target);
    t.is(done.status, action.ok, done.text.slice(0, 300));
    t.true(await action.made(account, target), 'the change was made');
  });
}

test.serial(
  'a no-script form takes the proof inline and re-posts; a wrong password is said beside its field',
  async (t) => {
    const account = await createUser();
    const client = clientAs(app, account);
    const wrong = await client.postForm('/account-settings', { intent: 'totp-start', reauthPassword: 'not-it' });
    t.is(wrong.status, 401);
    t.regex(wrong.text, /Incorrect password/);
    t.false(wrong.text.includes('not-it'), 'the password is never echoed');
    t.falsy(await UserTotp.query().findById(account.user.id));
    const right = await client.postForm('/account-settings', {
      intent: 'totp-start',
      reauthPassword: account.password,
    });
    t.is(right.status, 303);
    t.truthy(await UserTotp.query().findById(account.user.id));
  },
);

test.serial(
  'reauthenticate: a wrong password stores no proof; with two-factor on it needs a code as well',
  async (t) => {
    const account = await createUser();
    const client = clientAs(app, account);
    const wrong = await client.post('/api/auth/reauthenticate', { password: 'nope-nope' });
    refused(t, wrong, 'wrong password');
    t.truthy(wrong.body.fields.password);
    const row = await Session.query().findOne({ tokenHash: hashToken(account.token) });
    t.is(row!.provedAt, null);

    // Two-factor on: the password alone is not a proof; the code is checked on the two-factor path.
    const secret = new Secret({ size: 20 }).base32;
    await reauthenticate(client, account.password);
    t.is((await client.postForm('/account-settings', { intent: 'totp-start' })).status, 303);
    const pending = await client.get('/account-settings');
    const shown = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(pending.text)![1]!.replace(/ /g, '');
    const code = new TOTP({ secret: Secret.fromBase32(shown) }).generate();
    t.is((await client.postForm('/account-settings', { intent: 'totp-confirm', code })).status, 303);
    t.not(secret, shown);
    clock.advance(STEP_UP_WINDOW_MS + 1000);
    const noCode = await client.post('/api/auth/reauthenticate', { password: account.password });
    refused(t, noCode, 'no code');
    t.true(noCode.body.secondFactorRequired);
    t.truthy(noCode.body.fields.code);
    const badCode = await client.post('/api/auth/reauthenticate', { password: account.password, code: '000000' });
    refused(t, badCode, 'wrong code');
    const later = new TOTP({ secret: Secret.fromBase32(shown) }).generate({ timestamp: Date.now() + 30_000 });
    t.is((await client.post('/api/auth/reauthenticate', { password: account.password, code: later })).status, 200);
  },
);

test.serial('a fresh sign-in is a proof; a session made without one is not', async (t) => {
  const account = await createUser();
  const signedIn = app.client();
  const login = await signedIn.post('/api/auth/login', { email: account.user.email, password: account.password });
  t.is(login.status, 200);
  const change = await signedIn.patch('/api/auth/change-password', {
    currentPassword: account.password,
    newPassword: 'brand-new-pass',
    confirmPassword: 'brand-new-pass',
  });
  t.is(change.status, 200);
  t.is((await clientAs(app, account).get('/api/auth/me')).status, 401, 'the other session was signed out');
});

test.serial('turning two-factor on signs out every other session', async (t) => {
  const account = await createUser();
  const other = clientAs(app, { token: account.token });
  const owner = app.client();
  await owner.postForm('/login', { email: account.user.email, password: account.password });
  t.is((await owner.postForm('/account-settings', { intent: 'totp-start' })).status, 303);
  const page = await owner.get('/account-settings');
  const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(page.text)![1]!.replace(/ /g, '');
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  t.is((await owner.postForm('/account-settings', { intent: 'totp-confirm', code })).status, 303);
  t.is((await other.get('/api/auth/me')).status, 401);
  t.is((await owner.get('/api/auth/me')).status, 200);
});

test.serial(
  'turning two-factor off and new recovery codes ask for both factors in the form: a stolen session without them changes nothing',
  async (t) => {
    const account = await createUser();
    const stolen = clientAs(app, account);
    await UserTotp.query().insert({
      userId: account.user.id,
      secretSealed: 'x',
      confirmedAt: new Date(),
      lastUsedStep: null,
    });
    for (const intent of ['totp-disable', 'recovery-regenerate']) {
      const res = await stolen.postForm('/account-settings', { intent, password: '', code: '' });
      t.is(res.status, 400, intent);
    }
    t.truthy(await UserTotp.query().findById(account.user.id));
  },
);

test.serial('the new-passkey notice’s one-click removal works without a session, for that passkey only', async (t) => {
  const account = await createUser();
  const planted = await addPasskeyRow(account.user.id);
  const other = await addPasskeyRow(account.user.id);
  const mail = { mailer: { send: async () => undefined, close() {} }, productName: 'Turnout', baseUrl: app.baseUrl };
  const rp = relyingPartyFor(app.baseUrl, 'Turnout', mail, app.config.sessionSecret);
  const link = new URL(passkeyRemovalLink(rp, planted)!);
  const token = link.searchParams.get('token')!;
  const visitor = app.client();
  t.is((await visitor.get(`${link.pathname}${link.search}`)).status, 200, 'the page only asks');
  t.truthy(await Passkey.query().findById(planted.id));
  const wrong = await visitor.postForm(`/account/passkeys/${other.id}/remove`, { token });
  t.is(wrong.status, 404, 'the token names one passkey');
  const removed = await visitor.postForm(link.pathname, { token });
  t.is(removed.status, 303);
  t.falsy(await Passkey.query().findById(planted.id));
  t.truthy(await Passkey.query().findById(other.id));
});
