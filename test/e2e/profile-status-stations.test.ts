/**
 * Status updates and fire stations in a real Chromium (spec 02 §3): the owner adds one of each in edit mode
 * (the required-field message first), Save, and after a reload both show in the read view and to a visitor.
 * Screenshots at 1280 and 375 px.
 */
import test from 'ava';
import type { Locator, Page } from 'playwright-core';
import path from 'node:path';
import { createProfileWithItems } from '../helpers/profileItems';
import { assertNoBrowserErrors, openPage, screenshot, SCREENSHOT_DIR, waitForIslands } from '../helpers/browser';
import type { CreatedUser } from '../helpers/users';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });
let id: number;
let owner: CreatedUser;

test.before(async () => {
  ({ id, owner } = await createProfileWithItems(app()));
});

const section = (page: Page, key: string) => page.locator(`section[aria-labelledby="section-${key}"]`);

async function addItem(page: Page, widget: Locator, noun: string, message: string, values: Record<string, string>) {
  const form = widget.getByRole('form', { name: `New ${noun}` });
  // An empty section opened from the "Add …" menu has its form open already.
  if (!(await form.isVisible())) await widget.locator('summary', { hasText: `Add ${noun}` }).click();
  await form.getByRole('button', { name: `Save ${noun}` }).click();
  await form.getByText(message, { exact: true }).waitFor();
  for (const [label, value] of Object.entries(values)) {
    const field = form.getByLabel(label, { exact: true });
    // The optional fields wait under "More details".
    if (!(await field.isVisible())) await form.getByText('More details', { exact: true }).click();
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
  await Promise.all([
    page.waitForResponse((res) => res.request().method() === 'POST' && res.url().includes('/api/profiles/')),
    form.getByRole('button', { name: `Save ${noun}` }).click(),
  ]);
}

for (const width of [1280, 375]) {
  test.serial(`at ${width} px the owner adds a status update and a fire station; a visitor sees both`, async (t) => {
    const recorded = await openPage(browser(), { width, height: 900 });
    const { page } = recorded;
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
    await page.goto(`${app().baseUrl}/profiles/${id}?edit=1&add=status-updates`);
    await waitForIslands(page);

    const title = `Deployed to Station ${width}`;
    const station = `Central Station ${width}`;
    const updates = section(page, 'statusUpdates');
    await addItem(page, updates, 'status update', 'Title is required', {
      Title: title,
      Content: 'Two weeks on the wildfire line.',
      Type: 'deployment',
      Priority: 'high',
    });
    await updates.getByRole('heading', { name: title }).waitFor();
    await page.goto(`${app().baseUrl}/profiles/${id}?edit=1&add=fire-stations`);
    await waitForIslands(page);
    const stations = section(page, 'fireStations');
    await addItem(page, stations, 'fire station', 'Station name is required', {
      'Station name': station,
      'Station number': '7',
      Position: 'Engineer',
    });
    await stations.getByRole('heading', { name: station }).waitFor();
    await stations.getByRole('heading', { name: station }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `profile-status-stations-edit-${width}.png`) });

    await Promise.all([
      page.waitForURL(`${app().baseUrl}/profiles/${id}`),
      page.getByRole('button', { name: 'Save', exact: true }).click(),
    ]);
    await page.reload();
    await t.notThrowsAsync(section(page, 'statusUpdates').getByRole('heading', { name: title }).waitFor());
    await t.notThrowsAsync(section(page, 'fireStations').getByRole('heading', { name: station }).waitFor());
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();

    const visitor = await openPage(browser(), { width, height: 900 });
    await visitor.page.goto(`${app().baseUrl}/profiles/${id}/public`);
    const read = section(visitor.page, 'statusUpdates');
    await t.notThrowsAsync(read.getByRole('heading', { name: title }).waitFor());
    await t.notThrowsAsync(read.getByText('High priority').first().waitFor());
    await t.notThrowsAsync(section(visitor.page, 'fireStations').getByRole('heading', { name: station }).waitFor());
    const overflow = await visitor.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    t.true(overflow <= 0, `no horizontal scroll (${overflow}px over)`);
    await screenshot(visitor.page, `profile-status-stations-visitor-${width}`);
    await section(visitor.page, 'statusUpdates').scrollIntoViewIfNeeded();
    await visitor.page.screenshot({
      path: path.join(SCREENSHOT_DIR, `profile-status-stations-visitor-${width}-view.png`),
    });
    assertNoBrowserErrors(t, visitor);
    await visitor.context.close();
  });
}
