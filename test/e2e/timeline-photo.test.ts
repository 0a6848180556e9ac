/**
 * A new timeline event's photo in a real Chromium (spec 02 §§4, 5, 8, 9; docs/decisions/photo-links.md "a not-yet-saved event is
 * saved first, then linked"): the owner starts adding an event, picks a photo in the Photo Manager (an existing
 * one, then a new upload), saves — the event is saved, then the photo linked, shown under the editor at once
 * and after a reload, and stored. A link that fails after the save keeps the event and shows the spec's toast;
 * a failed save keeps what was typed and the chosen photo.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { clientAs } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { assertNoBrowserErrors, openPage, screenshot, waitForIslands } from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';

let owner: CreatedUser;
let id: number;
let dir: string;
let existingPhotoId: number;

const { app, browser } = useBrowserApp(test, async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'turnout-e2e-timeline-photo-'));
  return { rateLimitsEnabled: false, mediaDir: path.join(dir, 'media') };
});
test.before(async () => {
  owner = await createUser();
  id = (await createProfileFor(owner)).id;
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#b22222' } })
    .jpeg()
    .toBuffer();
  const uploaded = await clientAs(app(), owner).post(`/api/profiles/${id}/photos`, {
    url: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    caption: 'Engine 7 at dawn',
  });
  if (uploaded.status !== 201) throw new Error(JSON.stringify(uploaded.body));
  existingPhotoId = uploaded.body.photoGallery[0].id;
});
test.after.always(async () => {
  await rm(dir, { recursive: true, force: true });
});

const timeline = (page: Page) => page.locator('section[aria-labelledby="section-timeline"]');
/** The event's card in the editor: its read view shows its photo; its editor has the Photo Manager. */
const linkRow = (page: Page, event: string) => timeline(page).getByRole('listitem', { name: event, exact: true });
/** Edit opens the event's editor; the focus moves into it (waited for: it would leave a field being typed in). */
const edit = async (card: Locator) => {
  await card.locator('summary', { hasText: 'Edit' }).click();
  await card.locator('details[open] > div :focus').waitFor();
};
/** The stored event and its linked photo's id (photo_links), undefined before the event is saved. */
const storedPhoto = async (event: string): Promise<{ photo: string | null } | undefined> => {
  const item = (await app().db('profile_timeline').where({ profileId: id, event }).first()) as
    { id: number } | undefined;
  if (!item) return undefined;
  const link = (await app().db('photo_links').where({ timelineId: item.id }).first()) as
    { photoId: number } | undefined;
  return { photo: link ? String(link.photoId) : null };
};

async function editPage() {
  const recorded = await openPage(browser(), { width: 1280, height: 900 });
  await recorded.page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
  // The timeline's add form open on arrival (the empty section opened from the "Add …" menu).
  await recorded.page.goto(`${app().baseUrl}/profiles/${id}?edit=1&add=timeline`);
  await waitForIslands(recorded.page);
  return recorded;
}

async function startEvent(page: Page, year: string, event: string): Promise<Locator> {
  const form = timeline(page).getByRole('form', { name: 'New timeline event' });
  if (!(await form.isVisible())) await timeline(page).locator('summary', { hasText: 'Add timeline event' }).click();
  await form.getByLabel('Year', { exact: true }).fill(year);
  await form.getByLabel('Event title', { exact: true }).fill(event);
  await form.getByLabel('Event type', { exact: true }).selectOption('promoted');
  return form;
}

/** Chooses the gallery's photo in the add form's Photo Manager (the timeline takes one). */
async function pickExisting(page: Page, form: Locator) {
  await form.getByRole('button', { name: 'Choose photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Photos for the new timeline event' });
  await dialog.getByText('0 of at most 1 selected').waitFor();
  await dialog.getByRole('checkbox', { name: 'Engine 7 at dawn' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const saveEvent = (page: Page, form: Locator, linkStatus: number) =>
  Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/timeline')),
    page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/photo-links/timeline/') && r.status() === linkStatus,
    ),
    form.getByRole('button', { name: 'Save timeline event' }).click(),
  ]);

test.serial('an existing photo chosen while adding an event is linked once the event is saved', async (t) => {
  const recorded = await editPage();
  const { page } = recorded;
  const form = await startEvent(page, '2015', 'Promoted to Lieutenant');
  await pickExisting(page, form);
  t.is(await form.locator('img').count(), 1, 'the chosen photo shows in the add form');
  t.is(await form.getByRole('button', { name: 'Change photo' }).count(), 1);
  t.is(await storedPhoto('Promoted to Lieutenant'), undefined, 'nothing is saved before the form is');
  await form.scrollIntoViewIfNeeded();
  await screenshot(page, 'timeline-add-form-photo-1280');

  const [created, linked] = await saveEvent(page, form, 200);
  t.is(created.status(), 201);
  const item = (await created.json()) as { id: number };
  t.true(linked.url().endsWith(`/photo-links/timeline/id:${item.id}`), 'linked to the event just saved');
  await timeline(page).getByRole('heading', { name: 'Promoted to Lieutenant' }).waitFor();
  await linkRow(page, 'Promoted to Lieutenant').locator('[aria-label="Photos"] img').waitFor();
  t.is(await form.locator('img').count(), 0, 'the add form is empty again');
  t.is((await storedPhoto('Promoted to Lieutenant'))?.photo, String(existingPhotoId), 'the link is stored');

  // The editor kept the version the link left: an inline edit of the new event saves (no 412).
  const card = timeline(page).getByRole('listitem', { name: 'Promoted to Lieutenant', exact: true });
  await edit(card);
  await card.getByLabel('Location', { exact: true }).fill('Station 7');
  const [patched] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/timeline/id:')),
    card.getByLabel('Location', { exact: true }).blur(),
  ]);
  t.is(patched.status(), 200);

  await page.reload();
  await waitForIslands(page);
  t.is(
    await linkRow(page, 'Promoted to Lieutenant').locator('[aria-label="Photos"] img').count(),
    1,
    'still linked after a reload',
  );
  const visitor = await openPage(browser(), { width: 1280, height: 900, javaScriptEnabled: false });
  await visitor.page.goto(`${app().baseUrl}/profiles/${id}/public?widget=timeline`);
  t.is(await visitor.page.locator('[aria-label="Photos"] img').count(), 1, 'the public event shows its photo');
  await visitor.context.close();
  assertNoBrowserErrors(t, recorded);
  await recorded.context.close();
});

test.serial('a photo uploaded while adding an event lands in the gallery as a milestone and is linked', async (t) => {
  const file = path.join(dir, 'ceremony.jpg');
  await writeFile(
    file,
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#1e3a8a' } })
      .jpeg()
      .toBuffer(),
  );
  const recorded = await editPage();
  const { page } = recorded;
  const form = await startEvent(page, '2019', 'Promoted to Captain');
  await form.getByRole('button', { name: 'Choose photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Photos for the new timeline event' });
  await dialog.getByRole('tab', { name: 'Upload New' }).click();
  await dialog.getByLabel('Choose photos to upload').setInputFiles([file]);
  await dialog.waitFor({ state: 'detached', timeout: 30_000 });
  await form.locator('img').waitFor();
  const gallery = await clientAs(app(), owner).get(`/api/profiles/${id}/photos`);
  const uploaded = gallery.body.photoGallery.at(-1) as { id: number; category: string };
  t.is(uploaded.category, 'milestone', 'the timeline uploads in the milestone category');
  t.is(await storedPhoto('Promoted to Captain'), undefined);

  await saveEvent(page, form, 200);
  await linkRow(page, 'Promoted to Captain').locator('[aria-label="Photos"] img').waitFor();
  t.is((await storedPhoto('Promoted to Captain'))?.photo, String(uploaded.id));
  assertNoBrowserErrors(t, recorded);
  await recorded.context.close();
});

test.serial('a failed save keeps the form and its photo; a failed link keeps the event with the toast', async (t) => {
  const recorded = await editPage();
  const { page } = recorded;
  const form = await startEvent(page, '2021', 'Appointed Training Officer');
  await pickExisting(page, form);

  // The save fails: one toast, the form keeps what was typed and the chosen photo; nothing is linked.
  let puts = 0;
  page.on('request', (r) => void (r.method() === 'PUT' && r.url().includes('/photo-links/') && puts++));
  const addRoute = /\/api\/profiles\/\d+\/timeline$/;
  await page.route(addRoute, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Try again shortly"}' })
      : route.continue(),
  );
  await form.getByRole('button', { name: 'Save timeline event' }).click();
  const toasts = page.getByTestId('toasts');
  await toasts.getByText('Failed to save timeline event').waitFor();
  await toasts.getByText('Try again shortly').waitFor();
  t.is(await toasts.getByText('Failed to save timeline event').count(), 1, 'reported once');
  t.is(await form.getByLabel('Event title', { exact: true }).inputValue(), 'Appointed Training Officer');
  t.is(await form.locator('img').count(), 1, 'the chosen photo is still there');
  t.is(puts, 0);
  t.is(await storedPhoto('Appointed Training Officer'), undefined);
  await page.unroute(addRoute);

  // The save works, the link fails: the event stays (in the editor and the photo links), unlinked, with the
  // spec's toast.
  await page.route('**/photo-links/timeline/**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal error"}' }),
  );
  const [created] = await saveEvent(page, form, 500);
  t.is(created.status(), 201);
  await toasts.getByText('Failed to link photo').waitFor();
  await toasts.getByText('Please save the timeline event first and try again.').waitFor();
  await timeline(page).getByRole('heading', { name: 'Appointed Training Officer' }).waitFor();
  await linkRow(page, 'Appointed Training Officer').waitFor();
  t.is(await linkRow(page, 'Appointed Training Officer').locator('[aria-label="Photos"] img').count(), 0);
  t.is((await storedPhoto('Appointed Training Officer'))?.photo, null, 'saved, not linked');
  await screenshot(page, 'timeline-add-link-failed-1280');
  await page.unroute('**/photo-links/timeline/**');

  // Linked from its editor afterwards.
  await edit(linkRow(page, 'Appointed Training Officer'));
  await linkRow(page, 'Appointed Training Officer')
    .getByRole('button', { name: 'Photos for Appointed Training Officer' })
    .click();
  const again = page.getByRole('dialog', { name: 'Photos for Appointed Training Officer' });
  await again.getByRole('checkbox', { name: 'Engine 7 at dawn' }).check();
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/photo-links/timeline/') && r.status() === 200),
    again.getByRole('button', { name: 'Save' }).click(),
  ]);
  t.is((await storedPhoto('Appointed Training Officer'))?.photo, String(existingPhotoId));
  assertNoBrowserErrors(t, recorded, [/status of 50[03]/]);
  await recorded.context.close();
});

test.serial('a deleted event leaves the photo links at once; its photo stays in the gallery', async (t) => {
  const recorded = await editPage();
  const { page } = recorded;
  const event = 'Promoted to Lieutenant';
  await linkRow(page, event).waitFor();
  const card = timeline(page).getByRole('listitem', { name: event, exact: true });
  await edit(card);
  await card.getByRole('button', { name: `Delete ${event}` }).click();
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'DELETE' && r.status() === 204),
    card.getByRole('button', { name: 'Delete', exact: true }).click(),
  ]);
  await linkRow(page, event).waitFor({ state: 'detached' });
  t.is(await storedPhoto(event), undefined, 'the event is deleted');
  t.truthy(await app().db('photos').where('id', existingPhotoId).first(), 'the photo is kept');
  assertNoBrowserErrors(t, recorded);
  await recorded.context.close();
});
