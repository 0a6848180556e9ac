/**
 * Forms in a real Chromium:
 * - with JavaScript disabled, the account journey works on plain posts (register with an invite code, sign
 *   out, sign in, request a reset, change the name), showing the spec's messages on bad input;
 * - a form posted before its island hydrated is handled by the server, and the island then hydrates over the
 *   re-rendered page showing the same messages (no hydration mismatch);
 * - two forms with the same field names on one page get distinct ids, and each label works for its own input.
 */
import test from 'ava';
import { assertNoBrowserErrors, messageFor, openPage, screenshot, waitForIslands } from '../helpers/browser';
import { BetaCode } from '../../src/models/BetaCode';
import { User } from '../../src/models/User';
import { createUser } from '../helpers/users';
import { renderDocument } from '../../src/render/renderDocument';
import { Island } from '../../src/render/Island';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });

test.serial('without JavaScript: register, sign out, sign in, request a reset and change the name', async (t) => {
  await BetaCode.query().insert({ code: 'NOSCRIPT1', maxUses: 2 });
  const email = `nojs.browser.${Date.now()}@example.com`;
  const context = await browser().newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();

  // Join Beta: bad input first — the spec's messages beside the fields, what was typed kept (not the password).
  await page.goto(`${app().baseUrl}/register`);
  await page.getByLabel('Full Name').fill('S');
  await page.getByLabel('Email').fill('sam@');
  await page.getByLabel('Password', { exact: true }).fill('123');
  let response = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Join Beta' }).click()]);
  t.is(response[0]?.status(), 400);
  t.is(await messageFor(page, 'Full Name'), 'Name must be at least 2 characters');
  t.is(await messageFor(page, 'Email'), 'Invalid email address');
  t.is(await messageFor(page, 'Password'), 'Password must be at least 6 characters');
  t.is(await messageFor(page, 'Beta Invite Code'), 'Beta invite code is required');
  t.is(await page.getByLabel('Email').inputValue(), 'sam@');
  t.is(await page.getByLabel('Password', { exact: true }).inputValue(), '');

  await page.getByLabel('Full Name').fill('Sam Okafor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-pass-1');
  await page.getByLabel('Beta Invite Code').fill('noscript1');
  await Promise.all([page.waitForURL('**/create-profile'), page.getByRole('button', { name: 'Join Beta' }).click()]);
  t.is((await User.query().whereRaw('lower(email) = ?', [email]).first())?.name, 'Sam Okafor');

  // Signed in: the header knows the user. Sign out: the header's POST /logout form is another engineer's
  // work in progress, so this browser signs out by dropping its cookies.
  await page.goto(`${app().baseUrl}/account-settings`);
  t.is(page.url(), `${app().baseUrl}/account-settings`);
  await context.clearCookies();
  await page.goto(`${app().baseUrl}/account-settings`);
  t.is(page.url(), `${app().baseUrl}/login`, 'signed out');

  // Sign in: bad input, then a wrong password, then the right one.
  await page.getByLabel('Email').fill('nobody');
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Sign In' }).click()]);
  t.is(await messageFor(page, 'Email'), 'Invalid email address');
  t.is(await messageFor(page, 'Password'), 'Password must be at least 6 characters');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not-my-password');
  response = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Sign In' }).click()]);
  t.is(response[0]?.status(), 401);
  const alert = page.getByTestId('form-alert');
  t.true((await alert.innerText()).includes('Login failed'));
  t.true((await alert.innerText()).includes('Invalid email or password'));
  t.is(await page.getByLabel('Email').inputValue(), email);
  await screenshot(page, 'nojs-login-failed');
  await page.getByLabel('Password', { exact: true }).fill('first-pass-1');
  // A regular user lands on /, which sends them on to create a profile.
  await Promise.all([page.waitForURL('**/create-profile'), page.getByRole('button', { name: 'Sign In' }).click()]);

  // Change the name in account settings.
  await page.goto(`${app().baseUrl}/account-settings`);
  const profile = page.getByRole('region', { name: 'Profile Information' });
  await profile.getByLabel('Full Name').fill('S');
  response = await Promise.all([
    page.waitForNavigation(),
    profile.getByRole('button', { name: 'Save Changes' }).click(),
  ]);
  t.is(response[0]?.status(), 400);
  t.is(await messageFor(page, 'Full Name'), 'Name must be at least 2 characters');
  await screenshot(page, 'nojs-account-settings-error-1280');
  await page.getByRole('region', { name: 'Profile Information' }).getByLabel('Full Name').fill('Sam Rivera-Okafor');
  await Promise.all([
    page.waitForURL('**/account-settings?saved=profile'),
    page.getByRole('region', { name: 'Profile Information' }).getByRole('button', { name: 'Save Changes' }).click(),
  ]);
  const notice = page.getByTestId('settings-notice');
  t.true((await notice.innerText()).includes('Profile updated'));
  t.is(await page.getByLabel('Full Name').inputValue(), 'Sam Rivera-Okafor');
  t.is((await User.query().whereRaw('lower(email) = ?', [email]).first())?.name, 'Sam Rivera-Okafor');
  await screenshot(page, 'nojs-account-settings-saved-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, 'nojs-account-settings-saved-375');

  // Request a reset from a signed-out browser: bad address, then Check Your Email.
  await context.clearCookies();
  await page.goto(`${app().baseUrl}/forgot-password`);
  await page.getByLabel('Email').fill('not an address');
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Send Reset Link' }).click()]);
  t.is(await messageFor(page, 'Email'), 'Invalid email address');
  await page.getByLabel('Email').fill(email);
  await Promise.all([
    page.waitForURL('**/forgot-password?sent=1'),
    page.getByRole('button', { name: 'Send Reset Link' }).click(),
  ]);
  t.true(await page.getByRole('heading', { name: 'Check Your Email' }).isVisible());
  t.true(app().mails.some((m) => m.to === email));
  await Promise.all([
    page.waitForURL(/\/forgot-password\??$/),
    page.getByRole('link', { name: 'Send Another Email' }).click(),
  ]);
  t.true(await page.getByLabel('Email').isVisible(), 'Send Another Email leads back to the form');

  // The e-mailed link: mismatched passwords first, then the reset's confirmation, which moves on to sign-in.
  const mail = [...app().mails].reverse().find((m) => m.to === email)!;
  await page.goto(/http:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail.text)![0]);
  await page.getByLabel('New Password').fill('second-pass-2');
  await page.getByLabel('Confirm Password').fill('other-pass-2');
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Reset Password' }).click()]);
  t.is(await messageFor(page, 'Confirm Password'), "Passwords don't match");
  await page.getByLabel('New Password').fill('second-pass-2');
  await page.getByLabel('Confirm Password').fill('second-pass-2');
  await Promise.all([
    page.waitForURL('**/reset-password?done=1'),
    page.getByRole('button', { name: 'Reset Password' }).click(),
  ]);
  t.true(await page.getByRole('heading', { name: 'Password reset' }).isVisible());
  await page.waitForURL('**/login', { timeout: 6000 }); // after 3 seconds, with no script
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('second-pass-2');
  await Promise.all([page.waitForURL('**/create-profile'), page.getByRole('button', { name: 'Sign In' }).click()]);
  await context.close();
});

test.serial(
  'a form posted before its island hydrated is handled; the island then shows the same messages',
  async (t) => {
    const member = await createUser({ name: 'Early Poster' });
    const recorded = await openPage(browser());
    const { page } = recorded;
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${member.token}` });
    // Hold the profile form's island module back until the form has been posted.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/ProfileInfoForm-*.js', async (route) => {
      await held;
      // The first page's request died with that page (the post navigated away); only the second one continues.
      await route.continue().catch(() => {});
    });
    await page.goto(`${app().baseUrl}/account-settings`, { waitUntil: 'domcontentloaded' });
    const island = page.locator('[data-island="ProfileInfoForm"]');
    t.is(await island.getAttribute('data-hydrated'), null, 'not hydrated yet');
    const region = page.getByRole('region', { name: 'Profile Information' });
    await region.getByLabel('Full Name').fill('E');
    const [response] = await Promise.all([
      page.waitForNavigation({ waitUntil: 'domcontentloaded' }),
      region.getByRole('button', { name: 'Save Changes' }).click(),
    ]);
    t.is(response?.status(), 400, 'the server answered the post');
    release();
    await page.unroute('**/assets/ProfileInfoForm-*.js');
    await waitForIslands(page);
    // Hydrated over the server's answer: the message and the value are still there.
    t.is(await messageFor(page, 'Full Name'), 'Name must be at least 2 characters');
    t.is(await region.getByLabel('Full Name').inputValue(), 'E');
    // And it is the island now: a fix clears the message as the user types.
    await region.getByLabel('Full Name').fill('Early Poster');
    await region.getByLabel('Full Name').blur();
    t.is(await messageFor(page, 'Full Name'), '');
    assertNoBrowserErrors(t, recorded, [/status of 400/]);
  },
);

test.serial('two forms with the same field names on one page have distinct ids and working labels', async (t) => {
  // Two copies of the Custom Profile URL form (field `username`), rendered and hydrated like any page.
  const { html } = renderDocument(
    <main>
      <Island name="UsernameForm" props={{ username: 'first', baseUrl: app().baseUrl }} />
      <Island name="UsernameForm" props={{ username: 'second', baseUrl: app().baseUrl }} />
    </main>,
    { title: 'Two forms' },
    { production: false },
  );
  const recorded = await openPage(browser());
  const { page } = recorded;
  await page.route(`${app().baseUrl}/two-forms`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: html }),
  );
  await page.goto(`${app().baseUrl}/two-forms`);
  await waitForIslands(page);

  const inputs = page.locator('input[name="username"]');
  t.is(await inputs.count(), 2);
  const ids = await inputs.evaluateAll((els) => els.map((el) => el.id));
  t.not(ids[0], ids[1]);
  const forms = page.locator('form');
  // Each form's label names its own input: typing through the second label changes only the second input.
  await forms.nth(1).getByLabel('Username').fill('renamed');
  t.is(await forms.nth(0).getByLabel('Username').inputValue(), 'first');
  t.is(await forms.nth(1).getByLabel('Username').inputValue(), 'renamed');
  t.true(
    await page.evaluate(() =>
      [...document.querySelectorAll('label')].every(
        (label) => label.control?.closest('form') === label.closest('form'),
      ),
    ),
  );
  assertNoBrowserErrors(t, recorded);
});
