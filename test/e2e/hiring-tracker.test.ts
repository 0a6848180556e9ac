/**
 * The hiring tracker in a real Chromium (docs/decisions/hiring-tracker.md), at 375 and 1280 px: the owner adds a
 * CPAT in the profile's Hiring Tracker section (the department chosen from the registry's suggestions), opens the
 * tracker page and sees its window and the lateral view of their verified service, with the break in it.
 * Screenshots (test-results/screenshots/hiring-tracker-*).
 */
import test from 'ava';
import type { Page } from 'playwright-core';
import { clientAs } from '../helpers/app';
import { createUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { verifyMember } from '../helpers/verification';
import {
  assertNoBrowserErrors,
  assertNoHorizontalOverflow,
  openPage,
  screenshot,
  waitForIslands,
} from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });

const section = (page: Page, key: string) => page.locator(`section[aria-labelledby="section-${key}"]`);

for (const width of [375, 1280]) {
  test.serial(`at ${width} px the owner adds a CPAT and sees its window and the lateral view`, async (t) => {
    const department = (await app()
      .db('departments')
      .where('verification_status', 'verified')
      .orderBy('id')
      .first('id', 'name')) as { id: number; name: string };
    const owner = await createUser({ name: `Tracker Owner ${width}` });
    const profile = await createProfileFor(owner);
    await verifyMember(owner.user.id, department.id);
    const api = clientAs(app(), owner);
    for (const year of ['2010-2012', '2014-present'])
      await api.post(`/api/profiles/${profile.id}/timeline`, {
        year,
        event: `Firefighter ${year}`,
        type: 'hired',
        department: department.name,
      });

    const recorded = await openPage(browser(), { width, height: 900 });
    const { page } = recorded;
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
    await page.goto(`${app().baseUrl}/profiles/${profile.id}?edit=1&add=hiring-tracker`);
    await waitForIslands(page);
    const tracker = section(page, 'hiringTracker');
    const form = tracker.getByRole('form', { name: 'New tracker entry' });
    await form.getByRole('button', { name: 'Save tracker entry' }).click();
    await t.notThrowsAsync(form.getByText('Choose the test or list', { exact: true }).waitFor());
    await form.getByLabel('Test or list', { exact: true }).selectOption('cpat');
    // The department from the registry: type part of its name, choose the suggestion.
    await form.getByRole('combobox', { name: 'Department' }).fill(department.name.slice(0, 8));
    await page
      .getByRole('option', { name: new RegExp(department.name) })
      .first()
      .click();
    t.is(await form.getByRole('combobox', { name: 'Department' }).inputValue(), department.name);
    await form.getByLabel('Date taken', { exact: true }).fill('2099-03-14');
    await Promise.all([
      page.waitForResponse((res) => res.request().method() === 'POST' && res.url().includes('/hiring-tracker')),
      form.getByRole('button', { name: 'Save tracker entry' }).click(),
    ]);
    await t.notThrowsAsync(tracker.getByRole('heading', { name: 'CPAT' }).waitFor());
    await tracker.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/hiring-tracker-edit-${width}.png` });

    await page.goto(`${app().baseUrl}/profiles/${profile.id}?widget=hiring-tracker`);
    await Promise.all([
      page.waitForURL(`${app().baseUrl}/profiles/${profile.id}/tracker`),
      page.getByRole('link', { name: /Open the tracker/ }).click(),
    ]);
    const windows = page.getByTestId('tracker-windows');
    await t.notThrowsAsync(windows.getByRole('cell', { name: /CPAT/ }).waitFor());
    t.true((await windows.innerText()).includes('2100-03-14'), 'a CPAT holds twelve months');
    t.true((await windows.innerText()).includes('Usual 12 months'));
    const lateral = page.getByTestId('lateral-view');
    t.true((await lateral.innerText()).includes('1 break in service'));
    await t.notThrowsAsync(lateral.getByText('Break in service', { exact: true }).waitFor());
    t.true((await lateral.innerText()).includes('365'), 'the break lasts the year 2013');
    await assertNoHorizontalOverflow(t, page, `tracker page at ${width}`);
    await screenshot(page, `hiring-tracker-page-${width}`);
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();
  });
}
