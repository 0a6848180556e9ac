/**
 * The photo gallery in a real Chromium (spec 02 §§2, 4, 5, 9): the owner uploads photos in edit mode (the
 * browser compresses, then each file shows real upload progress and Done), edits one, creates a folder and
 * moves it in, sees it on the public page as a visitor, and deletes one after the confirmation that says where
 * it is used. Screenshots of the compact and full gallery at 1280 and 375 px.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import sharp from 'sharp';
import { clientAs } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { assertNoBrowserErrors, openPage, screenshot, waitForIslands } from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';

let owner: CreatedUser;
let id: number;
let dir: string;

const { app, browser } = useBrowserApp(test, async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'turnout-e2e-photos-'));
  return { rateLimitsEnabled: false, mediaDir: path.join(dir, 'media') };
});
test.before(async () => {
  owner = await createUser();
  id = (await createProfileFor(owner)).id;
});
test.after.always(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function fixture(name: string, width: number, height: number, color: string, format: 'jpeg' | 'png') {
  const file = path.join(dir, name);
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  await writeFile(file, await (format === 'png' ? image.png() : image.jpeg({ quality: 95 })).toBuffer());
  return file;
}

test.serial('upload with progress, edit, move into a folder, see it public, delete with the usage list', async (t) => {
  const files = [
    await fixture('engine.jpg', 4000, 3000, '#b22222', 'jpeg'),
    await fixture('badge.png', 600, 600, '#1e3a8a', 'png'),
    await fixture('crew.jpg', 1600, 1200, '#2f855a', 'jpeg'),
  ];
  const recorded = await openPage(browser(), { width: 1280, height: 900 });
  const { page } = recorded;
  await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
  // The empty gallery is opened from the "Add …" menu.
  await page.goto(`${app().baseUrl}/profiles/${id}?edit=1&add=photos`);
  await waitForIslands(page);
  const gallery = page.locator('[data-island="PhotoGallery"]');
  const sectionCount = page.locator('[data-section-count="photos"]');
  t.is(await sectionCount.innerText(), '0');
  const mainProfileSwitch = gallery.getByLabel('Show new photos on main profile');
  t.true(await mainProfileSwitch.isChecked(), 'new photos go on the main profile while it has room');
  await gallery.getByLabel('Upload photos').setInputFiles(files);
  const uploads = gallery.getByRole('region', { name: 'Uploads' });
  await uploads.getByText(/^Compressed 3 photos: /).waitFor();
  await t.notThrowsAsync(uploads.locator('li[data-state="done"]').nth(2).waitFor({ timeout: 30_000 }));
  t.is(await uploads.locator('progress').count(), 3, 'each file has its progress bar');
  t.is(await gallery.locator('[data-photo-id]').count(), 3);
  await t.notThrowsAsync(
    page.waitForFunction(() => document.querySelector('[data-section-count="photos"]')?.textContent === '3'),
    'the count follows the uploads without a reload',
  );
  t.is(
    await gallery.locator('[data-photo-id]', { hasText: /· On main profile/ }).count(),
    3,
    'the 3 uploads went on the main profile',
  );

  // Edit the first photo.
  const first = gallery.locator('[data-photo-id]').first();
  await first.getByRole('button', { name: 'Edit' }).click();
  await first.getByLabel('Caption').fill('Engine 7 at the open house');
  await first.getByLabel('Category').selectOption('action');
  await first.getByLabel('Tags').fill('open house');
  await first.getByLabel('Tags').press('Enter');
  await first.getByLabel('Show on main profile').check();
  await first.getByRole('button', { name: 'Save' }).click();
  await first.getByText('Engine 7 at the open house').waitFor();

  // A folder, and the photo moved into it.
  await gallery.getByLabel('New folder').fill('Open house 2026');
  await gallery.getByRole('button', { name: 'Create folder' }).click();
  await first
    .getByLabel('Move to folder')
    .locator('option', { hasText: 'Open house 2026' })
    .waitFor({ state: 'attached' });
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/move') && r.status() === 200),
    first.getByLabel('Move to folder').selectOption({ label: 'Open house 2026' }),
  ]);
  await gallery.getByLabel('Folder', { exact: true }).selectOption({ label: 'Open house 2026' });
  t.is(await gallery.locator('[data-photo-id]').count(), 1);
  await gallery.getByLabel('Folder', { exact: true }).selectOption({ label: 'All folders' });
  await screenshot(page, 'photos-editor-1280');

  // The visitor's public page: compact form, then the full one.
  const visitor = await openPage(browser(), { width: 1280, height: 900, javaScriptEnabled: false });
  await visitor.page.goto(`${app().baseUrl}/profiles/${id}/public`);
  const compact = visitor.page.locator('#section-photos').locator('xpath=ancestor::section');
  t.is(await compact.locator('img[loading="lazy"]').count(), 3, 'the visitor sees the 3 photos on the main profile');
  t.is(await compact.locator('[class*="t-PhotoSlot"]').count(), 3);
  t.is(await compact.locator('[class*="t-PhotoEmptySlot"]').count(), 0, 'no empty slot');
  t.true(
    await compact
      .locator('img')
      .first()
      .evaluate((img) => (img as HTMLImageElement).complete),
  );
  await screenshot(visitor.page, 'photos-compact-1280');
  await visitor.page.goto(`${app().baseUrl}/profiles/${id}/public?widget=photos`);
  await visitor.page.getByText('Engine 7 at the open house').waitFor();
  await screenshot(visitor.page, 'photos-full-1280');
  await visitor.page.setViewportSize({ width: 375, height: 800 });
  await screenshot(visitor.page, 'photos-full-375');
  await visitor.page.goto(`${app().baseUrl}/profiles/${id}/public`);
  await screenshot(visitor.page, 'photos-compact-375');
  t.is(await compact.locator('[class*="t-PhotoEmptySlot"]').count(), 0);
  await visitor.context.close();

  // Delete one: the confirmation says it is safe (it is used nowhere).
  const last = gallery.locator('[data-photo-id]').last();
  await last.getByRole('button', { name: 'Delete' }).click();
  await last.getByText('This photo is not used anywhere. It is safe to delete.').waitFor();
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'DELETE' && r.status() === 204),
    last.getByRole('button', { name: 'Delete Photo' }).click(),
  ]);
  await page.waitForFunction(() => document.querySelectorAll('[data-photo-id]').length === 2);
  t.is(await gallery.locator('[data-photo-id]').count(), 2);
  t.is(await sectionCount.innerText(), '2', 'a delete lowers the count');

  // The switch turned off is an explicit choice: the upload stays off the main profile, though it has room.
  await mainProfileSwitch.uncheck();
  await gallery.getByLabel('Upload photos').setInputFiles([files[1]!]);
  await page.waitForFunction(() => document.querySelectorAll('[data-photo-id]').length === 3);
  t.is(await gallery.locator('[data-photo-id]', { hasText: /· On main profile/ }).count(), 2);
  await page.waitForFunction(() => document.querySelector('[data-section-count="photos"]')?.textContent === '3');
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, 'photos-editor-375');
  assertNoBrowserErrors(t, recorded);
  await recorded.context.close();
});

test.serial(
  'the Photo Manager links an existing photo to a timeline event and uploads a new one for an incident',
  async (t) => {
    const api = clientAs(app(), owner);
    await api.post(`/api/profiles/${id}/timeline`, { year: '2012', event: 'Hired at Station 7', type: 'hired' });
    await api.post(`/api/profiles/${id}/incidents`, {
      date: '2020-05-01',
      location: 'Elm St',
      title: 'Warehouse fire',
      description: 'Three alarms',
      department: 'Austin FD',
    });
    const recorded = await openPage(browser(), { width: 1280, height: 900 });
    const { page } = recorded;
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
    await page.goto(`${app().baseUrl}/profiles/${id}?edit=1`);
    await waitForIslands(page);

    // Each item's photos are chosen in its editor (Edit).
    await page.getByRole('listitem', { name: 'Hired at Station 7', exact: true }).locator('summary').click();
    await page.getByRole('button', { name: 'Photos for Hired at Station 7' }).click();
    const dialog = page.getByRole('dialog', { name: 'Photos for Hired at Station 7' });
    await dialog.getByRole('tab', { name: 'Select Existing' }).waitFor();
    await dialog.getByRole('checkbox', { name: 'Engine 7 at the open house' }).check();
    await screenshot(page, 'photos-manager-1280');
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/photo-links/timeline/') && r.status() === 200),
      dialog.getByRole('button', { name: 'Save' }).click(),
    ]);
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('listitem', { name: 'Warehouse fire', exact: true }).locator('summary').click();
    await page.getByRole('button', { name: 'Photos for Warehouse fire' }).click();
    const incidentDialog = page.getByRole('dialog', { name: 'Photos for Warehouse fire' });
    await incidentDialog.getByRole('tab', { name: 'Upload New' }).click();
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/photo-links/incidents/') && r.status() === 200),
      incidentDialog
        .getByLabel('Choose photos to upload')
        .setInputFiles([await fixture('scene.jpg', 2000, 1500, '#d97706', 'jpeg')]),
    ]);
    await incidentDialog.waitFor({ state: 'detached' });

    const visitor = await openPage(browser(), { width: 1280, height: 900, javaScriptEnabled: false });
    await visitor.page.goto(`${app().baseUrl}/profiles/${id}/public?widget=timeline`);
    t.is(await visitor.page.locator('[aria-label="Photos"] img').count(), 1, 'the event shows its photo');
    await visitor.page.goto(`${app().baseUrl}/profiles/${id}/public?widget=incidents`);
    t.is(await visitor.page.locator('[aria-label="Photos"] img').count(), 1, 'the incident shows the new photo');
    const gallery = await api.get(`/api/profiles/${id}/photos`);
    t.is(gallery.body.photoGallery.at(-1).category, 'action', 'incidents upload in the action category');
    await visitor.context.close();

    // Deleting a linked photo: the confirmation lists where it is used.
    await page.reload();
    await waitForIslands(page);
    const linked = page
      .locator('[data-island="PhotoGallery"] [data-photo-id]')
      .filter({ hasText: 'Engine 7 at the open house' });
    await linked.getByRole('button', { name: 'Delete' }).click();
    const confirm = linked.getByRole('alertdialog', { name: 'Delete Photo' });
    await confirm.getByText('This photo is used in 1 place. Deleting it removes it from:').waitFor();
    t.is(await confirm.getByRole('listitem').first().textContent(), 'Timeline: Hired at Station 7');
    await screenshot(page, 'photos-delete-usage-1280');
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'DELETE' && r.status() === 204),
      confirm.getByRole('button', { name: 'Delete Photo' }).click(),
    ]);
    const events = await api.get(`/api/profiles/${id}/timeline`);
    t.is(events.body[0].photo, null, 'the event no longer links the deleted photo');
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();
  },
);
