/**
 * The admin dashboard's Departments tab in a real Chromium (docs/decisions/pending-departments.md): a pending
 * duplicate merged into the department kept (the password asked once, in the shared step-up dialog), the status
 * line in place; the registry CSV imported by upload with its progress bar ending in the counts. At 375 and
 * 1280 px. Screenshots: test-results/screenshots/admin-departments-*.
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createUser, type CreatedUser } from '../helpers/users';
import {
  assertNoBrowserErrors,
  assertNoHorizontalOverflow,
  openPage,
  screenshot,
  waitForIslands,
} from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });

async function signIn(page: Page, account: CreatedUser) {
  const login = await page.request.post(`${app().baseUrl}/api/auth/login`, {
    data: { email: account.user.email, password: account.password },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
}

async function pending(name: string, state: string, status = 'pending'): Promise<number> {
  const [row] = (await app()
    .db('departments')
    .insert({ name, city: 'Dupville', state, country: 'US', source: 'user_added', verification_status: status })
    .returning('id')) as { id: number }[];
  return row!.id;
}

for (const width of [375, 1280]) {
  test(`merge a duplicate and import the registry on the Departments tab (${width} px)`, async (t) => {
    const admin = await createUser({ role: 'admin', name: `Ada Admin ${width}` });
    // Each width in a state of its own (the two run at once): the duplicate's only close department is `keep`.
    const state = width === 375 ? 'WY' : 'MT';
    const keep = await pending(`Dupville ${width} Fire Department`, state, 'verified');
    const duplicate = await pending(`Dupville ${width} Fire Dept`, state);
    const recorded = await openPage(browser(), { width });
    const { page } = recorded;
    await signIn(page, admin);
    // The sign-in's proof is too old by the time of the merge: the session is asked again (step-up).
    await app().db('sessions').where('user_id', admin.user.id).update({ proved_at: null });
    await app().caughtUp();
    await page.goto(`${app().baseUrl}/admin?tab=departments`);
    await page.getByTestId('admin-departments').scrollIntoViewIfNeeded();
    await waitForIslands(page);

    const row = page.locator(`[data-testid="pending-department-row"][data-name="Dupville ${width} Fire Dept"]`);
    const select = row.getByRole('combobox', { name: `Department to keep for Dupville ${width} Fire Dept` });
    t.is(await select.inputValue(), String(keep));
    await screenshot(page, `admin-departments-tab-${width}`);
    await assertNoHorizontalOverflow(t, page, `tab at ${width}`);
    await row.getByRole('button', { name: 'Merge' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/password/i).fill(admin.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const status = page.getByTestId('departments-status');
    await t.notThrowsAsync(
      status.getByText(`Dupville ${width} Fire Dept was merged into Dupville ${width} Fire Department.`).waitFor(),
    );
    t.true(page.url().endsWith('/admin?tab=departments'), 'in place, no page load');
    await t.notThrowsAsync(row.waitFor({ state: 'detached' }), 'the merged row leaves the table');
    t.falsy(await app().db('departments').where('id', duplicate).first());

    // The registry upload: the progress bar, then the counts in the status line.
    const csv = path.join(os.tmpdir(), `registry-${width}.csv`);
    fs.writeFileSync(
      csv,
      `fdid,name,city,state\n${width}01,Uploadton ${width} Fire Department,Uploadton,WY\n${width}02,Second ${width} Fire Company,Uploadton,WY\n`,
    );
    const card = page.getByTestId('registry-import');
    await card.getByLabel('Registry CSV').setInputFiles(csv);
    await card.getByRole('button', { name: 'Import' }).click();
    await t.notThrowsAsync(
      status.getByText(`Imported registry-${width}.csv: 2 added, 0 updated, 0 unchanged, 0 skipped.`).waitFor(),
    );
    await screenshot(page, `admin-departments-imported-${width}`);
    await assertNoHorizontalOverflow(t, page, `imported at ${width}`);
    // The merge's first call is refused for want of a proof (401), which opens the dialog.
    assertNoBrowserErrors(t, recorded, [/status of 401 \(Unauthorized\)/]);
    await recorded.context.close();
  });
}
