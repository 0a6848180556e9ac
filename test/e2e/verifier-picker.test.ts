/**
 * Granting a department verifier with the department picker (docs/decisions/pending-departments.md): with script,
 * the combobox finds the department by name; without it, Find lists the server's results as choices. At 375 and
 * 1280 px, each page fitting its viewport. Screenshots: test-results/screenshots/verifier-picker-*.
 */
import test from 'ava';
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
let admin: CreatedUser;

test.before(async () => {
  admin = await createUser({ role: 'admin', name: 'Ada Admin' });
});

async function signIn(page: Page, account: CreatedUser) {
  const login = await page.request.post(`${app().baseUrl}/api/auth/login`, {
    data: { email: account.user.email, password: account.password },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
}

const verifiersCard = (page: Page) => page.getByRole('region', { name: 'Department verifiers' });

for (const width of [375, 1280]) {
  test(`an admin grants verifier rights by picking the department (${width} px)`, async (t) => {
    const verifier = await createUser({ name: `Vera Verifier ${width}` });
    const recorded = await openPage(browser(), { width });
    const { page } = recorded;
    await signIn(page, admin);
    await page.goto(`${app().baseUrl}/verifications`);
    await waitForIslands(page);
    const card = verifiersCard(page);
    await card.getByLabel("User's e-mail").fill(verifier.user.email);
    await card.getByRole('combobox', { name: 'Department' }).fill('Bristol Bay');
    const option = card.getByRole('option', { name: /Bristol Bay Borough Fire Department/ });
    await option.waitFor();
    await screenshot(page, `verifier-picker-open-${width}`);
    await assertNoHorizontalOverflow(t, page, `picker open at ${width}`);
    await option.click();
    await card.getByTestId('department-picker-selected').waitFor();
    await card.getByRole('button', { name: 'Add verifier' }).click();
    // The grant confirms in place (docs/decisions/confirm-in-place.md): back to the page at the verifiers' status line.
    await page.waitForURL(`${app().baseUrl}/verifications#add-verifier-status`);
    await t.notThrowsAsync(
      verifiersCard(page).getByRole('status').filter({ hasText: `now verifies Bristol Bay Borough` }).waitFor(),
    );
    const row = verifiersCard(page).locator('li', { hasText: verifier.user.email });
    await t.notThrowsAsync(row.waitFor());
    t.true((await row.innerText()).includes('Bristol Bay Borough Fire Department'));
    await screenshot(page, `verifier-picker-granted-${width}`);
    await assertNoHorizontalOverflow(t, page, `granted at ${width}`);
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();
  });
}

test('without JavaScript: Find lists the departments as choices, and the grant uses the one chosen', async (t) => {
  const verifier = await createUser({ name: 'Noah Noscript' });
  for (const width of [375, 1280]) {
    const { page, context } = await openPage(browser(), { width, javaScriptEnabled: false });
    await signIn(page, admin);
    await page.goto(`${app().baseUrl}/verifications`);
    const card = verifiersCard(page);
    await card.getByLabel("User's e-mail").fill(verifier.user.email);
    await card.getByLabel('Department', { exact: true }).fill('Bristol Bay');
    await card.getByRole('button', { name: 'Find' }).click();
    await page.waitForLoadState();
    t.true(page.url().includes('departmentQuery=Bristol+Bay'));
    const choice = verifiersCard(page).getByRole('radio', { name: /Bristol Bay Borough Fire Department/ });
    await t.notThrowsAsync(choice.waitFor());
    t.is(await verifiersCard(page).getByLabel("User's e-mail").inputValue(), verifier.user.email, 'the e-mail is kept');
    await screenshot(page, `verifier-picker-noscript-${width}`);
    await assertNoHorizontalOverflow(t, page, `no script at ${width}`);
    if (width === 1280) {
      await choice.check();
      await verifiersCard(page).getByRole('button', { name: 'Add verifier' }).click();
      await page.waitForLoadState();
      const row = verifiersCard(page).locator('li', { hasText: verifier.user.email });
      await t.notThrowsAsync(row.waitFor());
      t.true((await row.innerText()).includes('Bristol Bay Borough Fire Department'));
    }
    await context.close();
  }
});
