/**
 * Accounts in a real Chromium: register with an invite code → /create-profile; the user menu
 * opens and lists the user's choices; sign out; sign in; forgot password → mail over real SMTP → link → new password → sign in.
 * The four sign-in pages are server forms with no script at all (docs/decisions/script-only-where-needed.md).
 */
import test, { type ExecutionContext } from 'ava';
import type { Page } from 'playwright-core';
import { startSmtpServer, type TestSmtp } from '../helpers/smtp';
import { assertNoBrowserErrors, openPage, screenshot, waitForIslands } from '../helpers/browser';
import { BetaCode } from '../../src/models/BetaCode';
import { useBrowserApp } from '../helpers/browserApp';

let smtp: TestSmtp;
const { app, browser } = useBrowserApp(test, async () => {
  smtp = await startSmtpServer();
  return { smtpUrl: smtp.url, rateLimitsEnabled: false };
});
test.after.always(async () => {
  await smtp?.close();
});

// /create-profile is a 404 until profiles exist; the navigation itself is what this flow checks.
const allowed = [/status of 404/];

/**
 * A sign-in page ships no JavaScript: no <script> but JSON, no preload, and the browser fetched no script. /login's
 * passkey sign-in is a link to its own page (test/e2e/two-factor.test.ts).
 */
async function assertNoScript(t: ExecutionContext, page: Page): Promise<void> {
  const executable = await page
    .locator('script:not([type="application/json"])')
    .evaluateAll((scripts) => scripts.map((s) => s.getAttribute('src') ?? s.textContent));
  t.deepEqual(executable, [], `${page.url()} has no <script>`);
  t.is(await page.locator('link[rel="modulepreload"]').count(), 0, `${page.url()} preloads no module`);
  const fetched = await page.evaluate(
    () => performance.getEntriesByType('resource').filter((entry) => /\.m?js(\?|$)/.test(entry.name)).length,
  );
  t.is(fetched, 0, `${page.url()} fetched no script`);
}

test.serial('register, use the menu, sign out, sign in, reset the password by e-mail', async (t) => {
  const code = await BetaCode.query().insertAndFetch({ code: 'ENGINE42', maxUses: 3 });
  const email = `medic.${Date.now()}@example.com`;
  const recorded = await openPage(browser());
  const { page } = recorded;

  // Register: the invite code shows upper-case as typed (and is stored upper-case by the server).
  await page.goto(`${app().baseUrl}/register`);
  await assertNoScript(t, page);
  await page.getByLabel('Full Name').fill('Sam Okafor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-pass-1');
  await page.getByLabel('Beta Invite Code').pressSequentially('engine42');
  t.is(await page.getByLabel('Beta Invite Code').evaluate((el) => getComputedStyle(el).textTransform), 'uppercase');
  await screenshot(page, 'register-filled');
  await Promise.all([page.waitForURL('**/create-profile'), page.click('button[type=submit]')]);
  t.is((await BetaCode.query().findById(code.id))!.currentUses, 1);
  // The spec's success toast, carried by the redirect to the next page (which has script: its toaster shows it).
  await t.notThrowsAsync(page.getByTestId('toasts').getByText('Account created successfully').waitFor());

  // The user menu is plain HTML (<details>): it opens on a click and lists the user's choices.
  await page.goto(`${app().baseUrl}/account-settings`);
  await waitForIslands(page);
  const menu = page.getByTestId('user-menu');
  await menu.locator('summary').click();
  await t.notThrowsAsync(menu.getByText(email).waitFor());
  t.deepEqual(
    (await menu.locator('a, button').allTextContents()).map((s) => s.trim()),
    ['Create Profile', 'Account Settings', 'Sign Out'],
  );
  await screenshot(page, 'user-menu-open');

  // Sign out returns to /, signed out.
  await Promise.all([page.waitForURL(`${app().baseUrl}/`), menu.getByRole('button', { name: 'Sign Out' }).click()]);
  t.true(await page.getByRole('link', { name: 'Login' }).isVisible());

  // Sign in again: a regular user lands on / (which sends them on to create a profile).
  await page.goto(`${app().baseUrl}/login`);
  await assertNoScript(t, page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-pass-1');
  await Promise.all([page.waitForURL('**/create-profile'), page.click('button[type=submit]')]);
  await t.notThrowsAsync(page.getByTestId('toasts').getByText('Welcome back, Sam Okafor!').waitFor());

  // Forgot password from a fresh, signed-out browser.
  const other = await openPage(browser());
  await other.page.goto(`${app().baseUrl}/forgot-password`);
  await assertNoScript(t, other.page);
  await other.page.getByLabel('Email').fill(email);
  await other.page.click('button[type=submit]');
  await t.notThrowsAsync(other.page.getByRole('heading', { name: 'Check Your Email' }).waitFor());
  await assertNoScript(t, other.page);
  await screenshot(other.page, 'forgot-check-email');
  t.true(await other.page.getByRole('link', { name: 'Send Another Email' }).isVisible());

  const mail = await smtp.waitForMail(email);
  const link = /http:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail.text)?.[0];
  t.truthy(link, mail.text);
  await other.page.goto(link!);
  await assertNoScript(t, other.page);
  await other.page.getByLabel('New Password').fill('second-pass-2');
  await other.page.getByLabel('Confirm Password').fill('second-pass-2');
  // The show/hide toggle (a server round trip): the passwords come back as text, as typed.
  await other.page.getByRole('button', { name: 'Show' }).click();
  t.is(await other.page.getByLabel('New Password').getAttribute('type'), 'text');
  t.is(await other.page.getByLabel('Confirm Password').inputValue(), 'second-pass-2');
  await screenshot(other.page, 'reset-password-shown');
  await other.page.getByRole('button', { name: 'Hide' }).click();
  t.is(await other.page.getByLabel('New Password').getAttribute('type'), 'password');
  await other.page.getByLabel('Confirm Password').press('Enter'); // Enter submits the reset, not the toggle
  await t.notThrowsAsync(other.page.getByRole('heading', { name: 'Password reset' }).waitFor());
  await assertNoScript(t, other.page);
  await other.page.waitForURL('**/login', { timeout: 6000 });

  // The reset ended the first browser's session.
  const me = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
  t.is(me, 401);

  // The new password works.
  await other.page.getByLabel('Email').fill(email);
  await other.page.getByLabel('Password', { exact: true }).fill('second-pass-2');
  await Promise.all([other.page.waitForURL('**/create-profile'), other.page.click('button[type=submit]')]);

  assertNoBrowserErrors(t, recorded, [...allowed, /status of 401/]);
  assertNoBrowserErrors(t, other, allowed);
});

test.serial(
  'a wrong password shows Login failed with the server message; empty fields get the spec messages',
  async (t) => {
    const recorded = await openPage(browser());
    const { page } = recorded;
    await page.goto(`${app().baseUrl}/login`);
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.click('button[type=submit]');
    const alert = page.getByTestId('form-alert');
    await t.notThrowsAsync(alert.getByText('Login failed').waitFor());
    t.true(await alert.getByText('Invalid email or password').isVisible());
    t.is(await page.getByLabel('Email').inputValue(), 'nobody@example.com', 'the e-mail is kept');
    t.is(await page.getByLabel('Password', { exact: true }).inputValue(), '', 'the password is never sent back');
    await assertNoScript(t, page);
    await screenshot(page, 'login-failed');

    // Nothing typed: the post still reaches the server (noValidate), which answers with the spec's messages.
    await page.goto(`${app().baseUrl}/login`);
    await page.click('button[type=submit]');
    await t.notThrowsAsync(page.getByText('Invalid email address').waitFor());
    t.true(await page.getByText('Password must be at least 6 characters').isVisible());
    assertNoBrowserErrors(t, recorded, [/status of 401/, /status of 400/]);
  },
);
