/**
 * The calm edit mode (docs/decisions/edit-mode.md) in a real Chromium: a profile with 6 items across four lists fits on two screens
 * at 1280×800 in edit mode; every saved item shows its read view with Edit; Edit opens its editor (focus in its
 * first field, aria-expanded), only one editor is open on the page — opening another saves and closes the first,
 * unless it holds a field that cannot be saved, which stays open and focused —, Done closes it and gives the
 * focus back to Edit. The profile's own fields open behind Edit Profile, under the same rule. Status updates and
 * fire stations choose their photo in the item's editor. The owner's compact gallery shows each photo's
 * visibility; a View-as page's links keep `?as=`. Screenshots at 375 and 1280 px with one item open.
 */
import test from 'ava';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { clientAs } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { LIST_SAMPLES } from '../helpers/listSamples';
import { insertPhotoFor } from '../helpers/photos';
import {
  assertNoBrowserErrors,
  assertNoHorizontalOverflow,
  openPage,
  screenshot,
  SCREENSHOT_DIR,
  waitForIslands,
} from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });
let id: number;
let owner: CreatedUser;

/** Six items across four lists (two timeline events, an incident, a skill, an award, a piece of gear). */
const ITEMS: Array<[string, Record<string, unknown>]> = [
  ['timeline', { ...LIST_SAMPLES.timeline!.add, event: 'Hired at Station 7' }],
  ['timeline', { ...LIST_SAMPLES.timeline!.add, year: '2020', event: 'Promoted to Engineer', type: 'promoted' }],
  ['incidents', LIST_SAMPLES.incidents!.add],
  ['skills', LIST_SAMPLES.skills!.add],
  ['awards', { ...LIST_SAMPLES.awards!.add, visibility: 'private' }],
  ['gear', { ...LIST_SAMPLES.gear!.add, visibility: 'authenticated' }],
];

async function addItems(profileId: number, items: Array<[string, Record<string, unknown>]>, by = owner) {
  for (const [list, item] of items) {
    const res = await clientAs(app(), by).post(`/api/profiles/${profileId}/${list}`, item);
    if (res.status !== 201) throw new Error(`${list}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

test.before(async () => {
  owner = await createUser({ name: 'Calm Editor' });
  id = (await createProfileFor(owner, { defaultVisibility: 'public' })).id;
  await addItems(id, ITEMS);
});

async function editMode(width: number, height: number, profileId = id, by = owner) {
  const recorded = await openPage(browser(), { width, height });
  await recorded.page.setExtraHTTPHeaders({ Authorization: `Bearer ${by.token}` });
  await recorded.page.goto(`${app().baseUrl}/profiles/${profileId}?edit=1`);
  await waitForIslands(recorded.page);
  return recorded;
}

const section = (page: Page, key: string) => page.locator(`section[aria-labelledby="section-${key}"]`);
const card = (scope: Locator | Page, name: string) => scope.getByRole('listitem', { name, exact: true });
const editButton = (item: Locator) => item.locator('summary', { hasText: 'Edit' });
/** The profile's own fields open behind it (a <summary>). */
const editProfile = (page: Page) => page.locator('summary', { hasText: 'Edit Profile' });
/** Edit, and the focus in the editor (waited for: the editor moves it there once open). */
const openItem = async (item: Locator) => {
  await editButton(item).click();
  await item.locator('details[open] > div :focus').waitFor();
};
const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
const patched = (page: Page) =>
  page.waitForResponse((res) => res.request().method() === 'PATCH' && res.url().includes('/api/profiles/'), {
    timeout: 10_000,
  });

test.serial('edit mode with 6 items fits on two screens at 1280×800; every item is its read view', async (t) => {
  // The owner's first visit shows the reminder setting once (docs/decisions/expiry-reminders.md); measure the edit mode they work in.
  t.is((await clientAs(app(), owner).get(`/profiles/${id}`, { headers: { Accept: 'text/html' } })).status, 200);
  const recorded = await editMode(1280, 800);
  const { page } = recorded;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  t.true(height <= 2 * 800, `edit mode is ${height}px tall`);
  await assertNoHorizontalOverflow(t, page, 'edit mode at 1280');
  t.is(await page.locator('details[open]').count(), 0, 'no editor is open');
  t.is(await page.getByRole('form').count(), 0, 'no form shows');
  // Closed editors are not rendered at all (display: none), so Chrome's form autofill does not lay out each of their
  // forms at DOMContentLoaded (docs/decisions/script-only-where-needed.md: that was most of edit mode's long task).
  const closed = page.locator('main details:not([open]) > :not(summary)');
  t.true((await closed.count()) > 6, 'every closed editor and add panel');
  t.deepEqual([...new Set(await closed.evaluateAll((els) => els.map((el) => getComputedStyle(el).display)))], ['none']);
  // Nor are saved items' forms in the page at all: autofill still walked each of their fields at DOMContentLoaded,
  // and they were two thirds of the page's HTML. The forms enter the page on Edit (the tests below); without script
  // each editor links, in <noscript>, to the edit page with its form open (profile-editors.test.ts). (The add panels
  // and Edit Profile keep theirs: what is typed there before hydration is kept, hydration.test.ts.)
  const itemEditors = page.locator('main [data-island="ListEditor"] li details:not([open])');
  t.true((await itemEditors.count()) >= 6, 'every item is closed');
  t.is(await itemEditors.locator(':is(form, input, select, textarea)').count(), 0);
  const withoutScript = await itemEditors.locator('noscript').allTextContents();
  t.is(withoutScript.length, await itemEditors.count(), "each editor's way to its form without script");
  t.false(
    withoutScript.some((markup) => markup.includes('<form')),
    'no form travels in the page, even as unparsed text',
  );
  // What visitors see, plus who may see it.
  const award = card(section(page, 'awards'), 'Medal of Valor');
  t.is(await award.locator('[data-visibility="private"]').innerText(), 'Only me');
  t.is(
    await card(section(page, 'gear'), 'Engine 7').locator('[data-visibility="authenticated"]').innerText(),
    'Members',
  );
  t.is(await editButton(award).getAttribute('aria-expanded'), 'false');
  t.is(await editProfile(page).getAttribute('aria-expanded'), 'false');
  await screenshot(page, 'calm-edit-mode-1280');
  assertNoBrowserErrors(t, recorded);
  await recorded.context.close();
});

test.serial(
  'one editor open at a time: another Edit saves and closes the first; an invalid one stays open and focused',
  async (t) => {
    const recorded = await editMode(1280, 800);
    const { page } = recorded;
    const gear = card(section(page, 'gear'), 'Engine 7');
    const award = card(section(page, 'awards'), 'Medal of Valor');
    const skill = card(section(page, 'skills'), 'Rope rescue');

    // Edit: the editor opens, the focus is in its first field.
    await openItem(gear);
    const years = gear.getByLabel('Years', { exact: true });
    await years.waitFor();
    t.is(await gear.locator('details').getAttribute('open'), '');
    t.true(await isFocused(gear.getByLabel('Apparatus name', { exact: true })), 'focus moves into the editor');

    // Typed, then another item's Edit (in another list's island): the text is saved, the first editor closes.
    await years.fill('2015-2024');
    await Promise.all([patched(page), editButton(award).click()]);
    await award.locator('details[open] > div :focus').waitFor();
    t.is(await gear.locator('details[open]').count(), 0, 'the first editor closed');
    await t.notThrowsAsync(gear.getByText('Station 7 · 2015-2024').waitFor(), 'its read view shows the save');
    const stored = await clientAs(app(), owner).get(`/api/profiles/${id}/gear`);
    t.is(stored.body[0].years, '2015-2024', 'what was typed is stored');

    // A required field emptied: the award cannot be left, so the skill does not open.
    const name = award.getByLabel('Award name', { exact: true });
    await name.fill('');
    await editButton(skill).click();
    await t.notThrowsAsync(award.getByText('Award name is required', { exact: true }).waitFor());
    t.is(await award.locator('details[open]').count(), 1, 'the invalid editor stays open');
    t.is(await skill.locator('details[open]').count(), 0, 'the other does not open');
    t.is(await editButton(skill).getAttribute('aria-expanded'), 'false');
    t.true(await isFocused(name), 'the field that cannot be saved has the focus');
    t.is(await name.inputValue(), '', 'nothing typed is replaced');

    // The profile's own fields too: Edit Profile waits for a valid award.
    await editProfile(page).click();
    t.is(await editProfile(page).getAttribute('aria-expanded'), 'false');

    // Fixed: Done saves, closes and gives the focus back to Edit.
    await name.fill('Medal of Valor, First Class');
    await Promise.all([patched(page), award.getByRole('button', { name: 'Done', exact: true }).click()]);
    await award.locator('details[open]').waitFor({ state: 'detached' });
    const renamed = card(section(page, 'awards'), 'Medal of Valor, First Class');
    t.true(await isFocused(editButton(renamed)), 'focus is back on Edit');
    t.is(await editButton(renamed).getAttribute('aria-expanded'), 'false');

    // The keyboard: Enter on Edit opens the editor; Done by keyboard closes it.
    await editButton(skill).focus();
    await page.keyboard.press('Enter');
    await skill.getByLabel('Skill name', { exact: true }).waitFor();
    t.is(await editButton(skill).getAttribute('aria-expanded'), 'true');
    t.true(await isFocused(skill.getByLabel('Skill name', { exact: true })));

    // Edit Profile closes the skill's editor and opens the profile's fields in place.
    await editProfile(page).click();
    await page.getByLabel('Rank', { exact: true }).waitFor();
    t.is(await skill.locator('details[open]').count(), 0);
    t.true(await isFocused(page.getByLabel('Rank', { exact: true })), 'focus in the profile fields');
    await page.getByRole('button', { name: 'Done Editing' }).click();
    await page.getByTestId('toasts').getByText('Changes saved!').waitFor();
    t.true(await isFocused(editProfile(page)));
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();
  },
);

for (const [width, height] of [
  [1280, 800],
  [375, 800],
] as const) {
  test.serial(`at ${width} px: one item open, no horizontal overflow (screenshot)`, async (t) => {
    const recorded = await editMode(width, height);
    const { page } = recorded;
    const incident = card(section(page, 'incidents'), 'Warehouse fire');
    await openItem(incident);
    await incident.getByLabel('Location', { exact: true }).waitFor();
    await assertNoHorizontalOverflow(t, page, `edit mode, one item open, at ${width}`);
    await section(page, 'incidents').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `calm-item-open-${width}.png`) });
    await screenshot(page, `calm-item-open-${width}-full`);
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();
  });
}

test.serial('status updates and fire stations choose their photo in the item editor (Photo Manager)', async (t) => {
  const reporter = await createUser({ name: 'Station Reporter' });
  const profile = await createProfileFor(reporter, { defaultVisibility: 'public' });
  await addItems(
    profile.id,
    [
      ['status-updates', LIST_SAMPLES['status-updates']!.add],
      ['fire-stations', { stationNumber: '7', stationName: 'Eastside Station' }],
    ],
    reporter,
  );
  await insertPhotoFor(profile.id, { caption: 'Crew photo' });
  const recorded = await editMode(1280, 900, profile.id, reporter);
  const { page } = recorded;
  for (const [key, title, target] of [
    ['statusUpdates', 'Back from deployment', 'statusUpdates'],
    ['fireStations', 'Eastside Station', 'fireStations'],
  ] as const) {
    const item = card(section(page, key), title);
    await openItem(item);
    await item.getByRole('button', { name: `Photos for ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Photos for ${title}` });
    await dialog.getByRole('checkbox', { name: 'Crew photo' }).check();
    await Promise.all([
      page.waitForResponse((r) => r.url().includes(`/photo-links/${target}/`) && r.status() === 200),
      dialog.getByRole('button', { name: 'Save' }).click(),
    ]);
    await dialog.waitFor({ state: 'detached' });
    await item.getByRole('button', { name: 'Done', exact: true }).click();
    // The read view shows the linked photo at once.
    await t.notThrowsAsync(item.locator('[aria-label="Photos"] img').waitFor(), `${key}: the photo shows`);
  }
  const visitor = await openPage(browser(), { width: 1280, height: 900, javaScriptEnabled: false });
  await visitor.page.goto(`${app().baseUrl}/profiles/${profile.id}/public`);
  for (const key of ['statusUpdates', 'fireStations']) {
    t.is(await section(visitor.page, key).locator('[aria-label="Photos"] img').count(), 1, `${key} for a visitor`);
  }
  await visitor.context.close();
  assertNoBrowserErrors(t, recorded, [/Failed to load resource/]); // the inserted photo has no file
  await recorded.context.close();
});

test.serial("the owner's gallery shows who may see each photo; View-as links keep ?as=", async (t) => {
  const photographer = await createUser({ name: 'Gallery Owner' });
  const profile = await createProfileFor(photographer, { defaultVisibility: 'public' });
  await addItems(profile.id, [['timeline', LIST_SAMPLES.timeline!.add]], photographer);
  for (const visibility of ['public', 'authenticated', 'private'] as const) {
    const photo = await insertPhotoFor(profile.id, { visibility, caption: visibility });
    await app().db('photos').where('id', photo.id).update({ showOnMainProfile: true });
  }
  const recorded = await openPage(browser(), { width: 1280, height: 900, javaScriptEnabled: false });
  const { page } = recorded;
  await page.setExtraHTTPHeaders({ Authorization: `Bearer ${photographer.token}` });
  await page.goto(`${app().baseUrl}/profiles/${profile.id}`);
  const gallery = section(page, 'photos');
  t.is(await gallery.getByText('Only me', { exact: true }).count(), 1, 'the private photo is marked');
  t.is(await gallery.getByText('Members', { exact: true }).count(), 1, 'the members-only photo is marked');
  await gallery.screenshot({ path: path.join(SCREENSHOT_DIR, 'calm-gallery-badges-1280.png') });

  await page.goto(`${app().baseUrl}/profiles/${profile.id}?as=member`);
  t.is(await section(page, 'photos').getByText('Members', { exact: true }).count(), 0, 'no badges as a member');
  const hrefs = async (selector: string) =>
    page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const filter = await hrefs('nav[aria-label="Widget filter"] a');
  t.true(filter.length > 5);
  t.true(
    filter.every((href) => href.includes('as=member')),
    `the filter tabs keep the view: ${filter.join(' ')}`,
  );
  const inPage = await hrefs('main section a[href^="/profiles/"], main nav a[href^="/profiles/"]');
  t.true(inPage.length > 0);
  t.true(
    inPage.every((href) => href.includes('as=member')),
    `links within the profile keep the view: ${inPage.join(' ')}`,
  );
  await page.locator('nav[aria-label="Widget filter"] a', { hasText: 'Timeline' }).click();
  await page.getByRole('link', { name: 'Oldest First' }).click();
  t.regex(page.url(), /as=member/, 'still the member view after two clicks');
  await page.getByRole('link', { name: '← All widgets' }).click();
  t.regex(page.url(), /\?as=member$/);
  assertNoBrowserErrors(t, recorded, [/Failed to load resource/]);
  await recorded.context.close();
});
