/**
 * Which rendering of a profile page a request asks for: its query, variant, keys and headers, shared by the
 * profile routes (src/pages/profiles.tsx) and the kept pages answered before them (src/pageCache/keptPages.ts).
 * The query is the profile routes' input spec, so a kept page is only ever served for a URL the route itself
 * would render.
 */
import crypto from 'node:crypto';
import type Koa from 'koa';
import { entryLimitedCache } from '../entryLimitedCache';
import { mixed, object, string, type InferType, type TestContext } from 'yup';
import type { Profile } from '../models/Profile';
import { VIEW_AS, type ViewAs } from '../validation/viewAs';
import { SECTION_KEYS, widgetFromFilter, type SectionPart, type WidgetKey } from '../validation/profiles';
import { linkableList } from '../validation/photos';
import { galleryQueryFields, type GalleryFilter } from '../validation/gallery';
import { BOOT_ID } from './pageCache';

/** Visitors' pages are the same for every visitor: shared caches may keep them, revalidating each time. */
export const VISITOR_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
export const PERSONAL_CACHE_CONTROL = 'private, no-cache';

const ITEM_OF_LIST = /^([a-zA-Z]{1,40}):([1-9][0-9]{0,9})$/;

/** An item of a list, named in an edit page's link as `{list}:{itemId}` (`timeline:12`). */
const itemOfList = (param: string) =>
  mixed<{ list: string; itemId: number }>()
    .transform((_value: unknown, original: unknown) => {
      if (original === undefined) return undefined;
      const match = typeof original === 'string' ? ITEM_OF_LIST.exec(original) : null;
      return match ? { list: match[1]!, itemId: Number(match[2]) } : null;
    })
    .nullable()
    .test(param, `${param} must be list:itemId`, (value) => value !== null);

/** Gallery parameters belong to the photos view: elsewhere they would show nothing, so the canonical URL drops them. */
function photosViewOnly(this: TestContext, value: unknown): boolean {
  return value === undefined || widgetFromFilter(this.parent.widget) === 'photos';
}
const { q, category, folder, view } = galleryQueryFields;

/**
 * The profile page's links: `widget` (a section, in any of the filter's spellings), `sort` (the timeline's
 * order), `edit=1` (edit mode, for those who may edit), `open` (an item whose editor is open on arrival: a saved
 * item's Edit without JavaScript), `confirm` (a plain post's delete step, the item open), `saved` (an item a plain
 * post just saved: its read view says so), `add` (edit mode: an empty section opened from the "Add …" menu) and `as`
 * (visitor | member: the owner's or an admin's view of the page as those viewers get it; ignored for others).
 */
export const profilePageQuery = object({
  widget: string().test(
    'widget',
    'Unknown widget',
    (value) => value === undefined || value === 'all' || widgetFromFilter(value) !== 'all',
  ),
  sort: mixed<'newest' | 'oldest'>().oneOf(['newest', 'oldest'], 'sort must be newest or oldest').default('newest'),
  edit: mixed<'1'>().oneOf(['1'], 'edit must be 1'),
  open: itemOfList('open'),
  confirm: itemOfList('confirm'),
  saved: itemOfList('saved'),
  add: mixed<WidgetKey>()
    .transform((_value: unknown, original: unknown) =>
      original === undefined ? undefined : widgetFromFilter(original),
    )
    .test('add', 'Unknown widget', (value) => (value as string | undefined) !== 'all'),
  as: mixed<ViewAs>().oneOf([...VIEW_AS], 'as must be visitor or member'),
  // The full photo gallery's search, filters and layout (src/validation/gallery.ts), on its own view only.
  q: q.test('photos-only', 'q is for the photo gallery', photosViewOnly),
  category: category.test('photos-only', 'category is for the photo gallery', photosViewOnly),
  folder: folder.test('photos-only', 'folder is for the photo gallery', photosViewOnly),
  view: view.test('photos-only', 'view is for the photo gallery', photosViewOnly),
});
export type ProfilePageQuery = InferType<typeof profilePageQuery>;

let dayMemo = { from: 0, until: -1, day: '' };

/**
 * `2026-11-24` (this server's local date, the one license and certification statuses are computed from:
 * src/validation/lists/rules.ts) for a time: worked out once per day, not per request.
 */
export function dayOf(now: Date): string {
  const time = now.getTime();
  if (time < dayMemo.from || time >= dayMemo.until) {
    const [year, month, date] = [now.getFullYear(), now.getMonth(), now.getDate()];
    const day = `${year}-${String(month + 1).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
    dayMemo = { from: new Date(year, month, date).getTime(), until: new Date(year, month, date + 1).getTime(), day };
  }
  return dayMemo.day;
}

/**
 * What a kept page is keyed on: the view, the section and order it shows (bounded values only), the day —
 * license and certification statuses are computed from today (spec 02 §4), and an expiry may name a day, so a
 * page kept yesterday is not served today — and on the photos view the gallery's filter (galleryVariant). `keep` is false for a page
 * that must not be kept (a search, a folder).
 */
export function pageVariant(
  publicView: boolean,
  query: Pick<ProfilePageQuery, 'widget' | 'sort'> &
    Partial<Pick<ProfilePageQuery, 'q' | 'category' | 'folder' | 'view'>>,
  now = new Date(),
) {
  const widget = widgetFromFilter(query.widget);
  const key = `${publicView ? 'public' : 'own'}:${widget}:${query.sort}:${dayOf(now)}`;
  if (widget !== 'photos') return { widget, sort: query.sort, gallery: null, key, keep: true };
  const gallery: GalleryFilter = {
    q: query.q,
    category: query.category,
    folder: query.folder,
    view: query.view ?? 'grid',
  };
  const variant = galleryVariant(gallery);
  return { widget, sort: query.sort, gallery, key: `${key}:${variant.key}`, keep: variant.keep };
}

/**
 * The full gallery's part of a page's key, and whether such a page is kept. Kept: the category (4, or all) ×
 * layout (2) pages — at most 10 per profile version, whatever the profile holds. Never kept (`keep: false`,
 * rendered each time like a member's page): a search (free text) and a folder filter (as many as the owner
 * makes folders), so no stream of searches or folder links can push the profiles' real pages out of the
 * cache. The key still names them for per-viewer ETags: the folder id and a hash of the normalised search
 * term, never the term itself.
 */
export function galleryVariant(filter: GalleryFilter): { key: string; keep: boolean } {
  const search =
    filter.q === undefined ? '' : crypto.createHash('sha256').update(filter.q).digest('base64url').slice(0, 16);
  return {
    key: `g:${filter.category ?? '*'}:${filter.folder ?? '*'}:${filter.view}:${search}`,
    keep: filter.q === undefined && filter.folder === undefined,
  };
}

/**
 * The weak ETag of a profile document (GET /api/profiles/{id}): it changes with the profile's version (every
 * write to what it shows bumps it), the viewer's class (what they may see), the day (license and
 * certification statuses) and the process.
 */
export function profileDocumentTag(profile: Pick<Profile, 'id' | 'version'>, viewerClass: string, now = new Date()) {
  return `W/"d-${profile.id}-${profile.version}-${viewerClass}-${dayOf(now)}-${BOOT_ID}"`;
}

/**
 * Which parts of the profile a read section shows (the database's trigger names them as it writes): its own list (items,
 * their visibility and photo links, a skill's endorsements); the gallery too when its items show linked photos;
 * and the photos section — whose photos say where each is used — every part.
 */
function sectionParts(key: WidgetKey, versions: Profile['sectionVersions']): number {
  const at = (part: SectionPart) => versions[part] ?? 0;
  if (key === 'photos') return Math.max(0, ...Object.values(versions).map(Number));
  return Math.max(at('*'), at(key), linkableList(key) ? at('photos') : 0);
}

/**
 * What each read section of a profile shows, named without reading it: the profile (id, and its creation time,
 * so a test process that made another database with the same ids never mixes them), the version at which a part
 * the section shows last changed (`section_versions`, set in the write's own transaction, so a section read at
 * this name shows this content or a later one, never an earlier one), the viewer's class (which items and photos
 * they see, and whether with every endorsement status) and the local date (certification and license statuses
 * are computed from it: src/validation/lists/rules.ts). Kept sections (src/render/Kept.tsx) are named by this and
 * their small context instead of a hash of their items, so a write to one list leaves the other sections kept.
 */
export function sectionStamps(
  profile: Pick<Profile, 'id' | 'createdAt' | 'sectionVersions'>,
  viewerClass: string,
  now: Date,
): Record<WidgetKey, string> {
  const date = `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;
  const base = `${profile.id}:${new Date(profile.createdAt).getTime()}`;
  const versions = profile.sectionVersions ?? {};
  return Object.fromEntries(
    SECTION_KEYS.map((key) => [key, `${base}:${sectionParts(key, versions)}:${viewerClass}:${date}`]),
  ) as Record<WidgetKey, string>;
}

const SIGNED_IN_VARY = ['Cookie', 'Authorization'];

/** The headers every profile page answer carries; true when search engines may index it. */
export function profilePageHeaders(ctx: Koa.Context, publicView: boolean, status: Profile['profileStatus']): boolean {
  // The page differs for signed-in viewers (their menu): shared caches must keep them apart.
  ctx.vary(SIGNED_IN_VARY);
  // Only the live public view is for search engines; drafts and the own view are not.
  const indexable = publicView && status === 'live';
  if (!indexable) ctx.set('X-Robots-Tag', 'noindex');
  return indexable;
}

export const PROFILE_PATH = /^\/profiles\/([1-9][0-9]{0,9})(\/public)?$/;

/** The profile routes' patterns (src/pages/profiles.tsx): the early answer logs the one it stands for. */
export const PROFILE_ROUTES = { own: '/profiles/:id', public: '/profiles/:id/public' } as const;

/** A profile URL without a query string (most visits), as the profile routes read it: validated once. */
const PLAIN_QUERY: ProfilePageQuery = Object.freeze(profilePageQuery.validateSync({}));

/**
 * The answers to the query strings seen lately (`?as=member`, `?edit=1`, a link's tracking tags), bounded: a
 * kept page asked for again with the same query is not validated again (yup took ~40% of the CPU of a kept
 * "View as" answer). `valid` is undefined for a query the routes would redirect.
 */
const knownQueries = entryLimitedCache<string, { valid: ProfilePageQuery | undefined }>(1_000);

/** The query as the profile routes read it, or undefined when they would redirect to the canonical URL. */
export function validQuery(ctx: Koa.Context): ProfilePageQuery | undefined {
  if (ctx.querystring === '') return PLAIN_QUERY;
  let known = knownQueries.get(ctx.querystring);
  if (!known) {
    known = { valid: undefined };
    try {
      known.valid = Object.freeze(profilePageQuery.validateSync(ctx.query, { stripUnknown: true }));
    } catch {
      // a bad value: the routes answer with a redirect to the URL without it
    }
    knownQueries.set(ctx.querystring, known);
  }
  return known.valid;
}
