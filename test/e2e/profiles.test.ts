/**
 * Profiles in a real Chromium: register → create a profile (department through the picker) → edit in place →
 * toggle Hidden/Public while a visitor in a second browser context sees Profile not found, then the page;
 * the public page carries no script for a visitor nor for another member; screenshots at 375, 768, 1280 px.
 */
import test from 'ava';
import type { Page } from 'playwright-core';
import { createUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { assertNoBrowserErrors, openPage, screenshot, waitForIslands, type RecordedPage } from '../helpers/browser';
import { BetaCode } from '../../src/models/BetaCode';
import { getManifest } from '../../src/render/manifest';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });

async function scripts(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      document.querySelectorAll('script:not([type="application/json"]):not([type="application/ld+json"])').length +
      document.querySelectorAll('link[rel="modulepreload"]').length,
  );
}

/** The owner's own view of their profile, signed in by bearer token, hydrated. */
async function openOwnProfile(owner: { token: string }, profileId: number, width: number): Promise<RecordedPage> {
  const recorded = await openPage(browser(), { width, height: 900 });
  await recorded.page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
  await recorded.page.goto(`${app().baseUrl}/profiles/${profileId}`);
  await waitForIslands(recorded.page);
  return recorded;
}

test.serial('create a profile after registering, edit it, publish it; visitors see it only once live', async (t) => {
  await BetaCode.query().insert({ code: 'LADDER7', maxUses: 2 });
  const owner = await openPage(browser());
  const { page } = owner;

  await page.goto(`${app().baseUrl}/register`);
  await waitForIslands(page);
  await page.getByLabel('Full Name').fill('Morgan Reyes');
  await page.getByLabel('Email').fill(`morgan.${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('ladder-pass-7');
  await page.getByLabel('Beta Invite Code').fill('LADDER7');
  await Promise.all([page.waitForURL('**/create-profile'), page.click('button[type=submit]')]);
  await waitForIslands(page);

  // Without a department: the spec's toast, and nothing is created.
  await page.getByLabel('Rank').fill('Lieutenant');
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await t.notThrowsAsync(page.getByText('Please select a fire department to continue.').waitFor());
  const pickerInput = page.getByRole('combobox');
  t.is(await pickerInput.getAttribute('aria-invalid'), 'true', 'and at the field');
  await t.notThrowsAsync(page.getByTestId('department-picker').getByText('Department is required').waitFor());

  // A registry department by its name: other tests' pending departments are found too (pending-departments.md).
  await page.getByRole('combobox').fill('Bristol Bay');
  await page
    .getByRole('option', { name: /Bristol Bay Borough Fire Department/ })
    .first()
    .click();
  await page.getByTestId('department-picker-selected').waitFor();
  await page.getByLabel('Instagram').fill('@lt.reyes');
  await screenshot(page, 'profile-create-filled');
  await Promise.all([
    page.waitForURL(/\/profiles\/\d+$/),
    page.getByRole('button', { name: 'Create Profile' }).click(),
  ]);
  const ownUrl = page.url();
  const id = /\/profiles\/(\d+)$/.exec(ownUrl)![1]!;
  await waitForIslands(page);
  await t.notThrowsAsync(page.getByRole('heading', { name: 'Morgan Reyes' }).waitFor());
  t.is(await page.getByRole('switch').textContent(), 'Hidden', 'a new profile is a draft');

  // A visitor cannot see the draft.
  const visitor = await openPage(browser());
  const draftAnswer = await visitor.page.goto(`${app().baseUrl}/profiles/${id}/public`);
  t.is(draftAnswer?.status(), 404);
  await t.notThrowsAsync(visitor.page.getByRole('heading', { name: 'Profile not found' }).waitFor());

  // Edit in place: fields save on blur; Save waits for them and leaves edit mode.
  await page.getByRole('banner').getByRole('link', { name: 'Edit Profile' }).click();
  await page.waitForURL(/\?edit=1$/);
  await waitForIslands(page);
  await page.locator('summary', { hasText: 'Edit Profile' }).click();
  await page.getByLabel('Motto', { exact: true }).fill('Always ready');
  await page.getByLabel('Personal Statement').fill('Truck company officer. Ventilation, search and forcible entry.');
  await page.getByRole('button', { name: 'Widgets' }).click();
  await page.getByRole('checkbox', { name: 'Skills' }).uncheck();
  await t.notThrowsAsync(page.getByText('1 widget is hidden.').waitFor());
  await screenshot(page, 'profile-edit-mode');
  await page.getByRole('region', { name: 'Widget Settings' }).getByRole('button', { name: 'Done' }).click();
  await page.waitForURL(/\?edit=1$/);
  await waitForIslands(page);
  await Promise.all([page.waitForURL(ownUrl), page.getByRole('button', { name: 'Save' }).click()]);
  await t.notThrowsAsync(page.getByText('“Always ready”').waitFor());
  t.false(await page.getByRole('heading', { name: 'Skills' }).isVisible(), 'the hidden widget stays hidden');

  // Publish: the toggle says Public, with the spec's toast; the visitor now sees the page.
  await waitForIslands(page);
  await page.getByRole('switch').click();
  await t.notThrowsAsync(page.getByText('Profile visibility updated!').waitFor());
  t.is(await page.getByRole('switch').textContent(), 'Public');
  const liveAnswer = await visitor.page.goto(`${app().baseUrl}/profiles/${id}/public`);
  t.is(liveAnswer?.status(), 200);
  await t.notThrowsAsync(visitor.page.getByText('Truck company officer.').waitFor());
  t.is(await scripts(visitor.page), 0, 'no script for a visitor');

  // Hidden again: the visitor's next load is Profile not found.
  await page.getByRole('switch').click();
  await t.notThrowsAsync(page.getByRole('switch', { name: /Hidden/ }).waitFor());
  t.is((await visitor.page.reload())?.status(), 404);

  assertNoBrowserErrors(t, owner);
  assertNoBrowserErrors(t, visitor, [/status of 404/]);
  await visitor.context.close();
  await owner.context.close();
});

test.serial('the sample profile at 375, 768 and 1280 px: no script for a visitor nor for another member', async (t) => {
  const member = await createUser();
  for (const width of [375, 768, 1280]) {
    const visitor = await openPage(browser(), { width, height: 900 });
    await visitor.page.goto(`${app().baseUrl}/profiles/1/public`);
    await t.notThrowsAsync(visitor.page.getByRole('heading', { name: 'Jordan Rivera' }).waitFor());
    t.is(await scripts(visitor.page), 0, `visitor at ${width}`);
    await screenshot(visitor.page, `profile-public-${width}`);
    assertNoBrowserErrors(t, visitor);
    await visitor.context.close();

    const signedIn = await openPage(browser(), { width, height: 900 });
    await signedIn.page.setExtraHTTPHeaders({ Authorization: `Bearer ${member.token}` });
    await signedIn.page.goto(`${app().baseUrl}/profiles/1/public`);
    await t.notThrowsAsync(signedIn.page.getByRole('heading', { name: 'Jordan Rivera' }).waitFor());
    t.is(await scripts(signedIn.page), 0, `member at ${width}`);
    t.true(await signedIn.page.getByTestId('user-menu').isVisible(), 'the member has their menu');
    assertNoBrowserErrors(t, signedIn);
    await signedIn.context.close();
  }
});

test.serial(
  'on a phone the owner edits in the full-screen Edit Profile dialog; Done Editing says Changes saved!',
  async (t) => {
    const owner = await createUser({ name: 'Pat Nakamura' });
    const profile = await createProfileFor(owner, { motto: 'Old motto' });
    const recorded = await openPage(browser(), { width: 375, height: 800 });
    const { page } = recorded;
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
    await page.goto(`${app().baseUrl}/profiles/${profile.id}?edit=1`);
    await waitForIslands(page);
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    t.false(await dialog.isVisible(), 'closed until asked for');
    await page.locator('summary', { hasText: 'Edit Profile' }).click();
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    t.deepEqual([box?.x, box?.y, box?.width], [0, 0, 375], 'full screen');
    await dialog.getByLabel('Motto', { exact: true }).fill('New motto');
    await screenshot(page, 'profile-edit-dialog-375');
    await dialog.getByRole('button', { name: 'Done Editing' }).click();
    await t.notThrowsAsync(page.getByText('Changes saved!').waitFor());
    t.false(await dialog.isVisible());
    await page.goto(`${app().baseUrl}/profiles/${profile.id}`);
    await t.notThrowsAsync(page.getByText('“New motto”').waitFor());
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();
  },
);

test.serial(
  'the edit controls sit in the header (spec 01 §2) at 1280 and 375 px; Edit Profile works without script',
  async (t) => {
    const owner = await createUser({ name: 'Dana Okafor' });
    const profile = await createProfileFor(owner, { motto: 'Ready' });
    for (const width of [1280, 375]) {
      const recorded = await openOwnProfile(owner, profile.id, width);
      const { page } = recorded;
      const banner = page.getByRole('banner');
      const controls = banner.getByRole('toolbar', { name: 'Profile controls' });
      t.is(await controls.getByRole('switch').textContent(), 'Public');
      t.true(await controls.getByRole('link', { name: 'Edit Profile' }).isVisible(), `Edit Profile at ${width}`);
      t.is(await page.getByRole('main').getByRole('toolbar').count(), 0, 'no toolbar left in the page');
      const headerBox = (await banner.boundingBox())!;
      const controlsBox = (await controls.boundingBox())!;
      t.true(controlsBox.y + controlsBox.height <= headerBox.y + headerBox.height, 'inside the header');
      t.true(controlsBox.x + controlsBox.width <= width, 'within the screen');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      t.true(overflow <= 0, `no horizontal scroll at ${width} (${overflow}px over)`);
      await screenshot(page, `profile-owner-header-${width}`);

      await Promise.all([page.waitForURL(/\?edit=1$/), controls.getByRole('link', { name: 'Edit Profile' }).click()]);
      await waitForIslands(page);
      t.true(await controls.getByRole('button', { name: 'Save' }).isVisible());
      await controls.getByRole('button', { name: 'Widgets' }).click();
      const panel = page.getByRole('region', { name: 'Widget Settings' });
      await panel.waitFor();
      const panelBox = (await panel.boundingBox())!;
      t.true(panelBox.x >= 0 && panelBox.x + panelBox.width <= width, 'the panel fits the screen');
      await screenshot(page, `profile-owner-edit-header-${width}`);
      assertNoBrowserErrors(t, recorded);
      await recorded.context.close();
    }

    const noScript = await openPage(browser(), { width: 375, javaScriptEnabled: false });
    await noScript.page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
    await noScript.page.goto(`${app().baseUrl}/profiles/${profile.id}`);
    await Promise.all([
      noScript.page.waitForURL(/\?edit=1$/),
      noScript.page.getByRole('banner').getByRole('link', { name: 'Edit Profile' }).click(),
    ]);
    await t.notThrowsAsync(noScript.page.getByLabel('Motto', { exact: true }).first().waitFor({ state: 'attached' }));
    await noScript.context.close();
  },
);

test.serial(
  'the owner’s page loads no island code until the toolbar is touched; without script the switch is a plain post',
  async (t) => {
    const owner = await createUser({ name: 'Kai Lindqvist' });
    const profile = await createProfileFor(owner, { profileStatus: 'draft' });
    const ownUrl = `${app().baseUrl}/profiles/${profile.id}`;

    const recorded = await openPage(browser(), { width: 1280 });
    const { page } = recorded;
    const scriptsFetched: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scriptsFetched.push(new URL(request.url()).pathname);
    });
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
    await page.goto(ownUrl, { waitUntil: 'networkidle' });
    t.deepEqual(scriptsFetched, [getManifest(false).client.src], 'only the island runtime’s own file at load');

    // Pointing at the toolbar hydrates it; the switch then saves through the API, without leaving the page.
    const toolbar = page.getByRole('banner').getByRole('toolbar', { name: 'Profile controls' });
    await toolbar.getByRole('switch').hover();
    await page.waitForSelector('[data-island="ProfileToolbar"][data-hydrated="true"]', { state: 'attached' });
    t.true(scriptsFetched.length > 1, 'the toolbar’s code came when it was touched');
    let navigated = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigated = true;
    });
    await toolbar.getByRole('switch').click();
    await t.notThrowsAsync(page.getByText('Profile visibility updated!').waitFor());
    t.is(await toolbar.getByRole('switch').textContent(), 'Public');
    t.false(navigated, 'saved in place');

    // Pressed before its code came (a tap on a phone is quicker than the download): the form posts, and the page
    // it comes back to shows the toast, loading the toaster for it. The pointer leaves the toolbar first: resting on
    // it, the new page could hydrate the toolbar before the submit.
    await page.mouse.move(0, 0);
    await page.goto(ownUrl);
    await Promise.all([
      page.waitForURL(ownUrl),
      page.waitForEvent('framenavigated'),
      page
        .locator(`form[action="/profiles/${profile.id}/status"]`)
        .evaluate((form: HTMLFormElement) => form.requestSubmit()),
    ]);
    await t.notThrowsAsync(page.getByText('Profile visibility updated!').waitFor());
    t.is(await toolbar.getByRole('switch').textContent(), 'Hidden');
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();

    // Without script: the same switch posts the form; the page comes back with the new state.
    const noScript = await openPage(browser(), { width: 375, javaScriptEnabled: false });
    await noScript.page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
    await noScript.page.goto(ownUrl);
    const plainSwitch = noScript.page.getByRole('banner').getByRole('switch');
    t.is(await plainSwitch.textContent(), 'Hidden');
    await Promise.all([noScript.page.waitForURL(ownUrl), plainSwitch.click()]);
    t.is(await noScript.page.getByRole('banner').getByRole('switch').textContent(), 'Public');
    t.is((await fetch(`${app().baseUrl}/profiles/${profile.id}/public`)).status, 200, 'visitors see it');
    await screenshot(noScript.page, 'profile-owner-switch-posted-375');
    await noScript.context.close();
  },
);

test.serial(
  'the owner’s view marks a private award “Only me”; View as visitor hides it, with a banner and a way back',
  async (t) => {
    const owner = await createUser({ name: 'Sam Ortiz' });
    const profile = await createProfileFor(owner, { motto: 'Always ready' });
    const add = (name: string, visibility: string) =>
      fetch(`${app().baseUrl}/api/profiles/${profile.id}/awards`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, year: '2021', type: 'valor', visibility }),
      });
    t.is((await add('Lifesaving Award', 'public')).status, 201);
    t.is((await add('Private Commendation', 'private')).status, 201);
    for (const width of [1280, 375]) {
      const recorded = await openOwnProfile(owner, profile.id, width);
      const { page } = recorded;
      const privateAward = page.getByRole('listitem').filter({ hasText: 'Private Commendation' });
      t.true(await privateAward.getByText('Only me').isVisible(), `the private award is marked at ${width}`);
      t.is(await page.getByRole('listitem').filter({ hasText: 'Lifesaving Award' }).getByText('Only me').count(), 0);
      await screenshot(page, `profile-owner-visibility-${width}`);

      // View as is in the owner's "⋯" menu (views/profile/OwnerMoreMenu.tsx).
      const banner = page.getByRole('banner');
      await banner.locator('summary[aria-label="More profile controls"]').click();
      await Promise.all([
        page.waitForURL(/\?as=visitor$/),
        banner.getByRole('link', { name: 'View as visitor' }).click(),
      ]);
      await t.notThrowsAsync(page.getByText('Viewing as a visitor.').waitFor());
      t.true(await page.getByText('Lifesaving Award').isVisible());
      t.is(
        await page.getByText('Private Commendation').count(),
        0,
        `View as visitor hides the private award at ${width}`,
      );
      t.is(await page.getByText('Only me').count(), 0);
      t.is(await page.getByRole('toolbar', { name: 'Profile controls' }).count(), 0, 'no edit controls');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      t.true(overflow <= 0, `no horizontal scroll at ${width} (${overflow}px over)`);
      await screenshot(page, `profile-view-as-visitor-${width}`);
      await Promise.all([
        page.waitForURL(new RegExp(`/profiles/${profile.id}$`)),
        page.getByRole('link', { name: 'Back to your view' }).click(),
      ]);
      assertNoBrowserErrors(t, recorded);
      await recorded.context.close();
    }
  },
);
