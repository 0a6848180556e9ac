/**
 * docs/decisions/two-factor.md, docs/decisions/passkeys.md in a real Chromium: turn on an authenticator app in Account Settings → Security (codes computed
 * here with the same library), sign out, sign in with a code; add a passkey with Chromium's virtual authenticator
 * (DevTools protocol WebAuthn domain), sign out, sign in with it through /login's link to /login/passkey (no e-mail
 * typed), confirm a change with it when the step-up dialog asks, remove it. /login ships no script; a browser
 * without WebAuthn is told so on /login/passkey. Screenshots of Security and the second step at 375 and 1280 px.
 */
import test, { type ExecutionContext } from 'ava';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import {
  assertNoBrowserErrors,
  assertNoHorizontalOverflow,
  openPage,
  screenshot,
  waitForIslands,
} from '../helpers/browser';
import { createUser, type CreatedUser } from '../helpers/users';
import { Passkey } from '../../src/models/Passkey';
import { STEP_UP_WINDOW_MS } from '../../src/validation/stepUpMessages';
import { testClock } from '../helpers/stepUp';
import { useBrowserApp } from '../helpers/browserApp';

// localhost, not 127.0.0.1: WebAuthn refuses an IP address as the relying party id.
const clock = testClock();
const { app, browser } = useBrowserApp(
  test,
  { rateLimitsEnabled: false, baseUrl: 'http://localhost' },
  { clock: clock.now },
);

/** A regular user without a profile lands on / and is sent on to /create-profile, a 404 until profiles exist. */
const allowed = [/status of 404/];

const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** Waits out the last seconds of a 30-second step, so a code computed now is checked within the same step. */
async function awayFromStepEnd() {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 8_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

async function signInWithPassword(page: Page, account: CreatedUser) {
  await page.goto(`${app().baseUrl}/login`);
  await page.getByLabel('Email').fill(account.user.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function signOut(page: Page) {
  const menu = page.getByTestId('user-menu');
  await menu.locator('summary').click();
  await Promise.all([page.waitForURL(`${app().baseUrl}/`), menu.getByRole('button', { name: 'Sign Out' }).click()]);
}

/** The page at both widths, once its islands have hydrated, checked for overflow and saved for looking at. */
async function shoot(t: ExecutionContext, page: Page, name: string) {
  // Account Settings hydrates its islands (five), one task each; twice the check failed in CI while they were
  // hydrating (never locally, loaded or with Chromium's CPU throttled up to 12×), so each shot waits for them.
  await waitForIslands(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await assertNoHorizontalOverflow(t, page, `${name} at ${width}`);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.serial('turn on an authenticator app, sign out, sign in with a code', async (t) => {
  const account = await createUser({ name: 'Dana Whitfield' });
  const recorded = await openPage(browser());
  const { page } = recorded;
  await signInWithPassword(page, account);
  await page.waitForURL('**/create-profile');

  await page.goto(`${app().baseUrl}/account-settings#security`);
  const security = page.getByRole('region', { name: 'Security' });
  await security.getByRole('button', { name: 'Set Up Authenticator App' }).click();
  await page.waitForURL('**/account-settings?saved=totp-start#security');
  t.true(await security.getByRole('img', { name: 'QR code for your authenticator app' }).isVisible());
  const secret = (await security.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await shoot(t, page, 'security-totp-setup');
  await awayFromStepEnd(); // the previous step's code must still be in the window when it arrives
  await security.getByLabel('First code from the app').fill(codeFor(secret, -1));
  await security.getByRole('button', { name: 'Turn On Two-Factor' }).click();
  await page.waitForURL('**/account-settings?saved=totp-confirm#security');
  const codes = security.getByTestId('recovery-codes');
  t.is(await codes.locator('li').count(), 10);
  t.is(await security.getByTestId('totp-status').innerText(), 'On');
  // The .txt download holds the same ten codes.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    codes.getByRole('link', { name: 'Download as .txt' }).click(),
  ]);
  const text = await (await download.createReadStream()).toArray();
  const shown = await codes.locator('li').allInnerTexts();
  t.true(shown.every((code) => Buffer.concat(text).toString().includes(code)));
  await waitForIslands(page);
  await shoot(t, page, 'security-totp-on');

  await signOut(page);
  await signInWithPassword(page, account);
  await page.waitForURL('**/login/two-factor');
  t.is(await page.locator('script:not([type="application/json"])').count(), 0, 'the second step ships no script');
  await shoot(t, page, 'login-two-factor');
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await t.notThrowsAsync(page.getByText('That code is not valid').first().waitFor());
  await page.getByLabel('Code').fill(codeFor(secret, 0));
  await Promise.all([page.waitForURL('**/create-profile'), page.getByRole('button', { name: 'Verify' }).click()]);
  await page.goto(`${app().baseUrl}/account-settings`);
  t.true(await page.getByText('Two-factor sign-in turned on').isVisible(), 'Security lists the event');
  assertNoBrowserErrors(t, recorded, [...allowed, /status of 400/]); // the wrong code's answer
});

test.serial('add a passkey, sign in with it, confirm a step-up with it, remove it', async (t) => {
  const account = await createUser({ name: 'Rae Okonkwo' });
  const recorded = await openPage(browser());
  const { page, context } = recorded;
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  await signInWithPassword(page, account);
  await page.waitForURL('**/create-profile');
  await page.goto(`${app().baseUrl}/account-settings#security`);
  await waitForIslands(page);
  const security = page.getByRole('region', { name: 'Security' });
  await security.getByLabel('Passkey name').fill('Work laptop');
  await security.getByRole('button', { name: 'Add Passkey' }).click();
  await page.waitForURL('**/account-settings?saved=passkey-added#security');
  t.true(await security.getByTestId('passkey').getByText('Work laptop').isVisible());
  t.regex(await security.getByTestId('passkey').innerText(), /Last used never/);

  await signOut(page);
  await page.goto(`${app().baseUrl}/login`);
  t.is(await page.locator('script:not([type="application/json"])').count(), 0, '/login ships no script');
  await shoot(t, page, 'login-with-passkey');
  await Promise.all([
    page.waitForURL('**/login/passkey'),
    page.getByRole('link', { name: 'Sign In with a Passkey' }).click(),
  ]);
  await waitForIslands(page);
  await shoot(t, page, 'login-passkey');
  // Where the password sign-in goes: a member with no profile yet lands on /create-profile.
  await Promise.all([
    page.waitForURL('**/create-profile'),
    page.getByRole('button', { name: 'Sign In with a Passkey' }).click(),
  ]);

  // Past the step-up window an island's change is refused; its dialog offers the passkey, and the change goes through.
  clock.advance(STEP_UP_WINDOW_MS + 60_000);
  await page.goto(`${app().baseUrl}/account-settings`);
  await waitForIslands(page);
  await page.getByLabel('Current Password').fill(account.password);
  await page.getByLabel('New Password', { exact: true }).fill('after-the-passkey-1');
  await page.getByLabel('Confirm New Password').fill('after-the-passkey-1');
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await dialog.getByRole('button', { name: 'Use a passkey instead' }).click();
  await t.notThrowsAsync(page.getByText('Other devices have been signed out.').first().waitFor());
  t.is(await dialog.count(), 0, 'the dialog has closed');

  await page.goto(`${app().baseUrl}/account-settings#security`);
  await waitForIslands(page);
  t.notRegex(await security.getByTestId('passkey').innerText(), /Last used never/, 'the sign-in is its last use');
  await shoot(t, page, 'security-passkey');
  await security.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
  await page.waitForURL('**/account-settings?saved=passkey-remove#security');
  t.is(await security.getByTestId('passkey').count(), 0);
  t.is(await Passkey.query().where({ userId: account.user.id }).resultSize(), 0);
  const events = await security.getByTestId('security-events').innerText();
  t.regex(events, /Passkey removed: Work laptop/);
  t.regex(events, /Passkey added: Work laptop/);
  assertNoBrowserErrors(t, recorded, [...allowed, /status of 401/]); // the refused change before the proof
});

test.serial('a browser without WebAuthn is told on /login/passkey that it cannot use passkeys', async (t) => {
  const recorded = await openPage(browser());
  const { page, context } = recorded;
  await context.addInitScript(() => {
    delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  });
  await page.goto(`${app().baseUrl}/login/passkey`);
  await waitForIslands(page);
  t.true(await page.getByText('This browser cannot use passkeys. Sign in with your password instead.').isVisible());
  t.is(await page.getByRole('button', { name: 'Sign In with a Passkey' }).count(), 0);
  await Promise.all([
    page.waitForURL('**/login'),
    page.getByRole('link', { name: 'Sign in with your password' }).click(),
  ]);
  t.true(await page.getByRole('button', { name: 'Sign In', exact: true }).isVisible());
  assertNoBrowserErrors(t, recorded);
});

test.serial('without JavaScript /login/passkey says what it needs and links back to the password form', async (t) => {
  const context = await browser().newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`${app().baseUrl}/login/passkey`);
    // (Chromium with script turned off by DevTools still parses <noscript> as text, so read it rather than see it.)
    t.regex(await page.locator('noscript').innerHTML(), /Signing in with a passkey needs JavaScript\./);
    t.true(await page.getByRole('button', { name: 'Sign In with a Passkey' }).isDisabled());
    t.true(await page.getByRole('link', { name: 'Sign in with your password' }).isVisible());
  } finally {
    await context.close();
  }
});

test.serial(
  'a super admin requires two-factor for admins; an admin enrols at sign-in; the user detail shows it',
  async (t) => {
    const superAdmin = await createUser({ name: 'Chief Morales', role: 'super_admin' });
    const admin = await createUser({ name: 'Lt. Admin Park', role: 'admin' });
    const chief = await openPage(browser());
    await signInWithPassword(chief.page, superAdmin);
    await chief.page.waitForURL('**/admin');
    const setting = chief.page.getByRole('region', { name: 'Sign-in security' });
    await setting.getByLabel('Require two-factor sign-in for admins').check();
    await waitForIslands(chief.page);
    await shoot(t, chief.page, 'admin-two-factor-setting');
    await Promise.all([chief.page.waitForURL('**/admin'), setting.getByRole('button', { name: 'Save' }).click()]);
    // The rule holds for open sessions: the chief has no authenticator either, so this session has ended.
    await chief.page.goto(`${app().baseUrl}/admin`);
    t.is(await chief.page.getByRole('region', { name: 'Sign-in security' }).count(), 0, 'the open session ended');

    /** A password sign-in that must enrol first: the set-up page, the first code, the recovery codes. */
    const enrolAtSignIn = async (page: typeof chief.page, account: typeof admin, name: string) => {
      await signInWithPassword(page, account);
      await page.waitForURL('**/login/enrol');
      await shoot(t, page, name);
      const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
      await page.getByLabel('First code from the app').fill(codeFor(secret));
      await Promise.all([
        page.waitForURL('**/account-settings?saved=totp-confirm#security'),
        page.getByRole('button', { name: 'Turn On and Continue' }).click(),
      ]);
      t.is(await page.getByTestId('recovery-codes').locator('li').count(), 10);
    };
    const recorded = await openPage(browser());
    const { page } = recorded;
    await enrolAtSignIn(page, admin, 'login-enrol');
    await enrolAtSignIn(chief.page, superAdmin, 'login-enrol-super-admin');
    await chief.page.goto(`${app().baseUrl}/admin`);
    t.true(await setting.getByLabel('Require two-factor sign-in for admins').isChecked());
    await waitForIslands(chief.page);

    await chief.page.goto(`${app().baseUrl}/admin/users/${admin.user.id}`);
    t.true(await chief.page.getByTestId('admin-security-events').getByText('Two-factor sign-in turned on').isVisible());
    await shoot(t, chief.page, 'admin-user-detail');
    await setting.page().goto(`${app().baseUrl}/admin`);
    await setting.getByLabel('Require two-factor sign-in for admins').uncheck();
    await Promise.all([chief.page.waitForURL('**/admin'), setting.getByRole('button', { name: 'Save' }).click()]);
    assertNoBrowserErrors(t, recorded);
    // The 401s: the chief's own visits after the switch ended the session (expected, asserted above).
    assertNoBrowserErrors(t, chief, [/status of 401 \(Unauthorized\)/]);
  },
);
