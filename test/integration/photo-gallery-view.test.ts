/**
 * The full photo gallery's search, category and folder filters and Grid / List switch (spec 02 §2 "Photo
 * Gallery"; docs/decisions/visitors-photo-gallery.md): a plain GET form on the photos view, for visitors, members and the owner alike, against
 * canaries — a private and a members-only photo whose captions match the search, folders holding only those,
 * and an empty folder. A bad link value redirects to the canonical URL; a search is never kept in the page cache.
 */
import test from 'ava';
import { PhotoFolder } from '../../src/models/PhotoFolder';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { countQueries as countQueriesOf } from '../helpers/queries';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { insertPhotoFor } from '../helpers/photos';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

const html = { headers: { Accept: 'text/html' } };
const as = (account: CreatedUser | null) => clientAs(app, account);
const main = (page: string) => /<main.*?<\/main>/s.exec(page)?.[0] ?? '';

const countQueries = <T>(run: () => Promise<T>) => countQueriesOf(app.db, run);

/** A live profile whose gallery holds one photo of each visibility matching "smoke", plus one that does not. */
async function galleryWithCanaries() {
  const owner = await createUser();
  const profile = await createProfileFor(owner, { profileStatus: 'live' });
  const stamp = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
  const folder = async (name: string) =>
    PhotoFolder.query().insertAndFetch({ profileId: profile.id, name: `${name} ${stamp}` } as Partial<PhotoFolder>);
  const drills = await folder('Drills');
  const crew = await folder('Crew only folder');
  const secret = await folder('Secret folder');
  const empty = await folder('Empty folder');
  const captions = {
    public: `Smoke drill at Station 4 ${stamp}`,
    parade: `Engine parade ${stamp}`,
    members: `Smoke showers crew ${stamp}`,
    private: `Smoke private canary ${stamp}`,
  };
  await insertPhotoFor(profile.id, {
    caption: captions.public,
    category: 'training',
    tags: ['ladder'],
    folderId: drills.id,
  });
  await insertPhotoFor(profile.id, { caption: captions.parade, category: 'ceremony', tags: ['hose-team'] });
  await insertPhotoFor(profile.id, {
    caption: captions.members,
    category: 'action',
    visibility: 'authenticated',
    folderId: crew.id,
  });
  await insertPhotoFor(profile.id, {
    caption: captions.private,
    category: 'training',
    visibility: 'private',
    folderId: secret.id,
  });
  const member = await createUser();
  return { owner, member, profile, captions, folders: { drills, crew, secret, empty } };
}

test('a visitor searches, filters by category and folder, and switches to the list: only public photos, no private folder names', async (t) => {
  const { profile, captions, folders } = await galleryWithCanaries();
  const base = `/profiles/${profile.id}/public`;

  const all = await as(null).get(`${base}?widget=photos`, html);
  t.is(all.status, 200);
  const form = /<form[^>]*role="search".*?<\/form>/s.exec(all.text)?.[0] ?? '';
  t.true(form.includes('method="get"') && form.includes(`action="${base}"`), 'a plain GET form to the page itself');
  t.true(form.includes('name="q"') && form.includes('name="category"'), 'search and category fields');
  t.true(form.includes('<label') && form.includes('Search photos') && form.includes('All categories'));
  t.true(form.includes(folders.drills.name), 'a folder with a public photo is offered');
  for (const hidden of [folders.crew, folders.secret, folders.empty]) {
    t.false(all.text.includes(hidden.name), `${hidden.name} never reaches a visitor`);
  }
  t.true(main(all.text).includes('Showing 2 of 2 photos'));

  const search = await as(null).get(`${base}?widget=photos&q=${encodeURIComponent('  SMOKE   drill ')}`, html);
  t.is(search.status, 200);
  t.true(search.text.includes(captions.public), 'the public match (any case, extra spaces)');
  t.false(search.text.includes(captions.parade), 'a photo that does not match is not shown');
  t.false(search.text.includes(captions.members), 'a members-only match is not shown to a visitor');
  t.false(search.text.includes(captions.private), 'a private match is never shown');
  t.true(main(search.text).includes('Showing 1 of 2 photos'));
  t.regex(
    search.text,
    /name="q"[^>]*value="SMOKE drill"|value="SMOKE drill"[^>]*name="q"/,
    'the search stays in its box',
  );

  const byTag = await as(null).get(`${base}?widget=photos&q=HOSE`, html);
  t.true(byTag.text.includes(captions.parade), 'tags are searched too');
  t.false(byTag.text.includes(captions.public));

  const ceremony = await as(null).get(`${base}?widget=photos&category=ceremony`, html);
  t.true(ceremony.text.includes(captions.parade));
  t.false(ceremony.text.includes(captions.public));
  t.regex(ceremony.text, /<option value="ceremony" selected="">Ceremony<\/option>/);

  const inFolder = await as(null).get(`${base}?widget=photos&folder=${folders.drills.id}`, html);
  t.true(inFolder.text.includes(captions.public));
  t.false(inFolder.text.includes(captions.parade));
  const noFolder = await as(null).get(`${base}?widget=photos&folder=none`, html);
  t.true(noFolder.text.includes(captions.parade));
  t.false(noFolder.text.includes(captions.public));

  // "All categories" and "All folders" post empty values: every photo, no redirect.
  const blank = await as(null).get(`${base}?widget=photos&q=&category=&folder=`, html);
  t.is(blank.status, 200);
  t.true(blank.text.includes(captions.public) && blank.text.includes(captions.parade));

  const list = await as(null).get(`${base}?widget=photos&view=list&q=smoke`, html);
  t.true(list.text.includes('data-gallery-layout="list"'));
  t.true(list.text.includes(captions.public));
  t.regex(list.text, /<a[^>]*href="[^"]*view=list[^"]*"[^>]*aria-current="true"[^>]*>List<\/a>/);
  t.true(list.text.includes('name="view" value="list"'), 'a new search keeps the list layout');
  t.true(list.text.includes(folders.drills.name), 'the list names the photo’s folder');
  t.true(all.text.includes('data-gallery-layout="grid"'), 'grid is the default');

  const none = await as(null).get(`${base}?widget=photos&q=nothing-like-this`, html);
  t.is(none.status, 200);
  t.true(main(none.text).includes('No photos match.'), 'an empty result says so');
  t.true(main(none.text).includes('Showing 0 of 2 photos'));
  t.regex(none.text, new RegExp(`href="${base}\\?widget=photos"[^>]*>Clear filters</a>`));
});

test('a folder the viewer may not see answers exactly like a folder that does not exist: the URL without it', async (t) => {
  const { profile, folders, owner } = await galleryWithCanaries();
  const other = await galleryWithCanaries();
  const base = `/profiles/${profile.id}/public`;
  for (const id of [folders.secret.id, folders.crew.id, folders.empty.id, other.folders.drills.id, 2_000_000_000]) {
    const res = await as(null).get(`${base}?widget=photos&folder=${id}&view=list`, html);
    t.is(res.status, 302, `folder ${id}`);
    t.is(res.headers.get('location'), `${base}?widget=photos&view=list`);
  }
  // A member may filter by the members-only folder, not by the private one.
  const { member } = await galleryWithCanaries();
  t.is((await as(member).get(`${base}?widget=photos&folder=${folders.crew.id}`, html)).status, 200);
  t.is((await as(member).get(`${base}?widget=photos&folder=${folders.secret.id}`, html)).status, 302);
  // The owner's "View as visitor" page is the visitor's: the private folder is not there either.
  const own = `/profiles/${profile.id}`;
  t.is((await as(owner).get(`${own}?widget=photos&folder=${folders.secret.id}`, html)).status, 200);
  const viewAs = await as(owner).get(`${own}?widget=photos&as=visitor&folder=${folders.secret.id}`, html);
  t.is(viewAs.status, 302);
  t.is(viewAs.headers.get('location'), `${own}?widget=photos&as=visitor`);
});

test('members and the owner get the same gallery, each with what they may see', async (t) => {
  const { owner, member, profile, captions, folders } = await galleryWithCanaries();
  const path = (base: string) => `${base}?widget=photos&q=smoke`;

  const asMember = await as(member).get(path(`/profiles/${profile.id}/public`), html);
  t.true(asMember.text.includes(captions.public));
  t.true(asMember.text.includes(captions.members), 'members see members-only matches');
  t.false(asMember.text.includes(captions.private), 'never the private one');
  t.true(asMember.text.includes(folders.crew.name));
  t.false(asMember.text.includes(folders.secret.name));
  t.false(asMember.text.includes(folders.empty.name));
  t.true(main(asMember.text).includes('Showing 2 of 3 photos'));

  const ownView = await as(owner).get(path(`/profiles/${profile.id}`), html);
  for (const caption of [captions.public, captions.members, captions.private]) t.true(ownView.text.includes(caption));
  t.false(ownView.text.includes(captions.parade));
  t.true(ownView.text.includes(folders.secret.name), 'the owner filters by every folder holding a photo');
  t.false(ownView.text.includes(folders.empty.name), 'an empty folder filters nothing: not offered');
  t.true(main(ownView.text).includes('data-visibility="private"'), 'the owner sees which photo is private');
  t.true(main(ownView.text).includes('data-visibility="authenticated"'));

  // The owner's View as visitor / member: the same gallery, built as they get it, keeping `as` in the form.
  const asVisitor = await as(owner).get(`/profiles/${profile.id}?widget=photos&q=smoke&as=visitor`, html);
  t.true(asVisitor.text.includes(captions.public));
  t.false(asVisitor.text.includes(captions.members));
  t.false(asVisitor.text.includes(captions.private));
  t.false(asVisitor.text.includes(folders.secret.name));
  t.true(asVisitor.text.includes('<input type="hidden" name="as" value="visitor"/>'));
});

test('bad gallery link values redirect to the canonical URL without them', async (t) => {
  const { profile } = await galleryWithCanaries();
  const base = `/profiles/${profile.id}/public`;
  const cases: Array<[string, string]> = [
    [`?widget=photos&q=${'a'.repeat(101)}`, '?widget=photos'],
    ['?widget=photos&category=explosions', '?widget=photos'],
    ['?widget=photos&folder=abc&q=smoke', '?widget=photos&q=smoke'],
    ['?widget=photos&folder=-1', '?widget=photos'],
    ['?widget=photos&view=mosaic', '?widget=photos'],
    ['?widget=photos&q=a&q=b', '?widget=photos'],
    // Gallery values belong to the photos view only.
    ['?widget=timeline&q=smoke&view=list', '?widget=timeline'],
    ['?q=smoke', ''],
  ];
  for (const [query, canonical] of cases) {
    const res = await as(null).get(`${base}${query}`, html);
    t.is(res.status, 302, query);
    t.is(res.headers.get('location'), `${base}${canonical}`, query);
  }
  const longest = await as(null).get(`${base}?widget=photos&q=${'a'.repeat(100)}`, html);
  t.is(longest.status, 200, 'a search of 100 characters is fine');
});

test.serial(
  'searches and folder filters are never kept in the page cache; category and layout pages are',
  async (t) => {
    const { profile, captions, folders } = await galleryWithCanaries();
    const base = `/profiles/${profile.id}/public`;
    await as(null).get(base, html); // warms the profile's snapshot

    for (const query of ['?widget=photos&category=ceremony', '?widget=photos&category=training&view=list']) {
      await as(null).get(`${base}${query}`, html);
      const warm = await countQueries(() => as(null).get(`${base}${query}`, html));
      t.is(warm.queries, 0, `${query}: kept`);
    }
    // A kept page is never served for another filter: each is its own.
    const ceremony = await as(null).get(`${base}?widget=photos&category=ceremony`, html);
    t.true(ceremony.text.includes(captions.parade));
    t.false(ceremony.text.includes(captions.public));
    const training = await as(null).get(`${base}?widget=photos&category=training`, html);
    t.true(training.text.includes(captions.public));
    t.false(training.text.includes(captions.parade));

    for (const query of ['?widget=photos&q=parade', `?widget=photos&folder=${folders.drills.id}`]) {
      await as(null).get(`${base}${query}`, html);
      const again = await countQueries(() => as(null).get(`${base}${query}`, html));
      t.true(again.queries > 0, `${query}: rendered each time, never kept`);
      t.is(again.result.status, 200);
      t.is(again.result.headers.get('cache-control'), 'public, max-age=0, must-revalidate');
    }
    t.true((await as(null).get(`${base}?widget=photos&q=parade`, html)).text.includes(captions.parade));
  },
);
