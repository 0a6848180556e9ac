/**
 * Admin and verifier actions confirm in place (docs/decisions/confirm-in-place.md), in a real Chromium:
 * - on a throttled phone (375 px, CPU 6× slower), each action tapped at once after the page loads — before its
 *   island has hydrated — works the first time, and its status line is in view, focused, beside the row;
 * - with script off, Create Code, Blacklist Add and a verifier's Approve post plain forms and confirm the same way;
 * - at 375 px no admin tab scrolls sideways (tables are cards); axe finds nothing serious on the tabs and the
 *   review page. Screenshots of each tab at 375 and 1280 px (test-results/screenshots/admin-place-*).
 */
import test, { type ExecutionContext } from 'ava';
import type { Locator, Page } from 'playwright-core';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { clientAs } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import {
  assertNoBrowserErrors,
  assertNoHorizontalOverflow,
  openPage,
  screenshot,
  waitForIslands,
} from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });
let admin: CreatedUser;

test.before(async () => {
  admin = await createUser({ role: 'admin', name: 'Avery Admin', password: 'admin-pass-1' });
});

async function signIn(page: Page, account: CreatedUser): Promise<void> {
  const login = await page.request.post(`${app().baseUrl}/api/auth/login`, {
    data: { email: account.user.email, password: account.password },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
}

/** A phone whose CPU is 6× slower: islands hydrate late, so a tap right after load meets the server's HTML. */
async function throttledPhone() {
  const recorded = await openPage(browser(), { width: 375, height: 740 });
  const cdp = await recorded.context.newCDPSession(recorded.page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  recorded.page.setDefaultTimeout(30_000); // a failure names its step before the test's own timeout
  return recorded;
}

/** The status line saying `text`: visible, inside the viewport, focused, and (given a row) just below it. */
async function assertConfirmedInPlace(t: ExecutionContext, page: Page, text: string, row?: Locator) {
  const line = page.getByTestId('action-status').filter({ hasText: text });
  await line.waitFor();
  t.is((await line.innerText()).trim(), text);
  t.regex((await line.getAttribute('role')) ?? '', /^(status|alert)$/);
  // Polled from Playwright's own world, which runs with the page's script off too.
  let focused = '';
  for (let tries = 0; tries < 50; tries++) {
    focused = await line.evaluate((el) =>
      el === document.activeElement ? '' : (document.activeElement?.outerHTML ?? 'nothing').slice(0, 200),
    );
    if (!focused) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  t.is(focused, '', `"${text}" has the focus`);
  const box = (await line.boundingBox())!;
  const viewport = page.viewportSize()!;
  t.true(box.y >= 0 && box.y + box.height <= viewport.height, `"${text}" is in the viewport (${box.y})`);
  if (row) {
    const rowBox = (await row.boundingBox())!;
    t.true(
      box.y >= rowBox.y + rowBox.height - 1 && box.y - (rowBox.y + rowBox.height) < 80,
      `"${text}" is under its row`,
    );
  }
}

async function verifierWithRequest(name: string) {
  const department = (await app()
    .db('departments')
    .where('verification_status', 'verified')
    .orderBy('id')
    .first('id')) as {
    id: number;
  };
  const verifier = await createUser({ name: `Vera ${name}`, password: 'verifier-pass-1' });
  await clientAs(app(), admin).post('/api/admin/department-verifiers', {
    departmentId: department.id,
    userId: verifier.user.id,
  });
  const member = await createUser({ name });
  const link = await clientAs(app(), member).post('/api/departments/user', { departmentId: department.id });
  const linkId = (link.body as { id: number }).id;
  const asked = await clientAs(app(), member).post(`/api/departments/user/${linkId}/verification`);
  if (asked.status !== 201) throw new Error(`request answered ${asked.status}: ${asked.text}`);
  return { verifier, member };
}

test.serial(
  'on a throttled phone, Create Code tapped at once works the first time and confirms at its row',
  async (t) => {
    const recorded = await throttledPhone();
    const { page } = recorded;
    await signIn(page, admin);
    await page.goto(`${app().baseUrl}/admin?tab=beta-codes`, { waitUntil: 'commit' });
    await page.locator('summary', { hasText: 'Create Code' }).click();
    const form = page.getByRole('region', { name: 'Create Code' });
    await form.getByLabel('Code').fill('PHONE-FIRST');
    await form.getByRole('button', { name: 'Create Code' }).click();
    const row = page.locator('[data-testid="beta-code-row"][data-code="PHONE-FIRST"]');
    await row.waitFor();
    await assertConfirmedInPlace(t, page, 'Created — PHONE-FIRST is ready to share', row);
    await screenshot(page, 'admin-place-code-created-375');

    // Deactivate, tapped at once after a fresh load.
    await page.goto(`${app().baseUrl}/admin?tab=beta-codes`, { waitUntil: 'commit' });
    await row.getByRole('button', { name: 'Deactivate PHONE-FIRST' }).click();
    await assertConfirmedInPlace(t, page, 'Deactivated — PHONE-FIRST can no longer be used', row);
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();
  },
);

test.serial(
  'on a throttled phone, Blacklist Add tapped at once works the first time and confirms at its row',
  async (t) => {
    const recorded = await throttledPhone();
    const { page } = recorded;
    await signIn(page, admin);
    await page.goto(`${app().baseUrl}/admin?tab=blacklist`, { waitUntil: 'commit' });
    await page.locator('summary', { hasText: /^Add$/ }).click();
    const form = page.getByRole('region', { name: 'Add to blacklist' });
    await form.getByLabel('Value').fill('first.tap@example.com');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    const row = page.locator('[data-testid="blacklist-row"][data-value="first.tap@example.com"]');
    await row.waitFor();
    await assertConfirmedInPlace(t, page, 'Added — first.tap@example.com can no longer register', row);

    // Remove asks first (a <details>), then confirms above the list.
    await page.goto(`${app().baseUrl}/admin?tab=blacklist`, { waitUntil: 'commit' });
    await row.locator('summary[aria-label="Remove first.tap@example.com"]').click();
    await row.getByRole('button', { name: 'Remove', exact: true }).click();
    await assertConfirmedInPlace(t, page, 'Removed — first.tap@example.com may register again');
    t.is(await row.count(), 0);
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();
  },
);

test.serial(
  'on a throttled phone, user actions tapped at once work the first time and confirm at the row',
  async (t) => {
    const target = await createUser({ name: 'Tapped Early', email: `tapped.${Date.now()}@example.com` });
    const recorded = await throttledPhone();
    const { page } = recorded;
    await signIn(page, admin);
    const url = `${app().baseUrl}/admin?tab=users&q=${encodeURIComponent(target.user.email)}`;
    const row = page.locator(`[data-testid="admin-user-row"][data-email="${target.user.email}"]`);

    await page.goto(url, { waitUntil: 'commit' });
    await row.getByRole('switch', { name: 'Active: Tapped Early' }).click();
    await assertConfirmedInPlace(t, page, 'Status updated — Tapped Early is now inactive', row);
    t.is(await row.getByRole('switch', { name: 'Active: Tapped Early' }).getAttribute('aria-checked'), 'false');

    await page.goto(url, { waitUntil: 'commit' });
    await row.getByRole('combobox', { name: 'Role for Tapped Early' }).selectOption('admin');
    await row.getByRole('button', { name: 'Save role for Tapped Early' }).click();
    await assertConfirmedInPlace(t, page, 'Role updated — Tapped Early is now Admin', row);

    await page.goto(url, { waitUntil: 'commit' });
    await row.getByRole('button', { name: `Blacklist email ${target.user.email}` }).click();
    await assertConfirmedInPlace(t, page, `Added to blacklist — ${target.user.email} can no longer register`, row);
    await screenshot(page, 'admin-place-user-375');
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();
  },
);

test.serial('on a throttled phone, a verifier’s Approve confirms where the request was', async (t) => {
  const { verifier } = await verifierWithRequest('Dana Early');
  const recorded = await throttledPhone();
  const { page } = recorded;
  await signIn(page, verifier);
  await page.goto(`${app().baseUrl}/verifications`, { waitUntil: 'commit' });
  await page
    .getByRole('form', { name: "Decide Dana Early's request" })
    .getByRole('button', { name: 'Approve' })
    .click();
  await assertConfirmedInPlace(t, page, 'Approved — Dana Early is now verified');
  await screenshot(page, 'admin-place-approved-375');
  assertNoBrowserErrors(t, recorded);
  await recorded.context.close();
});

test.serial(
  'without script: Create Code, Blacklist Add and Approve post plain forms and confirm in place',
  async (t) => {
    const recorded = await openPage(browser(), { width: 375, height: 740, javaScriptEnabled: false });
    const { page } = recorded;
    await signIn(page, admin);
    await page.goto(`${app().baseUrl}/admin?tab=beta-codes`);
    await page.locator('summary', { hasText: 'Create Code' }).click();
    await page.getByRole('region', { name: 'Create Code' }).getByLabel('Code').fill('no-script-code');
    await page.getByRole('region', { name: 'Create Code' }).getByRole('button', { name: 'Create Code' }).click();
    await page.waitForURL(/tab=beta-codes#code-[0-9]+-status$/);
    await assertConfirmedInPlace(
      t,
      page,
      'Created — NO-SCRIPT-CODE is ready to share',
      page.locator('[data-testid="beta-code-row"][data-code="NO-SCRIPT-CODE"]'),
    );
    await screenshot(page, 'admin-place-no-script-code-375');

    // The same code again: refused, the form open with the message in it.
    await page.locator('summary', { hasText: 'Create Code' }).click();
    await page.getByRole('region', { name: 'Create Code' }).getByLabel('Code').fill('no-script-code');
    await page.getByRole('region', { name: 'Create Code' }).getByRole('button', { name: 'Create Code' }).click();
    await assertConfirmedInPlace(t, page, 'Failed to create beta code: This code already exists');

    await page.goto(`${app().baseUrl}/admin?tab=blacklist`);
    await page.locator('summary', { hasText: /^Add$/ }).click();
    await page.getByRole('region', { name: 'Add to blacklist' }).getByLabel('Value').fill('No.Script@Example.com');
    await page
      .getByRole('region', { name: 'Add to blacklist' })
      .getByRole('button', { name: 'Add', exact: true })
      .click();
    await page.waitForURL(/tab=blacklist#blacklist-[0-9]+-status$/);
    await assertConfirmedInPlace(
      t,
      page,
      'Added — no.script@example.com can no longer register',
      page.locator('[data-testid="blacklist-row"][data-value="no.script@example.com"]'),
    );
    await recorded.context.close();

    const { verifier } = await verifierWithRequest('Robin Plain');
    const reviewer = await openPage(browser(), { width: 375, height: 740, javaScriptEnabled: false });
    await signIn(reviewer.page, verifier);
    await reviewer.page.goto(`${app().baseUrl}/verifications`);
    await reviewer.page
      .getByRole('form', { name: "Decide Robin Plain's request" })
      .getByRole('button', { name: 'Approve' })
      .click();
    await reviewer.page.waitForURL(/\/verifications#request-[0-9]+-status$/);
    await assertConfirmedInPlace(t, reviewer.page, 'Approved — Robin Plain is now verified');
    await reviewer.context.close();
  },
);

const TABS = ['users', 'beta-codes', 'blacklist', 'ai-logs', 'departments', 'verification'] as const;

test.serial('each tab lands on its content; no sideways scroll at 375 px; screenshots at 375 and 1280', async (t) => {
  for (const width of [375, 1280]) {
    const recorded = await openPage(browser(), { width, height: 900 });
    const { page } = recorded;
    await signIn(page, admin);
    for (const tab of TABS) {
      await page.goto(`${app().baseUrl}/admin?tab=${tab}`);
      await waitForIslands(page);
      // The tab's content is the first thing under the tab bar, in the first screen.
      const content = page.getByTestId('admin-tab-content');
      const top = (await content.boundingBox())!.y;
      const bar = (await page.getByRole('navigation', { name: 'Admin sections' }).boundingBox())!;
      t.true(top - (bar.y + bar.height) < 40, `${tab} at ${width}: content right under the tabs`);
      t.true(top < 900 / 2, `${tab} at ${width}: content in the first half screen (${top})`);
      t.is(await page.getByRole('region', { name: 'Sign-in security' }).count(), tab === 'users' ? 1 : 0, tab);
      t.is((await page.getByTestId('stat-card').count()) > 0, ['users', 'beta-codes', 'ai-logs'].includes(tab), tab);
      await assertNoHorizontalOverflow(t, page, `${tab} at ${width}`);
      await screenshot(page, `admin-place-${tab}-${width}`);
    }
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();
  }
});

test.serial('axe: nothing serious on the admin tabs and the review page', async (t) => {
  const { verifier } = await verifierWithRequest('Axel Audit');
  const pages: Array<[CreatedUser, string]> = [
    ...TABS.map((tab): [CreatedUser, string] => [admin, `/admin?tab=${tab}`]),
    [verifier, '/verifications'],
  ];
  for (const width of [375, 1280]) {
    for (const [account, path] of pages) {
      const context = await browser().newContext({ bypassCSP: true, viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signIn(page, account);
      await page.goto(`${app().baseUrl}${path}`);
      await waitForIslands(page);
      await page.addScriptTag({ content: AXE_SOURCE });
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: { run(): Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> };
          }
        ).axe;
        return (await axe.run()).violations.map((v) => `${v.impact}: ${v.id} (${v.nodes.length})`);
      });
      t.deepEqual(
        violations.filter((v) => /^(serious|critical)/.test(v)),
        [],
        `axe on ${path} at ${width}: ${violations.join(', ')}`,
      );
      await context.close();
    }
  }
});
