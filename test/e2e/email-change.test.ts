/**
 * Changing the account e-mail in a browser (docs/api.md "Step-up"), over the real SMTP test server: the session's
 * proof has run out, so Save asks for the password in the step-up dialog and sends the change again; the new
 * address's link confirms it; the old address's notice opens "this wasn't me". Screenshots at 375 and 1280 px.
 */
import test from 'ava';
import {
  assertNoBrowserErrors,
  assertNoHorizontalOverflow,
  openPage,
  screenshot,
  waitForIslands,
} from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';
import { startSmtpServer, type TestSmtp } from '../helpers/smtp';
import { testClock } from '../helpers/stepUp';
import { createUser } from '../helpers/users';
import { User } from '../../src/models/User';
import { STEP_UP_WINDOW_MS } from '../../src/validation/stepUp';

const clock = testClock();
let smtp: TestSmtp;
const { app, browser } = useBrowserApp(
  test,
  async () => {
    smtp = await startSmtpServer();
    return { rateLimitsEnabled: false, smtpUrl: smtp.url };
  },
  { clock: clock.now },
);
test.serial.after.always(async () => {
  await smtp?.close();
});

const linkIn = (text: string, path: string) =>
  new RegExp(`${app().baseUrl}${path}\\?token=[A-Za-z0-9_%-]+`).exec(text)?.[0];

for (const width of [375, 1280]) {
  test.serial(`change e-mail with the confirmation link and the old-address notice at ${width} px`, async (t) => {
    const owner = await createUser({ name: 'Riley Chen' });
    const next = `riley.${width}.${owner.user.id}@example.com`;
    const recorded = await openPage(browser(), { width, height: 900 });
    const { page } = recorded;
    await page.goto(`${app().baseUrl}/login`);
    await page.getByLabel('Email').fill(owner.user.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    clock.advance(STEP_UP_WINDOW_MS + 1000); // the sign-in's proof has run out

    await page.goto(`${app().baseUrl}/account-settings`);
    await waitForIslands(page);
    const email = page.getByRole('textbox', { name: 'Email' }).first();
    await email.fill(next);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await dialog.waitFor();
    await dialog.getByLabel('Your password').fill(owner.password);
    await screenshot(page, `email-change-step-up-${width}`);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Check your new address').first().waitFor();
    await screenshot(page, `email-change-pending-${width}`);
    t.is((await User.query().findById(owner.user.id))!.email, owner.user.email, 'not until confirmed');

    const confirm = linkIn((await smtp.waitForMail(next)).text, '/account/email-change/confirm');
    const cancel = linkIn((await smtp.waitForMail(owner.user.email)).text, '/account/email-change/cancel');
    t.truthy(confirm);
    t.truthy(cancel);

    await page.goto(cancel!);
    await page.getByRole('button', { name: 'Stop the Change' }).waitFor();
    await assertNoHorizontalOverflow(t, page, `this wasn't me ${width}`);
    await screenshot(page, `email-change-not-me-${width}`);

    await page.goto(confirm!);
    await assertNoHorizontalOverflow(t, page, `confirm ${width}`);
    await screenshot(page, `email-change-confirm-${width}`);
    await page.getByRole('button', { name: 'Confirm New Address' }).click();
    await page.waitForURL((url) => url.pathname === '/account/email-change/confirmed');
    await screenshot(page, `email-change-confirmed-${width}`);
    t.is((await User.query().findById(owner.user.id))!.email, next);
    assertNoBrowserErrors(t, recorded, [/status of 401/]); // the refused call before the proof
    await page.close();
  });
}
