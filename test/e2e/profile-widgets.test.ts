/** The widgets' read views in a real Chromium without JavaScript: screenshots of the public page at 1280 and 375 px. */
import path from 'node:path';
import test from 'ava';
import { createProfileWithItems } from '../helpers/profileItems';
import { assertNoBrowserErrors, openPage, screenshot, SCREENSHOT_DIR } from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });
let id: number;

test.before(async () => {
  ({ id } = await createProfileWithItems(app()));
});

for (const width of [1280, 375]) {
  test.serial(`the public page's widgets at ${width} px, without JavaScript`, async (t) => {
    const visitor = await openPage(browser(), { width, javaScriptEnabled: false });
    const { page } = visitor;
    await page.goto(`${app().baseUrl}/profiles/${id}/public`);
    await t.notThrowsAsync(page.getByRole('heading', { name: 'Timeline' }).waitFor());
    t.is(await page.getByText('Advanced, 3 of 4').count(), 1, 'the level text is in the page for readers');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    t.true(overflow <= 0, `no horizontal scroll (${overflow}px over)`);
    await screenshot(page, `profile-widgets-${width}`);
    for (const key of ['timeline', 'skills', 'licenses', 'awards']) {
      await page
        .locator(`section[aria-labelledby="section-${key}"]`)
        .screenshot({ path: path.join(SCREENSHOT_DIR, `profile-widgets-${key}-section-${width}.png`) });
    }

    await page.getByRole('link', { name: 'Oldest First' }).click();
    await page.waitForURL(/sort=oldest/);
    await page.goto(`${app().baseUrl}/profiles/${id}/public?widget=timeline&sort=oldest`);
    t.is(await page.getByRole('link', { name: 'Oldest First' }).getAttribute('aria-current'), 'true');
    await screenshot(page, `profile-widgets-timeline-${width}`);
    await page.goto(`${app().baseUrl}/profiles/${id}/public?widget=skills`);
    await screenshot(page, `profile-widgets-skills-${width}`);
    await page.goto(`${app().baseUrl}/profiles/${id}/public?widget=awards`);
    await screenshot(page, `profile-widgets-awards-${width}`);

    // The Photos tab of a profile without photos: that widget's empty state, not every section.
    const filter = page.getByRole('navigation', { name: 'Widget filter' });
    await Promise.all([page.waitForURL(/widget=photos/), filter.getByRole('link', { name: 'Photos' }).click()]);
    t.is(await filter.getByRole('link', { name: 'Photos' }).getAttribute('aria-current'), 'page');
    await t.notThrowsAsync(page.getByRole('heading', { name: 'Photo Gallery' }).waitFor());
    t.true(await page.getByText('No photos yet.').isVisible());
    t.is(await page.getByRole('heading', { name: 'Timeline' }).count(), 0, 'no other section');
    await screenshot(page, `profile-widgets-photos-empty-${width}`);
    assertNoBrowserErrors(t, visitor);
    await visitor.context.close();
  });
}
