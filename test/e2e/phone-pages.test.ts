/**
 * The smaller things a phone shows up (spec 01 §2): Account Settings has one Security Settings card and tells two
 * devices of the same browser apart, each with a "Sign out this device" button named after it; the second step's
 * code field opens the number pad; the department page lays its facts out compactly; the insights page has one
 * main landmark. Each page at 375 and 1280 px, fitting the screen, with no serious axe finding.
 */
import path from 'node:path';
import test from 'ava';
import { createUser } from '../helpers/users';
import { anyDepartment, createProfileFor } from '../helpers/profiles';
import { openPage, assertNoHorizontalOverflow, screenshot, SCREENSHOT_DIR } from '../helpers/browser';
import { seriousViolations } from '../helpers/axe';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

for (const width of [375, 1280]) {
  test.serial(`Account Settings at ${width} px: one Security Settings card, devices told apart`, async (t) => {
    const owner = await createUser({ name: 'Morgan Ellis' });
    // Two phones with the same browser, seen at different times.
    for (let i = 0; i < 2; i++) {
      const signedIn = await app()
        .client()
        .postForm(
          '/login',
          { email: owner.user.email, password: owner.password },
          { headers: { 'User-Agent': ANDROID_CHROME } },
        );
      t.is(signedIn.status, 303);
    }
    const phones = await app().db('sessions').where({ userId: owner.user.id, userAgent: ANDROID_CHROME }).orderBy('id');
    for (const [i, hoursAgo] of [3, 26].entries())
      await app()
        .db('sessions')
        .where('id', phones[i].id)
        .update({ lastSeenAt: new Date(Date.now() - hoursAgo * 3_600_000) });
    await app().caughtUp();
    const { page, context } = await openPage(browser(), { width, height: 900 });
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
    await page.goto(`${app().baseUrl}/account-settings`);

    t.is(await page.getByRole('region', { name: 'Security Settings' }).count(), 1, 'one Security Settings card');
    t.is(await page.getByRole('region', { name: 'Security', exact: true }).count(), 0, 'no second Security card');
    const security = page.getByRole('region', { name: 'Security Settings' });
    t.true(await security.getByRole('button', { name: 'Change Password' }).isVisible(), 'the password is in it');
    t.true(await security.getByRole('button', { name: 'Set Up Authenticator App' }).isVisible(), 'and two-factor');

    const buttons = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('button');
    const names = await buttons.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
    t.is(names.length, 2, 'a button for each other device');
    t.true(
      names.every((name) => name.startsWith('Sign out this device: Chrome on Android')),
      names.join(' | '),
    );
    t.not(names[0], names[1], 'the two Chrome on Android rows are told apart');
    t.deepEqual(await buttons.allInnerTexts(), ['Sign out this device', 'Sign out this device']);
    await assertNoHorizontalOverflow(t, page, `account settings at ${width}`);
    t.deepEqual(
      await seriousViolations(browser(), page.url(), { width, headers: { Authorization: `Bearer ${owner.token}` } }),
      [],
      'axe on Account Settings',
    );
    await screenshot(page, `settings-${width}`);
    for (const id of ['security', 'devices'])
      await page.locator(`#${id}`).screenshot({ path: path.join(SCREENSHOT_DIR, `settings-${id}-${width}.png`) });
    await context.close();
  });

  test.serial(`the department page and the insights page at ${width} px`, async (t) => {
    const department = await anyDepartment();
    const { page, context } = await openPage(browser(), { width, height: 900 });
    await page.goto(`${app().baseUrl}/departments/${department.id}`);
    const facts = page.getByRole('definition').first();
    await facts.waitFor();
    const boxes = await page
      .locator('dl[aria-label="Registry facts"] > div')
      .evaluateAll((els) => els.slice(0, 3).map((el) => el.getBoundingClientRect().top));
    if (width === 1280) t.is(new Set(boxes).size, 1, 'City, State and County on one line');
    else t.true(boxes.length >= 2, 'a compact list of facts');
    await assertNoHorizontalOverflow(t, page, `department page at ${width}`);
    t.deepEqual(await seriousViolations(browser(), page.url(), { width }), [], 'axe on the department page');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `department-${width}.png`) });

    const owner = await createUser({ name: 'Dana Okafor' });
    const profile = await createProfileFor(owner);
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
    await page.goto(`${app().baseUrl}/profiles/${profile.id}/insights`);
    t.is(await page.getByRole('main').count(), 1, 'one main landmark');
    await assertNoHorizontalOverflow(t, page, `insights at ${width}`);
    t.deepEqual(
      await seriousViolations(browser(), page.url(), { width, headers: { Authorization: `Bearer ${owner.token}` } }),
      [],
      'axe on insights',
    );
    await context.close();
  });
}
