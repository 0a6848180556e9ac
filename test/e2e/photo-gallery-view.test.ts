/**
 * The visitors' full photo gallery in a real Chromium (spec 02 §2 "Photo Gallery"; docs/decisions/visitors-photo-gallery.md): search, category
 * and folder filters and the Grid / List switch, with JavaScript off (a plain GET form and links) and on (the
 * visitor's page has no island: the same form), at 375 and 1280 px, with screenshots. A private photo whose
 * caption matches the search and a folder holding only it never show.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import sharp from 'sharp';
import { clientAs } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { assertNoBrowserErrors, assertNoHorizontalOverflow, openPage, screenshot } from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';

let owner: CreatedUser;
let id: number;
let dir: string;

/** A photo uploaded through the API (multipart), with its fields; answers the stored photo's index. */
async function upload(color: string, fields: Record<string, string>): Promise<number> {
  const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(`${app().baseUrl}/api/profiles/${id}/photos`, {
    method: 'POST',
    body: form,
    headers: { Origin: app().baseUrl, Accept: 'application/json', Authorization: `Bearer ${owner.token}` },
  });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  const gallery = (await response.json()) as { photoGallery: Array<{ index: number }> };
  return gallery.photoGallery[gallery.photoGallery.length - 1]!.index;
}

const CAPTIONS = {
  drill: 'Smoke drill at Station 4',
  rescue: 'Smoke rescue on Main Street',
  parade: 'Engine 7 in the Fourth of July parade',
  graduation: 'Academy graduation, class of 2019',
  private: 'Smoke private canary',
};

const { app, browser } = useBrowserApp(test, async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'turnout-e2e-gallery-'));
  return { rateLimitsEnabled: false, mediaDir: path.join(dir, 'media') };
});
test.before(async () => {
  owner = await createUser();
  id = (await createProfileFor(owner, { profileStatus: 'live' })).id;
  const api = clientAs(app(), owner);
  const folder = async (name: string) => {
    const res = await api.post(`/api/profiles/${id}/folders`, { name });
    if (res.status !== 201) throw new Error(`folder: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body as { id: number }).id;
  };
  const move = async (index: number, folderId: number) => {
    const res = await api.patch(`/api/profiles/${id}/photos/${index}/move`, { folderId });
    if (res.status !== 200) throw new Error(`move: ${res.status} ${JSON.stringify(res.body)}`);
  };
  const training = await folder('Training days');
  const secret = await folder('Secret folder');
  await move(
    await upload('#b22222', { caption: CAPTIONS.drill, category: 'training', tags: 'ladder', visibility: 'public' }),
    training,
  );
  await upload('#c05621', { caption: CAPTIONS.rescue, category: 'action', visibility: 'public' });
  await upload('#1e3a8a', { caption: CAPTIONS.parade, category: 'ceremony', visibility: 'public' });
  await move(
    await upload('#2f855a', { caption: CAPTIONS.graduation, category: 'training', visibility: 'public' }),
    training,
  );
  await move(await upload('#4a5568', { caption: CAPTIONS.private, category: 'action', visibility: 'private' }), secret);
});
test.after.always(async () => {
  await rm(dir, { recursive: true, force: true });
});

for (const javaScriptEnabled of [false, true]) {
  for (const width of [375, 1280]) {
    const mode = javaScriptEnabled ? 'js' : 'nojs';
    test.serial(`a visitor searches, filters and switches to the list (${mode}, ${width} px)`, async (t) => {
      const recorded = await openPage(browser(), { width, height: 900, javaScriptEnabled });
      const { page } = recorded;
      await page.goto(`${app().baseUrl}/profiles/${id}/public?widget=photos`);
      const gallery = page.getByRole('region', { name: 'Photo Gallery' });
      const photos = gallery.locator('[data-photo-id]');
      t.is(await photos.count(), 4, 'every public photo, never the private one');
      t.false(await page.getByText(CAPTIONS.private).isVisible());
      t.is(await page.getByText('Secret folder').count(), 0, 'a folder of private photos is not named');
      await assertNoHorizontalOverflow(t, page, `full gallery ${mode}`);
      if (!javaScriptEnabled) await screenshot(page, `gallery-all-${width}`);

      // Search: the private photo's caption matches too, but it is not the visitor's.
      await gallery.getByLabel('Search photos').fill('smoke');
      await gallery.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(/q=smoke/);
      t.is(await photos.count(), 2);
      t.true(await gallery.getByText(CAPTIONS.drill).isVisible());
      t.true(await gallery.getByText(CAPTIONS.rescue).isVisible());
      t.is(await page.getByText(CAPTIONS.private).count(), 0);
      t.true(await gallery.getByText('Showing 2 of 4 photos').isVisible());

      // Category and folder narrow the search further; the search stays in its box.
      await gallery.getByLabel('Category').selectOption('training');
      await gallery.getByLabel('Folder').selectOption({ label: 'Training days' });
      await gallery.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(/category=training/);
      t.is(await gallery.getByLabel('Search photos').inputValue(), 'smoke');
      t.is(await photos.count(), 1);
      t.true(await gallery.getByText(CAPTIONS.drill).isVisible());

      // The layout switch keeps the filter; the next search keeps the layout.
      await gallery.getByRole('navigation', { name: 'Layout' }).getByRole('link', { name: 'List' }).click();
      await page.waitForURL(/view=list/);
      const list = gallery.locator('[data-gallery-layout="list"]');
      t.is(await list.locator('[data-photo-id]').count(), 1);
      t.is(await gallery.getByLabel('Category').inputValue(), 'training');
      t.true(await list.getByText(/Training · Training days · /).isVisible(), 'a row names its category and folder');
      await gallery.getByLabel('Search photos').fill('');
      await gallery.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL((url) => !url.searchParams.has('q') || url.searchParams.get('q') === '');
      t.is(await list.locator('[data-photo-id]').count(), 2, 'the folder’s two photos');
      await assertNoHorizontalOverflow(t, page, `gallery list ${mode}`);
      if (!javaScriptEnabled) await screenshot(page, `gallery-list-filtered-${width}`);

      // Nothing matches: it says so, with the way back.
      await gallery.getByLabel('Search photos').fill('helicopter');
      await gallery.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(/q=helicopter/);
      t.true(await gallery.getByText('No photos match.').isVisible());
      if (!javaScriptEnabled) await screenshot(page, `gallery-no-match-${width}`);
      await gallery.getByRole('link', { name: 'Clear filters' }).first().click();
      await page.waitForURL((url) => !url.search.includes('q=') && url.search.includes('view=list'));
      t.is(await photos.count(), 4);
      assertNoBrowserErrors(t, recorded);
      await recorded.context.close();
    });
  }
}

for (const width of [375, 1280]) {
  test.serial(`the owner's gallery finds the private photo too and marks it "Only me" (${width} px)`, async (t) => {
    const recorded = await openPage(browser(), { width, height: 900 });
    const { page } = recorded;
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
    await page.goto(`${app().baseUrl}/profiles/${id}?widget=photos&q=smoke&view=list`);
    const gallery = page.getByRole('region', { name: 'Photo Gallery' });
    t.is(await gallery.locator('[data-photo-id]').count(), 3);
    const row = gallery.locator('[data-photo-id]', { hasText: CAPTIONS.private });
    t.true(await row.getByText('Only me').isVisible());
    t.true(await row.getByText(/Secret folder/).isVisible(), 'the owner’s rows name every folder');
    await assertNoHorizontalOverflow(t, page, 'owner gallery');
    await screenshot(page, `gallery-owner-list-${width}`);
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();
  });
}
