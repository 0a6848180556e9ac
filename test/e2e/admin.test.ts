/**
 * The admin dashboard in a real Chromium (docs/decisions/admin-dashboard.md): an admin changes a user's role, creates a beta code that a
 * second browser registers with (Total Uses rises), deactivates that user (signed out at once), blacklists an
 * e-mail, verifies a pending department and reads the AI logs; a non-admin sees Access Denied. Every tab is
 * photographed at 1280 and 375 px.
 */
import test from 'ava';
import type { Page } from 'playwright-core';
import { createUser, type CreatedUser } from '../helpers/users';
import { needsPostgresServer } from '../helpers/postgresServer';
import { assertNoBrowserErrors, openPage, screenshot, waitForIslands } from '../helpers/browser';
import { AiLog } from '../../src/models/AiLog';
import { ADMIN_LABELS } from '../../src/validation/admin';
import { useBrowserApp } from '../helpers/browserApp';

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

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${app().baseUrl}${path}`);
  await waitForIslands(page);
}

const toasts = (page: Page) => page.getByTestId('toasts');
const stat = (page: Page, label: string) =>
  page
    .getByTestId('stat-card')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

test.serial('an admin changes a user’s role; the badge and the stat cards follow', async (t) => {
  const target = await createUser({ name: 'Riley Role', email: `riley.${Date.now()}@example.com` });
  const recorded = await openPage(browser());
  const { page } = recorded;
  await signIn(page, admin);
  await open(page, '/admin');
  await t.notThrowsAsync(page.getByRole('heading', { name: ADMIN_LABELS.title }).waitFor());
  t.is(await page.getByTestId('admin-role-badge').innerText(), 'Admin');
  const adminsBefore = Number(await stat(page, 'Admin Users').innerText());

  await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill('riley role');
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.locator(`[data-testid="admin-user-row"][data-email="${target.user.email}"]`);
  await row.waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="admin-user-row"]').length === 1);
  await row.getByRole('combobox', { name: 'Role for Riley Role' }).selectOption('admin');
  await row.getByRole('button', { name: 'Save role for Riley Role' }).click();
  await t.notThrowsAsync(
    page.getByTestId('action-status').getByText('Role updated — Riley Role is now Admin').waitFor(),
  );
  await t.notThrowsAsync(row.getByText('Admin', { exact: true }).first().waitFor());
  await page.waitForFunction(
    (n) =>
      [...document.querySelectorAll('[data-testid="stat-card"]')].some((el) => el.textContent === `Admin Users${n}`),
    adminsBefore + 1,
  );
  t.is(Number(await stat(page, 'Admin Users').innerText()), adminsBefore + 1);
  assertNoBrowserErrors(t, recorded);
  await recorded.context.close();
});

test.serial(
  'create a code, register with it elsewhere (Total Uses rises), deactivate that user (signed out)',
  async (t) => {
    const recorded = await openPage(browser());
    const { page } = recorded;
    await signIn(page, admin);
    await open(page, '/admin?tab=beta-codes');
    const totalUses = async () => Number(await stat(page, 'Total Uses').innerText());
    const usesBefore = await totalUses();

    await page.locator('summary', { hasText: 'Create Code' }).click();
    const dialog = page.getByRole('region', { name: 'Create Code' });
    await dialog.getByLabel('Code').fill('ladder-e2e');
    await dialog.getByLabel('Max uses').fill('2');
    await dialog.getByLabel('Notes').fill('For the e2e recruit');
    await screenshot(page, 'admin-create-code-dialog');
    await dialog.getByRole('button', { name: 'Create Code' }).click();
    const row = page.locator('[data-testid="beta-code-row"][data-code="LADDER-E2E"]');
    await row.waitFor();
    t.is(await row.getByTestId('beta-code-uses').innerText(), '0/2');
    t.false(await dialog.isVisible());

    // A second browser registers with it.
    const recruit = await openPage(browser());
    const email = `recruit.${Date.now()}@example.com`;
    await recruit.page.goto(`${app().baseUrl}/register`);
    await waitForIslands(recruit.page);
    await recruit.page.getByLabel('Full Name').fill('Casey Recruit');
    await recruit.page.getByLabel('Email').fill(email);
    await recruit.page.getByLabel('Password', { exact: true }).fill('recruit-pass-1');
    await recruit.page.getByLabel('Beta Invite Code').fill('ladder-e2e');
    await recruit.page.getByRole('button', { name: 'Join Beta' }).click();
    await recruit.page.waitForURL(/\/create-profile/);

    await open(page, '/admin?tab=beta-codes');
    t.is(await totalUses(), usesBefore + 1);
    t.is(await row.getByTestId('beta-code-uses').innerText(), '1/2');
    await t.notThrowsAsync(row.getByText('Casey Recruit').waitFor());

    // Deactivate the recruit: their next page is a visitor's.
    await open(page, `/admin?tab=users&q=${encodeURIComponent(email)}`);
    const userRow = page.locator(`[data-testid="admin-user-row"][data-email="${email}"]`);
    await userRow.getByRole('switch', { name: 'Active: Casey Recruit' }).click();
    await t.notThrowsAsync(
      page
        .getByTestId('action-status')
        .getByText(/^Status updated/)
        .waitFor(),
    );
    await t.notThrowsAsync(userRow.locator('[role="switch"][aria-checked="false"]').waitFor());
    await recruit.page.goto(`${app().baseUrl}/account-settings`);
    await recruit.page.waitForURL(/\/login/);
    t.is((await recruit.page.request.get(`${app().baseUrl}/api/auth/me`)).status(), 401);

    assertNoBrowserErrors(t, recorded);
    await recruit.context.close();
    await recorded.context.close();
  },
);

test.serial('blacklist an e-mail through the Add dialog; remove it with confirmation', async (t) => {
  const recorded = await openPage(browser());
  const { page } = recorded;
  await signIn(page, admin);
  await open(page, '/admin?tab=blacklist');
  await page.locator('summary', { hasText: /^Add$/ }).click();
  const dialog = page.getByRole('region', { name: 'Add to blacklist' });
  await dialog.getByLabel('Value').fill('Spammer@Example.COM');
  await dialog.getByLabel('Reason').fill('Repeated spam sign-ups');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  const row = page.locator('[data-testid="blacklist-row"][data-value="spammer@example.com"]');
  await row.waitFor();
  await t.notThrowsAsync(row.getByText('Repeated spam sign-ups').waitFor());
  // The same again: the server's message in the failure toast.
  await page.locator('summary', { hasText: /^Add$/ }).click();
  await dialog.getByLabel('Value').fill('spammer@example.com');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await t.notThrowsAsync(toasts(page).getByText('Failed to add to blacklist').waitFor());
  await page.locator('summary', { hasText: /^Add$/ }).click();

  await row.locator('summary[aria-label="Remove spammer@example.com"]').click();
  await row.getByRole('button', { name: 'Remove', exact: true }).click();
  await row.waitFor({ state: 'detached' });
  assertNoBrowserErrors(t, recorded, [/409/]);
  await recorded.context.close();
});

test.serial('verify a pending department; edit another through the dialog', async (t) => {
  const member = await createUser();
  for (const name of ['Millbrook Volunteer Fire Co', 'Cedar Gap Fire Rescue']) {
    const res = await fetch(`${app().baseUrl}/api/departments/create`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${member.token}` },
      body: JSON.stringify({ name, city: 'Millbrook', state: 'NY', county: 'Dutchess', country: 'US' }),
    });
    if (res.status !== 201) throw new Error(`create department: ${res.status}`);
  }
  const recorded = await openPage(browser());
  const { page } = recorded;
  await signIn(page, admin);
  await open(page, '/admin?tab=departments');
  const row = page.locator('[data-testid="pending-department-row"][data-name="Millbrook Volunteer Fire Co"]');
  await t.notThrowsAsync(row.getByText('Pending Verification').waitFor());
  await t.notThrowsAsync(row.getByText('User Added').waitFor());
  await row.getByRole('button', { name: 'Verify Millbrook Volunteer Fire Co' }).click();
  await row.waitFor({ state: 'detached' });
  await t.notThrowsAsync(toasts(page).getByText('Department verified').waitFor());

  const other = page.locator('[data-testid="pending-department-row"][data-name="Cedar Gap Fire Rescue"]');
  await other.getByRole('button', { name: 'Edit Cedar Gap Fire Rescue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit department' });
  await dialog.getByLabel('Department name').fill('Cedar Gap Fire & Rescue');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.locator('[data-testid="pending-department-row"][data-name="Cedar Gap Fire & Rescue"]').waitFor();
  assertNoBrowserErrors(t, recorded);
  await recorded.context.close();
});

test.serial('AI logs: stats, sub-tabs, truncated text', async (t) => {
  const long = 'Served twenty-two years on Engine 7 and Ladder 3, including the 2011 warehouse fire response.';
  await AiLog.query().insert([
    {
      userId: admin.user.id,
      type: 'enhancement',
      input: { type: 'personalStatement', content: long, context: 'Personal statement on the profile page' },
      output: { enhanced: `${long} Recognised for leadership.`, confidence: 0.92 },
      confidence: 0.92,
      accepted: true,
      feedbackTimestamp: new Date(),
    },
    {
      userId: admin.user.id,
      type: 'photo_analysis',
      input: { type: 'photo', content: 'photo 41', context: 'Gallery' },
      output: { description: 'Crew standing beside a pumper at dusk', confidence: 0.6 },
      confidence: 0.6,
    },
  ]);
  const recorded = await openPage(browser());
  const { page } = recorded;
  await signIn(page, admin);
  await open(page, '/admin?tab=ai-logs');
  t.is(await stat(page, 'Total Interactions').innerText(), '2');
  t.is(await stat(page, 'Acceptance Rate').innerText(), '50%');
  t.is(await stat(page, 'Avg Confidence').innerText(), '76%');
  t.is(await stat(page, 'Pending Feedback').innerText(), '1');
  const rows = page.getByTestId('ai-log-row');
  t.is(await rows.count(), 2);
  await t.notThrowsAsync(
    page
      .getByText(`${long.slice(0, 60)}…`, { exact: true })
      .first()
      .waitFor(),
  );
  await t.notThrowsAsync(page.getByText('Personal statement on the prof…', { exact: true }).waitFor());
  await page.getByRole('tab', { name: 'Photo Analysis' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="ai-log-row"]').length === 1);
  await t.notThrowsAsync(rows.getByText('Crew standing beside a pumper at dusk').waitFor());
  await page.getByRole('tab', { name: 'Pending' }).click();
  await t.notThrowsAsync(rows.getByText('Pending', { exact: true }).waitFor());
  assertNoBrowserErrors(t, recorded);
  await recorded.context.close();
});

test.serial('a non-admin and a visitor see Access Denied', async (t) => {
  const member = await createUser({ name: 'Nora Member' });
  const recorded = await openPage(browser());
  const { page } = recorded;
  await signIn(page, member);
  for (const path of ['/admin', '/admin/supabase-setup']) {
    const response = await page.goto(`${app().baseUrl}${path}`);
    t.is(response?.status(), 403);
    await t.notThrowsAsync(page.getByRole('heading', { name: 'Access Denied' }).waitFor());
    await t.notThrowsAsync(page.getByText("You don't have permission to access this page.").waitFor());
  }
  await screenshot(page, 'admin-access-denied');
  const visitor = await openPage(browser());
  const res = await visitor.page.goto(`${app().baseUrl}/admin`);
  t.is(res?.status(), 401);
  await t.notThrowsAsync(visitor.page.locator('#main').getByRole('link', { name: 'Login' }).waitFor());
  assertNoBrowserErrors(t, recorded, [/403/]);
  await visitor.context.close();
  await recorded.context.close();
});

const serverTest = needsPostgresServer(test.serial, 'the embedded database has no URL to connect to');

serverTest('database set-up page: test a connection (version shown), a wrong URL (Connection Failed)', async (t) => {
  const recorded = await openPage(browser());
  const { page } = recorded;
  await signIn(page, admin);
  await open(page, '/admin/supabase-setup');
  const card = page.getByRole('region', { name: 'Test connection' });
  await card.getByLabel('Database URL').fill(app().database.url!);
  await card.getByRole('button', { name: 'Test connection' }).click();
  await t.notThrowsAsync(
    page
      .getByTestId('connection-version')
      .getByText(/PostgreSQL/)
      .waitFor(),
  );
  await card.getByLabel('Database URL').fill('postgres://nobody:pw@127.0.0.1:1/none');
  await card.getByRole('button', { name: 'Test connection' }).click();
  await t.notThrowsAsync(toasts(page).getByText('Connection Failed').waitFor());
  await t.notThrowsAsync(toasts(page).getByText('Please check your database URL and try again.').waitFor());
  // An admin (not a super admin) is refused the set-up with the reason.
  const setup = page.getByRole('region', { name: 'Set up' });
  await setup.getByLabel('Database URL').fill('postgres://nobody:pw@127.0.0.1:1/none');
  await setup.getByRole('button', { name: 'Set up' }).click();
  await t.notThrowsAsync(toasts(page).getByText('Setup Failed').waitFor());
  assertNoBrowserErrors(t, recorded, [/400/, /403/]);
  await recorded.context.close();
});

/** Each tab and the island that shows it. */
const TABS = {
  users: 'AdminUsers',
  'beta-codes': 'AdminBetaCodes',
  blacklist: 'AdminBlacklist',
  'ai-logs': 'AdminAiLogs',
  departments: 'AdminDepartments',
} as const;

test.serial('screenshots of each tab and the set-up page at 1280 and 375 px', async (t) => {
  for (const width of [1280, 375]) {
    const recorded = await openPage(browser(), { width, height: 900 });
    const { page } = recorded;
    await signIn(page, admin);
    for (const [tab, island] of Object.entries(TABS)) {
      await open(page, `/admin?tab=${tab}`);
      // What the picture must show: the dashboard, this tab marked current, and this tab's content.
      t.true(await page.getByRole('heading', { name: ADMIN_LABELS.title }).isVisible(), `${tab} at ${width}`);
      t.is(await page.locator(`a[href="/admin?tab=${tab}"][aria-current="page"]`).count(), 1, `${tab} at ${width}`);
      t.true(await page.locator(`[data-island="${island}"]`).isVisible(), `${tab} at ${width}`);
      await screenshot(page, `admin-${tab}-${width}`);
    }
    await open(page, '/admin/supabase-setup');
    t.true(await page.getByRole('heading', { name: ADMIN_LABELS.databaseSetup }).isVisible(), `set-up at ${width}`);
    t.true(await page.getByRole('region', { name: 'Test connection' }).isVisible(), `set-up at ${width}`);
    await screenshot(page, `admin-database-setup-${width}`);
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();
  }
});
