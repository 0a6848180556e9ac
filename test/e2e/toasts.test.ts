/**
 * Toasts never block a control (docs/decisions/toasts.md, "a calm edit mode"): with a toast showing over the department
 * Remove button in Account Settings, a click there reaches the button; the toast's × still dismisses it.
 */
import test from 'ava';
import { Department } from '../../src/models/Department';
import { clientAs } from '../helpers/app';
import { createUser } from '../helpers/users';
import { assertNoBrowserErrors, openPage, waitForIslands } from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });

for (const width of [375, 1280]) {
  test.serial(`at ${width} px a click on a toast reaches the Remove button under it`, async (t) => {
    const member = await createUser();
    const [first, second] = await Department.query().where('verificationStatus', 'verified').orderBy('id').limit(2);
    for (const [department, isPrimary] of [
      [first!, true],
      [second!, false],
    ] as const) {
      const res = await clientAs(app(), member).post('/api/departments/user', {
        departmentId: department.id,
        isPrimary,
      });
      if (res.status !== 201) throw new Error(`add department: ${res.status} ${JSON.stringify(res.body)}`);
    }
    const recorded = await openPage(browser(), { width, height: 700 });
    const { page } = recorded;
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${member.token}` });
    await page.goto(`${app().baseUrl}/account-settings`);
    await page.locator('[data-island="MyDepartments"] > :first-child').scrollIntoViewIfNeeded();
    await waitForIslands(page);
    // Room below the list, so its last row can be scrolled under the toast at the bottom of the screen.
    await page.evaluate(() => {
      document.body.style.paddingBottom = '2000px';
    });

    await page.getByRole('button', { name: `Set ${second!.name} as primary` }).click();
    const shown = page.getByTestId('toasts').getByRole('status');
    await shown.getByText('Primary Department Updated', { exact: true }).waitFor();
    const remove = page.getByRole('button', { name: `Remove ${first!.name}` });
    const toastBox = (await shown.boundingBox())!;
    // Wherever the page's columns put the list, move it sideways under the toast's column (the toast sits at the
    // bottom right from 768 px; it spans the screen below that).
    const before = (await remove.boundingBox())!;
    const shift = toastBox.x + toastBox.width / 2 - (before.x + before.width / 2);
    await page.evaluate((dx) => {
      const list = document.querySelector<HTMLElement>('[data-island="MyDepartments"] > :first-child')!;
      list.style.transform = `translateX(${dx}px)`;
    }, shift);
    const removeBox = (await remove.boundingBox())!;
    // Scroll the button's middle to the toast's middle (height), then click where they overlap.
    await page.mouse.wheel(0, removeBox.y + removeBox.height / 2 - (toastBox.y + toastBox.height / 2));
    await page.waitForFunction(
      ([name, y]) => {
        const button = document.querySelector(`[aria-label="Remove ${name}"]`)!.getBoundingClientRect();
        return Math.abs(button.top + button.height / 2 - y) < 2;
      },
      [first!.name, toastBox.y + toastBox.height / 2] as const,
    );
    const under = (await remove.boundingBox())!;
    const x = Math.max(under.x, toastBox.x) + 4;
    t.true(x < Math.min(under.x + under.width, toastBox.x + toastBox.width), 'the toast covers part of the button');
    t.true(await shown.isVisible(), 'the toast still shows');
    await page.mouse.click(x, under.y + under.height / 2);
    await page.getByTestId('toasts').getByText('Department Removed', { exact: true }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="my-department"]').length === 1);
    t.pass('the click removed the department');

    // The × still dismisses.
    await page.getByTestId('toasts').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('toasts').getByRole('status').waitFor({ state: 'detached' });
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();
  });
}
