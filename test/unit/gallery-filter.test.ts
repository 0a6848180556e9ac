/**
 * The full gallery's filter (src/validation/gallery.ts) and its part of the kept pages' key
 * (src/pageCache/profilePages.ts): matching, and keys that stay bounded whatever a visitor types.
 */
import test from 'ava';
import { matchesGalleryFilter } from '../../src/validation/gallery';
import { dayOf, pageVariant, profilePageQuery } from '../../src/pageCache/profilePages';

const photo = { caption: 'Smoke drill at Station 4', category: 'training' as const, folderId: 7, tags: ['Ladder'] };

test('a photo matches when every word of the search is in its caption or tags, in any case', (t) => {
  t.true(matchesGalleryFilter(photo, { q: 'smoke LADDER' }));
  t.true(matchesGalleryFilter(photo, { q: '  station   4 ' }));
  t.false(matchesGalleryFilter(photo, { q: 'smoke parade' }));
  t.true(matchesGalleryFilter(photo, { category: 'training', folder: 7 }));
  t.false(matchesGalleryFilter(photo, { category: 'action' }));
  t.false(matchesGalleryFilter(photo, { folder: 'none' }));
  t.true(matchesGalleryFilter({ ...photo, folderId: null }, { folder: 'none' }));
  t.false(matchesGalleryFilter(photo, { folder: 8 }));
});

test('the query reads the gallery values on the photos view: trimmed search, ids, empty means all', (t) => {
  const query = profilePageQuery.validateSync({
    widget: 'photos',
    q: '  smoke   drill ',
    category: '',
    folder: '12',
    view: 'list',
  });
  t.like(query, { q: 'smoke drill', category: undefined, folder: 12, view: 'list' });
  t.is(profilePageQuery.validateSync({ widget: 'photos', q: '   ' }).q, undefined);
  // Pages without gallery values stay valid: nothing defaults a gallery value onto them.
  t.deepEqual(profilePageQuery.validateSync({}), { sort: 'newest' });
  t.deepEqual(profilePageQuery.validateSync({ widget: 'timeline' }), { sort: 'newest', widget: 'timeline' });
  t.throws(() => profilePageQuery.validateSync({ widget: 'photos', folder: '1e3' }));
  t.throws(() => profilePageQuery.validateSync({ widget: 'awards', category: 'action' }));
});

test('kept-page keys stay bounded: a search is never kept and its text never enters a key', (t) => {
  const now = new Date('2026-11-23T00:00:00Z');
  const plain = pageVariant(false, { widget: 'photos', sort: 'newest' }, now);
  t.true(plain.keep);
  const searched = pageVariant(true, { widget: 'photos', sort: 'newest', q: 'my secret words' }, now);
  t.false(searched.keep, 'a search is not kept');
  t.false(searched.key.includes('secret'), 'the term is hashed for per-viewer ETags, never spelled out');
  t.not(searched.key, pageVariant(true, { widget: 'photos', sort: 'newest', q: 'other words' }, now).key);
  const filtered = pageVariant(true, { widget: 'photos', sort: 'newest', category: 'action', view: 'list' }, now);
  t.true(filtered.keep, 'category × layout pages are kept (at most 10 a profile)');
  t.false(pageVariant(true, { widget: 'photos', sort: 'newest', folder: 3 }, now).keep, 'folder pages are not');
  t.not(filtered.key, pageVariant(true, { widget: 'photos', sort: 'newest' }, now).key);
  // Other views carry no gallery part: their keys are what they were.
  t.deepEqual(pageVariant(true, { widget: 'awards', sort: 'newest' }, now), {
    widget: 'awards',
    sort: 'newest',
    gallery: null,
    key: `public:awards:newest:${dayOf(now)}`, // the server's local day (2026-11-23 in UTC)
    keep: true,
  });
});
