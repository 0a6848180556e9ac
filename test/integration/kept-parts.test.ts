/**
 * Rendered parts kept per content (src/render/Kept.tsx, docs/decisions/kept-render-parts.md): a profile's read sections are rendered
 * once per content of their list and reused. What a reader notices: nothing — every page is byte for byte the
 * page a whole render gives, styles included, for every viewer and view — and a write shows at once.
 */
import test from 'ava';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileWithItems } from '../helpers/profileItems';
import { createProfileFor } from '../helpers/profiles';
import { insertPhotoFor } from '../helpers/photos';
import { queriesOf } from '../helpers/queries';
import { keptParts } from '../../src/render/Kept';

let kept: TestApp;
let whole: TestApp;
test.before(async () => {
  // Neither keeps whole pages, so every request renders; one keeps parts, the other renders them every time.
  kept = await startTestApp({ rateLimitsEnabled: false, pageCache: false, renderCache: true });
  whole = await startTestApp({ rateLimitsEnabled: false, pageCache: false, renderCache: false }, kept.database);
});
test.after.always(async () => {
  await whole?.close();
  await kept?.close();
});

const html = { headers: { Accept: 'text/html' } };
const SKILL = { category: 'firefighter', level: 'advanced', yearsExperience: 3, visibility: 'public' };
/** A public award added by the owner through the API. */
const addAward = (owner: CreatedUser, id: number, name: string) =>
  clientAs(kept, owner).post(`/api/profiles/${id}/awards`, { name, year: '2021', type: 'valor', visibility: 'public' });
const page = async (app: TestApp, account: CreatedUser | null, path: string) =>
  (await clientAs(app, account).get(path, html)).text.replaceAll(app.baseUrl, 'BASE');

test('every page with kept parts is byte for byte the whole render, for each viewer and view', async (t) => {
  const { owner, id } = await createProfileWithItems(kept);
  // A photo in the header: React preloads it at the start of the body, wherever the <img> is.
  const photo = await clientAs(kept, owner).patch(`/api/profiles/${id}`, {
    profileImage: 'https://example.com/avery.jpg',
  });
  t.is(photo.status, 200);
  // The owner's first visit shows the reminder setting once (docs/decisions/expiry-reminders.md); later renders are the ones compared.
  await page(kept, owner, `/profiles/${id}`);
  const member = await createUser();
  const admin = await createUser({ role: 'admin' });
  const paths = [
    `/profiles/${id}/public`,
    `/profiles/${id}`,
    `/profiles/${id}/public?widget=timeline&sort=oldest`,
    `/profiles/${id}/public?widget=licenses`,
    `/profiles/${id}?as=member`,
    `/profiles/${id}?edit=1`,
  ];
  for (const account of [null, member, owner, admin]) {
    for (const path of paths) {
      const first = await page(kept, account, path); // renders the parts (or finds them from an earlier viewer)
      const again = await page(kept, account, path); // every part kept
      const reference = await page(whole, account, path);
      const who = account === null ? 'visitor' : account === owner ? 'owner' : account === admin ? 'admin' : 'member';
      if (!path.includes('edit=1'))
        t.true(reference.includes('rel="preload" as="image"'), `${who} ${path}: the photo is preloaded`);
      t.is(first, reference, `${who} ${path}: first render`);
      t.is(again, reference, `${who} ${path}: from kept parts`);
    }
  }
});

test('a write to one list shows at once; the other sections stay as they were', async (t) => {
  const { owner, id } = await createProfileWithItems(kept);
  const path = `/profiles/${id}/public`;
  const before = await page(kept, null, path);
  const res = await addAward(owner, id, 'Kept-parts canary');
  t.is(res.status, 201);
  const after = await page(kept, null, path);
  t.false(before.includes('Kept-parts canary'));
  t.true(after.includes('Kept-parts canary'), 'the new award at once');
  t.is(after, await page(whole, null, path), 'the same page a whole render gives');
});

test('sections kept by version: a write through another app, a visibility change and an edit show at once', async (t) => {
  const { owner, id } = await createProfileWithItems(kept);
  const path = `/profiles/${id}/public`;
  const member = await createUser();
  const awards = `/api/profiles/${id}/awards`;
  const added = await clientAs(kept, owner).post(awards, { name: 'Version canary', year: '2020', type: 'valor' });
  t.is(added.status, 201);
  const seen = async (account: CreatedUser | null) => {
    const shown = await page(kept, account, path);
    t.is(shown, await page(whole, account, path), 'the same page a whole render gives');
    return shown.includes('Version canary');
  };
  t.true(await seen(null));
  t.true(await seen(member));
  // Written through the other app (another process's write): the version read with the profile moves.
  const hidden = await clientAs(whole, owner).patch(`${awards}/id:${added.body.id}`, { visibility: 'authenticated' });
  t.is(hidden.status, 200);
  t.false(await seen(null), 'members only: gone for visitors at once');
  t.true(await seen(member), 'still there for members');
  const secret = await clientAs(whole, owner).patch(`${awards}/id:${added.body.id}`, { visibility: 'private' });
  t.is(secret.status, 200);
  t.false(await seen(member), 'private: gone for members at once');
  t.true((await page(kept, owner, `/profiles/${id}`)).includes('Version canary'), 'the owner still sees it');
  const renamed = await clientAs(whole, owner).patch(`${awards}/id:${added.body.id}`, {
    visibility: 'public',
    name: 'Version canary, renamed',
  });
  t.is(renamed.status, 200);
  t.true((await page(kept, null, path)).includes('Version canary, renamed'), 'an edit shows at once');
});

test('a photo made private leaves the award it is linked to at once, though only the gallery was written', async (t) => {
  const { owner, id } = await createProfileWithItems(kept);
  const path = `/profiles/${id}/public`;
  const award = await addAward(owner, id, 'Award with a photo');
  t.is(award.status, 201);
  const photo = await insertPhotoFor(id, { caption: 'Medal day' });
  const linked = await clientAs(kept, owner).request(
    'PUT',
    `/api/profiles/${id}/photo-links/awards/id:${award.body.id}`,
    {
      photoIds: [photo.id],
    },
  );
  t.is(linked.status, 200);
  const before = await page(kept, null, path);
  t.true(before.includes(photo.storageKey), 'the award shows its photo');
  t.is(await page(kept, null, path), before, 'kept: the same page again');
  const hidden = await clientAs(kept, owner).patch(`/api/profiles/${id}/photos/${photo.position}`, {
    visibility: 'private',
  });
  t.is(hidden.status, 200);
  const after = await page(kept, null, path);
  t.false(after.includes(photo.storageKey), 'a private photo is not shown to a visitor, on the award either');
  t.true(after.includes('Award with a photo'));
  t.is(after, await page(whole, null, path), 'the same page a whole render gives');
});

test('an empty section, kept as nothing, shows its first item at once', async (t) => {
  const owner = await createUser();
  const { id } = await createProfileFor(owner, { defaultVisibility: 'public' });
  const path = `/profiles/${id}/public`;
  await page(kept, null, path);
  const empty = await page(kept, null, path);
  t.false(empty.includes('First skill'));
  const added = await clientAs(kept, owner).post(`/api/profiles/${id}/skills`, { ...SKILL, name: 'First skill' });
  t.is(added.status, 201);
  const after = await page(kept, null, path);
  t.true(after.includes('First skill'), 'the new section at once');
  t.is(after, await page(whole, null, path), 'the same page a whole render gives');
});

test.serial(
  'a page whose sections are all kept reads only the profile; a write renders only its own section',
  async (t) => {
    const { owner, id } = await createProfileWithItems(kept);
    const path = `/profiles/${id}/public`;
    await page(kept, null, path);
    const again = await queriesOf(kept.db, () => page(kept, null, path));
    t.is(again.sql.length, 1, `one statement, the profile's: ${again.sql.join(' | ')}`);
    t.regex(again.sql[0]!, /from "profiles"/);
    const added = await addAward(owner, id, 'Only this section');
    t.is(added.status, 201);
    const partsBefore = keptParts.size;
    const after = await queriesOf(kept.db, () => page(kept, null, path));
    t.true(after.result.includes('Only this section'));
    t.true(after.sql.length > 1, 'the items were read again');
    // The awards section and the gallery (it says where each photo is used) render again; every other stays kept.
    t.is(keptParts.size - partsBefore, 2, 'two sections rendered again');
    t.is(after.result, await page(whole, null, path), 'the same page a whole render gives');
  },
);

test.serial(
  "an edit page keeps each list's editor by its items: a write renders only that list's editor again",
  async (t) => {
    const { owner, id } = await createProfileWithItems(kept);
    const path = `/profiles/${id}?edit=1`;
    await page(kept, owner, path); // the owner's first visit shows the reminder setting once (docs/decisions/expiry-reminders.md)
    const first = await page(kept, owner, path);
    // Every list with items (the empty ones, status updates and fire stations, are links in the Add menu).
    t.is((first.match(/data-island="ListEditor"/g) ?? []).length, 8, 'eight list editors');
    const partsBefore = keptParts.size;
    t.is(await page(kept, owner, path), first, 'the same page again');
    t.is(keptParts.size, partsBefore, 'no editor rendered again');

    const added = await addAward(owner, id, 'Kept editor canary');
    t.is(added.status, 201);
    const after = await page(kept, owner, path);
    t.true(after.includes('Kept editor canary'), 'the new award in its editor at once');
    // The awards' editor, and the profile editor (its profile's updatedAt moved): the other lists' stay kept.
    t.is(keptParts.size - partsBefore, 2, "only the awards' editor and the profile editor rendered again");
    t.is(after, await page(whole, owner, path), 'the same page a whole render gives');
  },
);
