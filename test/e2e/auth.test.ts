/**
 * Accounts in a real Chromium: register with an invite code → /create-profile; the user menu
 * opens and lists the user's choices; sign out; sign in; forgot password → mail over real SMTP → link → new password → sign in.
 */
import test from 'ava';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { startSmtpServer, type TestSmtp } from '../helpers/smtp';
import { assertNoBrowserErrors, launchBrowser, openPage, screenshot, waitForIslands } from '../helpers/browser';
import { BetaCode } from '../../src/models/BetaCode';

let app: TestApp;
let smtp: TestSmtp;
let browser: Browser;

test.before(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ smtpUrl: smtp.url, rateLimitsEnabled: false });
  browser = await launchBrowser();
});
test.after.always(async () => {
  await browser?.close();
  await app?.close();
  await smtp?.close();
});

// /create-profile is a 404 until profiles exist; the navigation itself is what this flow checks.
const allowed = [/status of 404/];

test.serial('register, use the menu, sign out, sign in, reset the password by e-mail', async (t) => {
  const code = await BetaCode.query().insertAndFetch({ code: 'ENGINE42', maxUses: 3 });
  const email = `medic.${Date.now()}@example.com`;
  const recorded = await openPage(browser);
  const { page } = recorded;

  // Register: the invite code shows upper-case as typed.
  await page.goto(`${app.baseUrl}/register`);
  await waitForIslands(page);
  await page.getByLabel('Full Name').fill('Sam Okafor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-pass-1');
  await page.getByLabel('Beta Invite Code').pressSequentially('engine42');
  t.is(await page.getByLabel('Beta Invite Code').inputValue(), 'ENGINE42');
  await screenshot(page, 'register-filled');
  await Promise.all([page.waitForURL('**/create-profile'), page.click('button[type=submit]')]);
  t.is((await BetaCode.query().findById(code.id))!.currentUses, 1);

  // The user menu is plain HTML (<details>): it opens on a click and lists the user's choices.
  await page.goto(`${app.baseUrl}/account-settings`);
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
  await Promise.all([page.waitForURL(`${app.baseUrl}/`), menu.getByRole('button', { name: 'Sign Out' }).click()]);
  t.true(await page.getByRole('link', { name: 'Login' }).isVisible());

  // Sign in again: a regular user lands on / (which sends them on to create a profile).
  await page.goto(`${app.baseUrl}/login`);
  await waitForIslands(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-pass-1');
  await Promise.all([page.waitForURL('**/create-profile'), page.click('button[type=submit]')]);

  // Forgot password from a fresh, signed-out browser.
  const other = await openPage(browser);
  await other.page.goto(`${app.baseUrl}/forgot-password`);
  await waitForIslands(other.page);
  await other.page.getByLabel('Email').fill(email);
  await other.page.click('button[type=submit]');
  await t.notThrowsAsync(other.page.getByRole('heading', { name: 'Check Your Email' }).waitFor());
  await screenshot(other.page, 'forgot-check-email');
  t.true(await other.page.getByRole('button', { name: 'Send Another Email' }).isVisible());

  const mail = await smtp.waitForMail(email);
  const link = /http:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail.text)?.[0];
  t.truthy(link, mail.text);
  await other.page.goto(link!);
  await waitForIslands(other.page);
  await other.page.getByLabel('New Password').fill('second-pass-2');
  await other.page.getByLabel('Confirm Password').fill('second-pass-2');
  await other.page.click('button[type=submit]');
  await t.notThrowsAsync(other.page.getByRole('heading', { name: 'Password reset' }).waitFor());
  await other.page.waitForURL('**/login', { timeout: 6000 });

  // The reset ended the first browser's session.
  const me = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
  t.is(me, 401);

  // The new password works.
  await waitForIslands(other.page);
  await other.page.getByLabel('Email').fill(email);
  await other.page.getByLabel('Password', { exact: true }).fill('second-pass-2');
  await Promise.all([other.page.waitForURL('**/create-profile'), other.page.click('button[type=submit]')]);

  assertNoBrowserErrors(t, recorded, [...allowed, /status of 401/]);
  assertNoBrowserErrors(t, other, allowed);
});

test.serial('a wrong password shows the Login failed toast', async (t) => {
  const recorded = await openPage(browser);
  const { page } = recorded;
  await page.goto(`${app.baseUrl}/login`);
  await waitForIslands(page);
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.click('button[type=submit]');
  const toast = page.getByTestId('toasts').getByRole('status');
  await t.notThrowsAsync(toast.getByText('Login failed').waitFor());
  t.true(await toast.getByText('Invalid email or password').isVisible());
  t.is(await toast.getAttribute('data-variant'), 'destructive');
  await screenshot(page, 'login-failed-toast');
  // F8 moves focus to the notifications; a close button dismisses.
  await page.keyboard.press('F8');
  t.is(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'toasts');
  await toast.getByRole('button', { name: 'Close' }).click();
  await toast.waitFor({ state: 'detached' });
  assertNoBrowserErrors(t, recorded, [/status of 401/]);
});
