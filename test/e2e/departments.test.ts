/**
 * Departments in a real Chromium, on /account-settings: the picker searches as you type, is driven by the
 * keyboard (ARIA combobox), adds a new department through its form, and My Departments shows it pending;
 * set primary, remove; search failure and late (stale) answers.
 */
import test from 'ava';
import type { Page } from 'playwright-core';
import { createUser } from '../helpers/users';
import {
  assertNoBrowserErrors,
  assertNoHorizontalOverflow,
  openPage,
  screenshot,
  waitForIslands,
  type RecordedPage,
} from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });

async function signInToSettings(recorded: RecordedPage): Promise<Page> {
  const { user, password } = await createUser({ name: 'Dana Whitlock' });
  const { page } = recorded;
  // Sign in through the API (the login page has its own e2e test); the session cookie lands in this context.
  const login = await page.request.post(`${app().baseUrl}/api/auth/login`, { data: { email: user.email, password } });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
  await page.goto(`${app().baseUrl}/account-settings`);
  // My Departments hydrates when visible.
  await page.locator('[data-island="MyDepartments"]').scrollIntoViewIfNeeded();
  await waitForIslands(page);
  return page;
}

const toast = (page: Page) => page.getByTestId('toasts');

test.serial(
  'search, choose with the keyboard, add a new department, see it pending; set primary; remove',
  async (t) => {
    const recorded = await openPage(browser());
    const page = await signInToSettings(recorded);
    const card = page.getByTestId('my-departments');
    await t.notThrowsAsync(card.getByText("You haven't added a department yet.").waitFor());

    const combobox = card.getByRole('combobox', { name: 'Add a department' });
    t.is(await combobox.getAttribute('aria-expanded'), 'false');
    const listboxId = (await combobox.getAttribute('aria-controls'))!;
    t.truthy(listboxId);

    // One character: nothing is searched, nothing opens.
    await combobox.click();
    await combobox.pressSequentially('t');
    await page.waitForTimeout(400);
    t.is(await combobox.getAttribute('aria-expanded'), 'false');

    // Typing on: results after the debounce, at most 10, with city/state.
    await combobox.pressSequentially('roy fire department', { delay: 30 });
    const listbox = page.locator(`[id="${listboxId}"]`);
    const options = listbox.getByRole('option');
    await options.first().waitFor();
    t.is(await combobox.getAttribute('aria-expanded'), 'true');
    t.is(await listbox.getAttribute('role'), 'listbox');
    // "Troy" is the distinctive word: Troy departments only (fire-service words narrow nothing), at most 10.
    const count = await options.count();
    t.true(count >= 3 && count <= 10, String(count));
    t.regex((await options.nth(0).innerText()).replace(/\s+/g, ' '), /^Troy Fire Department Troy, (MI|MT)$/);
    // The list scrolls inside a 15rem box.
    const box = await listbox.evaluate((el) => {
      const style = getComputedStyle(el);
      return { maxHeight: style.maxHeight, overflowY: style.overflowY, scrolls: el.scrollHeight > el.clientHeight };
    });
    t.deepEqual(box, { maxHeight: '240px', overflowY: 'auto', scrolls: true });
    await screenshot(page, 'department-picker-results');

    // ArrowDown twice highlights the second option (aria-activedescendant), ArrowUp goes back, wraps at the top.
    await combobox.press('ArrowDown');
    await combobox.press('ArrowDown');
    const secondId = await options.nth(1).getAttribute('id');
    t.is(await combobox.getAttribute('aria-activedescendant'), secondId);
    t.is(await options.nth(1).getAttribute('aria-selected'), 'true');
    t.is(await options.nth(0).getAttribute('aria-selected'), 'false');
    await combobox.press('ArrowUp');
    await combobox.press('ArrowUp');
    const last = options.nth(count - 1);
    t.is(await combobox.getAttribute('aria-activedescendant'), await last.getAttribute('id'));
    // Scrolling keeps the highlighted (last) option in view.
    t.true(
      await last.evaluate((el) => {
        const list = el.parentElement!.getBoundingClientRect();
        const item = el.getBoundingClientRect();
        return item.bottom <= list.bottom + 1 && item.top >= list.top - 1;
      }),
    );
    await combobox.press('ArrowDown'); // wraps to the first
    await combobox.press('ArrowDown'); // the second
    const chosen = (await options.nth(1).innerText()).split('\n')[0]!.trim();

    // Escape closes the list; ArrowDown opens it again.
    await combobox.press('Escape');
    t.is(await combobox.getAttribute('aria-expanded'), 'false');
    await combobox.press('ArrowDown');
    t.is(await combobox.getAttribute('aria-expanded'), 'true');
    await combobox.press('ArrowDown');

    // Enter chooses: the department is added, first one → Primary.
    const highlighted = (
      await page.locator(`[id="${await combobox.getAttribute('aria-activedescendant')}"]`).innerText()
    )
      .split('\n')[0]!
      .trim();
    t.is(highlighted, chosen);
    await combobox.press('Enter');
    await t.notThrowsAsync(toast(page).getByText('Department Added', { exact: true }).waitFor());
    t.true(await toast(page).getByText('Department added to your profile.', { exact: true }).isVisible());
    const rows = card.getByTestId('my-department');
    await rows.first().waitFor();
    t.is(await rows.count(), 1);
    t.regex(await rows.first().innerText(), new RegExp(`${chosen}[\\s\\S]*Primary`));
    t.is(await combobox.inputValue(), '');

    // Nothing found.
    await combobox.fill('zzqx no such brigade');
    await t.notThrowsAsync(
      card.getByTestId('department-picker-message').getByText('No departments found matching the query.').waitFor(),
    );
    await combobox.press('Escape');

    // Add a new department: blank required field → Missing Information, nothing sent.
    await card.getByRole('button', { name: /Add a new department/ }).click();
    const form = card.getByTestId('department-create-form');
    await form.waitFor();
    await form.getByLabel('Department name').fill('Cedar Hollow Volunteer Fire Company');
    await form.getByLabel('City').fill('Cedar Hollow');
    t.is(await form.getByLabel('Country').inputValue(), 'US');
    await form.getByRole('button', { name: 'Add Department' }).click();
    await t.notThrowsAsync(toast(page).getByText('Missing Information', { exact: true }).waitFor());
    t.true(
      await toast(page)
        .getByText('Please fill in department name, city, state, and country.', { exact: true })
        .isVisible(),
    );
    t.is(await rows.count(), 1);

    await form.getByLabel('State').fill('PA');
    await form.getByLabel('County (optional)').fill('Chester');
    await screenshot(page, 'department-picker-add-form');
    await form.getByRole('button', { name: 'Add Department' }).click();
    await t.notThrowsAsync(
      toast(page).getByText('New department added and is pending verification.', { exact: true }).waitFor(),
    );
    t.true(await toast(page).getByText('Department Added', { exact: true }).isVisible());
    await t.notThrowsAsync(card.getByText('Cedar Hollow Volunteer Fire Company').waitFor());
    t.is(await rows.count(), 2);
    const added = rows.filter({ hasText: 'Cedar Hollow Volunteer Fire Company' });
    t.true(await added.getByText('Department not yet verified').isVisible());
    t.true(await added.getByText('Cedar Hollow, PA').isVisible());
    t.is(await added.getByText('Primary', { exact: true }).count(), 0);
    t.is(await form.count(), 0, 'the form closes');
    await screenshot(page, 'my-departments-pending');

    // A department already in My Departments is not offered again (the API offers one's own pending ones).
    const answered = page.waitForResponse((res) => res.url().includes('/api/departments/search?q=cedar%20hollow'));
    await combobox.fill('cedar hollow');
    t.true(
      (await (await answered).json()).some((d: { name: string }) => d.name === 'Cedar Hollow Volunteer Fire Company'),
    );
    await page.waitForTimeout(100);
    t.is(
      await page
        .locator(`[id="${listboxId}"]`)
        .getByRole('option', { name: /Cedar Hollow Volunteer Fire Company/ })
        .count(),
      0,
    );
    await combobox.press('Escape');
    await combobox.press('Escape');
    t.is(await combobox.inputValue(), '');

    // Set as primary, then remove the old primary.
    await added.getByRole('button', { name: /Set .* as primary/ }).click();
    await t.notThrowsAsync(toast(page).getByText('Primary Department Updated', { exact: true }).waitFor());
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="my-department"]')?.textContent?.includes('Cedar Hollow'),
    );
    t.regex(await rows.first().innerText(), /Cedar Hollow Volunteer Fire Company[\s\S]*Primary/);
    await rows
      .filter({ hasText: chosen })
      .getByRole('button', { name: `Remove ${chosen}` })
      .click();
    await t.notThrowsAsync(toast(page).getByText('Department Removed', { exact: true }).waitFor());
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="my-department"]').length === 1);

    // After a reload the server renders the same list (no fetch needed, no hydration mismatch).
    await page.reload();
    await page.locator('[data-island="MyDepartments"]').scrollIntoViewIfNeeded();
    await waitForIslands(page);
    t.is(await rows.count(), 1);
    t.regex(
      await rows.first().innerText(),
      /Cedar Hollow Volunteer Fire Company[\s\S]*Primary[\s\S]*Department not yet verified/,
    );
    await screenshot(page, 'my-departments-after-reload');

    assertNoBrowserErrors(t, recorded);
  },
);

test.serial('a failed search says so; a late answer for an older query never replaces the newer results', async (t) => {
  const recorded = await openPage(browser());
  const page = await signInToSettings(recorded);
  const combobox = page.getByRole('combobox', { name: 'Add a department' });

  // Failure.
  await page.route('**/api/departments/search?q=broken*', (route) =>
    route.fulfill({ status: 500, body: '{"error":"boom"}', contentType: 'application/json' }),
  );
  await combobox.fill('broken query');
  await t.notThrowsAsync(page.getByRole('alert').filter({ hasText: 'Failed to search departments' }).waitFor());

  // Stale answers: "aurora" answers after 1.5 s, "naknek" at once.
  await page.route('**/api/departments/search?q=aurora', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const slow = page.waitForResponse((res) => res.url().endsWith('q=aurora'));
  await combobox.fill('aurora');
  await page.waitForRequest((req) => req.url().endsWith('q=aurora'));
  await combobox.fill('naknek');
  const options = page.getByRole('listbox').getByRole('option');
  await t.notThrowsAsync(options.getByText('Bristol Bay Borough Fire Department').waitFor());
  await slow;
  await page.waitForTimeout(200);
  t.deepEqual(
    (await options.allInnerTexts()).map((text) => text.split('\n')[0]!.trim()),
    ['Bristol Bay Borough Fire Department'],
  );

  assertNoBrowserErrors(t, recorded, [/status of 500/]);
});

test.serial(
  'a state narrows the results; when nothing matches, the add action says "No department matches — add it"',
  async (t) => {
    const recorded = await openPage(browser());
    const page = await signInToSettings(recorded);
    const card = page.getByTestId('my-departments');
    const combobox = card.getByRole('combobox', { name: 'Add a department' });
    const options = page.getByRole('listbox').getByRole('option');

    // "Springfield OH": the Ohio Springfields only, and while there are results the add action is the usual one.
    await combobox.fill('Springfield OH');
    await options.first().waitFor();
    const places = (await options.allInnerTexts()).map((text) => text.split('\n').at(-1)!.trim());
    t.true(places.length >= 3, places.join(' / '));
    for (const place of places) t.regex(place, /, OH$/);
    t.true(await card.getByRole('button', { name: 'Add a new department', exact: true }).isVisible());
    t.is(await card.getByRole('button', { name: 'No department matches — add it' }).count(), 0);

    // "Springfield IL": the registry has no Illinois Springfield. The spec's message, then the add action.
    await combobox.fill('Springfield IL');
    const popupMessage = card.getByTestId('department-picker-message');
    await t.notThrowsAsync(popupMessage.getByText('No departments found matching the query.').waitFor());
    const addIt = card.getByRole('button', { name: 'No department matches — add it' });
    t.true(await addIt.isVisible());
    t.is(await options.count(), 0);
    await screenshot(page, 'department-picker-no-match');

    // It opens the add form with what was typed.
    await addIt.click();
    const form = card.getByTestId('department-create-form');
    await form.waitFor();
    t.is(await form.getByLabel('Department name').inputValue(), 'Springfield IL');

    assertNoBrowserErrors(t, recorded);
  },
);

test.serial('adding a department a colleague already added offers theirs first; "Use this one" adds it', async (t) => {
  const colleague = await createUser({ name: 'Cole League' });
  const theirs = await fetch(`${app().baseUrl}/api/departments/create`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${colleague.token}`, 'Content-Type': 'application/json', Origin: app().baseUrl },
    body: JSON.stringify({
      name: 'Larkspur Ridge Fire Department',
      city: 'Larkspur Ridge',
      state: 'MT',
      country: 'US',
    }),
  });
  t.is(theirs.status, 201);
  const recorded = await openPage(browser(), { width: 375 });
  const page = await signInToSettings(recorded);
  const card = page.getByTestId('my-departments');
  await card.getByRole('button', { name: /Add a new department/ }).click();
  const form = card.getByTestId('department-create-form');
  await form.getByLabel('Department name').fill('Larkspur Ridge Fire Dept');
  await form.getByLabel('City').fill('Larkspur Ridge');
  await form.getByLabel('State').fill('Montana');
  await form.getByRole('button', { name: 'Add Department' }).click();
  const offer = card.getByTestId('department-similar');
  await t.notThrowsAsync(offer.getByText('Did you mean one of these?').waitFor());
  t.true(await offer.getByText('Larkspur Ridge Fire Department').isVisible());
  await screenshot(page, 'my-departments-did-you-mean-375');
  await assertNoHorizontalOverflow(t, page, 'the offer at 375');
  await offer.getByRole('button', { name: 'Use this one: Larkspur Ridge Fire Department' }).click();
  const rows = card.getByTestId('my-department');
  await t.notThrowsAsync(rows.filter({ hasText: 'Larkspur Ridge Fire Department' }).waitFor());
  t.is(await rows.filter({ hasText: 'Larkspur' }).count(), 1);
  t.is((await app().db('departments').where('name', 'Larkspur Ridge Fire Dept')).length, 0, 'no copy was added');
  assertNoBrowserErrors(t, recorded);
  await recorded.context.close();
});
