/**
 * Text typed before an island's script loads is kept (docs/decisions/typed-text-and-limits.md): on every island form, with the scripts held,
 * a person types into a field; the scripts are released, the islands hydrate, the person types into the next
 * field, and the first still holds what was typed — and the island's state agrees (the submit carries it).
 * Each form runs twice: at full speed and with the CPU slowed 6× (a phone). No hydration warnings either way.
 */
import test, { type ExecutionContext } from 'ava';
import type { Locator, Page } from 'playwright-core';
import { assertNoBrowserErrors, openPage, type RecordedPage } from '../helpers/browser';
import { throttleCpu, typeBeforeHydration } from '../helpers/hydration';
import { createProfileWithItems } from '../helpers/profileItems';
import { anyDepartment } from '../helpers/profiles';
import { createUser, type CreatedUser } from '../helpers/users';
import { Profile } from '../../src/models/Profile';
import { User } from '../../src/models/User';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });
let admin: CreatedUser;

test.before(async () => {
  admin = await createUser({ role: 'super_admin', password: 'admin-pass-1' });
});

const RATES = [1, 6] as const;
const label = (text: string) => (page: Page) => page.getByLabel(text, { exact: true });
let serial = 0;
const unique = () => `${Date.now()}${(serial += 1)}`;

async function signIn(page: Page, account: CreatedUser): Promise<void> {
  const login = await page.request.post(`${app().baseUrl}/api/auth/login`, {
    data: { email: account.user.email, password: account.password },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
}

/** A page at `rate`× CPU slowdown; fails the test on console errors and hydration warnings. */
async function withPage(
  t: ExecutionContext,
  rate: number,
  run: (recorded: RecordedPage) => Promise<void>,
  allowed: RegExp[] = [],
) {
  const recorded = await openPage(browser());
  try {
    await throttleCpu(recorded.context, recorded.page, rate);
    await run(recorded);
    assertNoBrowserErrors(t, recorded, allowed);
  } finally {
    await recorded.context.close();
  }
}

const toastTitled = (page: Page, title: string) =>
  page.getByTestId('toasts').getByText(title, { exact: true }).waitFor({ timeout: 15_000 });

// An editor far below the fold waits until it is scrolled to (docs/decisions/lazy-hydration.md): on a phone the
// profile editor in view hydrates once the page is idle and the list editors below do not; scrolled to, the last
// one's Edit tapped at once — before or while it hydrates — opens its editor, what is typed there is saved, and its
// add form (closed when it hydrated) adds an item.
test.serial(
  'edit mode on a phone: an editor far down hydrates when scrolled to, and its first tap is kept',
  async (t) => {
    const { owner, id } = await createProfileWithItems(app());
    await withPage(t, 6, async ({ page }) => {
      await page.setViewportSize({ width: 412, height: 823 });
      await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
      await page.goto(`${app().baseUrl}/profiles/${id}?edit=1`);
      const island = (key: string) => page.locator(`section:has(#section-${key}) [data-island="ListEditor"]`);
      const hydrated = (locator: Locator) =>
        locator.and(page.locator('[data-hydrated]')).waitFor({ state: 'attached', timeout: 20_000 });
      // The toolbar hydrates at load, the profile editor in view once the page is idle; the lists are below.
      await hydrated(page.locator('[data-island="ProfileToolbar"]'));
      await hydrated(page.locator('[data-island="ProfileEditor"]'));
      await page.waitForTimeout(1000);
      t.is(await page.locator('[data-island="ListEditor"][data-hydrated]').count(), 0, 'none hydrated out of view');

      const item = page.getByRole('listitem', { name: 'Hazmat Team', exact: true });
      await item.scrollIntoViewIfNeeded();
      // Tapped at once: the <details> opens without the script, and the island adopts it when it hydrates.
      await item.locator('summary', { hasText: 'Edit' }).click();
      const years = item.getByLabel('Years', { exact: true });
      await years.waitFor({ timeout: 20_000 });
      t.is(await island('specialUnits').getAttribute('data-hydrated'), 'true');
      await years.fill('2017-2025');
      await Promise.all([
        page.waitForResponse((res) => res.request().method() === 'PATCH' && res.url().includes('/special-units/'), {
          timeout: 15_000,
        }),
        item.getByRole('button', { name: 'Done', exact: true }).click(),
      ]);
      await item.getByText('2017-2025').first().waitFor({ timeout: 15_000 });

      // Its add form was closed when it hydrated: the server's until opened, then the island's own, which saves.
      await page.getByText('Add special unit', { exact: true }).click();
      const form = page.getByRole('form', { name: 'New special unit' });
      await form.getByLabel('Unit name', { exact: true }).fill('Water Rescue');
      await form.getByLabel('Years', { exact: true }).fill('2019-present');
      await form.getByLabel('Description', { exact: true }).fill('Swiftwater team.');
      await form.getByRole('button', { name: 'Save special unit' }).click();
      await page.getByRole('listitem', { name: 'Water Rescue', exact: true }).waitFor({ timeout: 15_000 });
      await form.waitFor({ state: 'hidden' });
    });
    const stored = (await app().client().get(`/api/profiles/${id}/special-units`)).body as Array<{
      name: string;
      years: string;
    }>;
    t.deepEqual(
      stored.map(({ name, years }) => [name, years]),
      [
        ['Hazmat Team', '2017-2025'],
        ['Water Rescue', '2019-present'],
      ],
    );
  },
);

for (const rate of RATES) {
  const cpu = rate > 1 ? ` (CPU ${rate}× slower)` : '';

  // The sign-in pages (/login, /register, /forgot-password, /reset-password) are server forms, so nothing typed
  // there waits for a script: test/e2e/auth.test.ts checks they ship none (/login/passkey's one island, the
  // passkey button, has no field).
  test.serial(`account settings: each of the three forms keeps what was typed before hydration${cpu}`, async (t) => {
    const member = await createUser({ name: 'Old Name', password: 'member-pass-1' });
    const username = `early_${unique()}`.slice(0, 30);
    await withPage(t, rate, async ({ page }) => {
      await signIn(page, member);
      const url = `${app().baseUrl}/account-settings`;
      await typeBeforeHydration(t, page, url, {
        first: { field: label('Full Name'), type: 'New Name' },
        next: { field: label('Email'), type: member.user.email },
      });
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await toastTitled(page, 'Profile updated');

      await typeBeforeHydration(t, page, url, {
        first: { field: label('Username'), type: username },
        next: { field: label('Current Password'), type: 'member-pass-1' },
      });
      await page.getByRole('button', { name: 'Save URL' }).click();
      await toastTitled(page, 'Username updated');

      await typeBeforeHydration(t, page, url, {
        first: { field: label('Current Password'), type: 'member-pass-1' },
        next: { field: label('New Password'), type: 'member-pass-2' },
      });
      await label('Confirm New Password')(page).fill('member-pass-2');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await toastTitled(page, 'Password changed');
    });
    const saved = await User.query().findById(member.user.id);
    t.is(saved?.name, 'New Name');
    t.is(saved?.username, username);
  });

  test.serial(`create profile: the department search and rank typed before hydration are kept${cpu}`, async (t) => {
    const member = await createUser({ name: 'Casey Create', password: 'member-pass-1' });
    const department = await anyDepartment();
    await withPage(t, rate, async ({ page }) => {
      await signIn(page, member);
      await typeBeforeHydration(t, page, `${app().baseUrl}/create-profile`, {
        first: { field: label('Rank'), type: 'Engineer' },
        next: { field: (p) => p.getByRole('combobox', { name: 'Fire Department' }), type: department.name },
      });
      await page.getByRole('option').first().click({ timeout: 15_000 });
      await Promise.all([
        page.waitForURL((url) => url.pathname !== '/create-profile', { timeout: 15_000 }),
        page.getByRole('button', { name: 'Create Profile' }).click(),
      ]);
    });
    t.is((await Profile.query().where('userId', member.user.id).first())?.rank, 'Engineer');
  });

  test.serial(`the department combobox: text typed before hydration searches once hydrated${cpu}`, async (t) => {
    const member = await createUser({ password: 'member-pass-1' });
    const department = await anyDepartment();
    await withPage(t, rate, async ({ page }) => {
      await signIn(page, member);
      await typeBeforeHydration(t, page, `${app().baseUrl}/create-profile`, {
        first: { field: (p) => p.getByRole('combobox', { name: 'Fire Department' }), type: department.name },
        next: { field: label('Rank'), type: 'Lieutenant' },
      });
      await page.getByRole('combobox', { name: 'Fire Department' }).click();
      await page.getByRole('option').first().waitFor({ timeout: 15_000 });
      t.true((await page.getByRole('option').allInnerTexts()).some((text) => text.includes(department.name)));
    });
  });

  test.serial(`profile editor: a statement typed before hydration is kept and saved when left${cpu}`, async (t) => {
    const { owner, id } = await createProfileWithItems(app());
    await Profile.query().findById(id).patch({ personalStatement: 'What the server had.' });
    await withPage(t, rate, async ({ page }) => {
      await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
      await typeBeforeHydration(t, page, `${app().baseUrl}/profiles/${id}?edit=1`, {
        // The fields open behind Edit Profile, a <details> that opens without JavaScript.
        prepare: (p) => p.locator('summary', { hasText: 'Edit Profile' }).click(),
        // A textarea: React puts the server's text back while hydrating; the island restores what was typed.
        first: { field: label('Personal Statement'), type: 'Typed while the page loaded.' },
        next: { field: label('Motto'), type: 'Early and steady' },
      });
      await label('Role')(page).click();
      await t.notThrowsAsync(async () => {
        for (let tries = 0; tries < 50; tries += 1) {
          const saved = await Profile.query().findById(id);
          if (saved?.personalStatement === 'Typed while the page loaded.' && saved.motto === 'Early and steady') return;
          await page.waitForTimeout(200);
        }
        throw new Error('not saved');
      });
    });
  });

  test.serial(`list add form: the item typed before hydration is the one added${cpu}`, async (t) => {
    const { owner, id } = await createProfileWithItems(app());
    const event = `Early event ${unique()}`;
    await withPage(t, rate, async ({ page }) => {
      await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
      const form = (p: Page) => p.getByRole('form', { name: 'New timeline event' });
      await typeBeforeHydration(t, page, `${app().baseUrl}/profiles/${id}?edit=1`, {
        // <details> opens without JavaScript.
        prepare: (p) => p.getByText('Add timeline event', { exact: true }).click(),
        first: { field: (p) => form(p).getByLabel('Event title', { exact: true }), type: event },
        next: { field: (p) => form(p).getByLabel('Year', { exact: true }), type: '2016' },
      });
      await form(page).getByLabel('Event type', { exact: true }).selectOption('promoted');
      await form(page).getByRole('button', { name: 'Save timeline event' }).click();
      await page.getByRole('status').filter({ hasText: 'Timeline event saved' }).waitFor();
      // Opened before the script ran, the panel is the island's: saving closes it (no blank form left open).
      await form(page).waitFor({ state: 'hidden' });
    });
    const items = (await app().client().get(`/api/profiles/${id}/timeline`)).body as Array<{ event: string }>;
    t.true(items.some((item) => item.event === event));
  });

  test.serial(`admin user search: the query typed before hydration is the one searched${cpu}`, async (t) => {
    const target = await createUser({ name: `Quinn Hydrate ${unique()}` });
    await withPage(t, rate, async ({ page }) => {
      await signIn(page, admin);
      const search = (p: Page) => p.getByRole('searchbox', { name: 'Search users by name or email' });
      await typeBeforeHydration(t, page, `${app().baseUrl}/admin?tab=users`, {
        first: { field: search, type: target.user.name },
      });
      await search(page).press('Enter');
      await page.waitForURL(/q=/, { timeout: 15_000 }).catch(() => undefined);
      await page.getByText(target.user.email).waitFor({ timeout: 15_000 });
      t.is(await search(page).inputValue(), target.user.name);
    });
  });

  test.serial(`database set-up: the URL typed before hydration is the one tested${cpu}`, async (t) => {
    const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    await withPage(t, rate, async ({ page }) => {
      await signIn(page, admin);
      const field = (card: string) => (p: Page) =>
        p.locator(`[aria-label="${card}"]`).getByLabel('Database URL', { exact: true });
      await typeBeforeHydration(t, page, `${app().baseUrl}/admin/supabase-setup`, {
        first: { field: field('Test connection'), type: url },
        next: { field: field('Set up'), type: 'postgres://nobody@127.0.0.1:1/none' },
      });
      await page.getByRole('button', { name: 'Test connection' }).click();
      await page.getByTestId('connection-version').waitFor({ timeout: 20_000 });
      t.regex(await page.getByTestId('connection-version').innerText(), /Connected/);
    });
  });
}
