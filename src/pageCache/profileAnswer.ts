/**
 * The one decision about a profile page request: may this viewer have a kept answer, which one, 200 or 304 — or
 * must the page be rendered, and if so under which key it is kept. The answer before the middleware
 * (src/pageCache/keptPages.ts) and the profile routes (src/pages/profiles.tsx) both ask `profileAnswer`, so they
 * cannot disagree; the route renders only when it answers `render`. It reads nothing but what it is handed: the
 * profile (a snapshot, or the row just loaded), the viewer and their menu, the page asked for, and a look into the page cache
 * (docs/decisions/kept-pages.md).
 */
import { canEditProfile, canReadProfile } from '../policies';
import type { Viewer } from '../policies/viewer';
import type { ViewAs } from '../validation/viewAs';
import { BOOT_ID, type CachedPage, type KeptBytes, type KeptSplicedPage, type PageKey } from './pageCache';
import type { ProfileSnapshot } from './profileCache';
import { PERSONAL_CACHE_CONTROL, VISITOR_CACHE_CONTROL } from './profilePages';
import type { Fragment, JoinedAnswers } from './splicedPages';

/**
 * Who a profile page is for, worked out here only: a visitor; a member who may not edit it — a verified colleague
 * of the owner apart (an Endorse link on each skill: docs/decisions/endorsements.md); an editor (owner or
 * admin) on a "View as" page; an editor on their own editable page, which is never kept. Anyone else asking for a
 * "View as" page gets their normal page.
 */
export type ProfilePageClass = 'visitor' | 'member' | 'colleague' | `as-${ViewAs}` | 'editor';

export function profilePageClass(
  viewer: Viewer | null,
  owned: Pick<ProfileSnapshot, 'userId'>,
  as: ViewAs | undefined,
  colleague: boolean,
): ProfilePageClass {
  if (!viewer) return 'visitor';
  if (canEditProfile(viewer, owned)) return as ? `as-${as}` : 'editor';
  return colleague ? 'colleague' : 'member';
}

/** A reader's view counts in the owner's insights; an editor's (a "View as" page, their own page) does not. */
export const countsAsView = (pageClass: ProfilePageClass): boolean =>
  pageClass === 'visitor' || pageClass === 'member' || pageClass === 'colleague';

/** Where a profile page is kept: the profile and the page variant, the class of viewer, the profile's version. */
export const profilePageKey = (
  profile: Pick<ProfileSnapshot, 'id' | 'version'>,
  variant: string,
  pageClass: ProfilePageClass,
): PageKey => ({ page: `profile:${profile.id}:${variant}`, viewer: pageClass, version: profile.version });

/**
 * The weak ETag of a signed-in viewer's page: it changes with the page class, the profile's version and variant,
 * the viewer's menu — the one part of the page that is theirs: a menu fragment is made once per content (its name,
 * e-mail, roles, own profile and roster links), so anything it shows that changes names a new one — and the
 * process.
 */
export function personalPageTag(
  page: { id: number; version: string; variant: string; pageClass: ProfilePageClass },
  viewer: Pick<Viewer, 'id'>,
  menu: Pick<Fragment, 'id'>,
): string {
  const { id, version, variant, pageClass } = page;
  const kind = pageClass === 'member' ? 'm' : pageClass === 'colleague' ? 'c' : pageClass;
  return `W/"${kind}-${id}-${version}-${variant}-${viewer.id}-${menu.id}-${BOOT_ID}"`;
}

/** What the decision needs to know of a request. */
export interface ProfilePageRequest {
  /** The profile as the cache knows it (a snapshot) or as just loaded. */
  profile: ProfileSnapshot;
  viewer: Viewer | null;
  /** The signed-in viewer's menu (src/pageCache/memberPages.ts): what of the page is theirs; null for a visitor. */
  menu: Pick<Fragment, 'id'> | null;
  /** The page variant the URL asks for (pageVariant): its key, and whether such a page is ever kept. */
  variant: { key: string; keep: boolean };
  as: ViewAs | undefined;
  /** Whether a viewer who may not edit is a verified colleague of the owner; undefined when not known yet. */
  colleague: boolean | undefined;
}

/** A look into the page cache (src/pageCache/pageCache.ts): `enabled` false keeps nothing. */
export interface KeptProfilePages {
  readonly enabled: boolean;
  page(key: PageKey): CachedPage | undefined;
  spliced(key: PageKey): KeptSplicedPage | undefined;
}

export type ProfileAnswer =
  /** The viewer may not read the profile. */
  | { kind: 'not-found' }
  /** Not decidable from what was handed in (a member's colleague answer not known without a query). */
  | { kind: 'unknown' }
  /** A kept answer: 304, or 200 with the kept page (a page with a slot takes the viewer's menu). */
  | {
      kind: 'kept';
      pageClass: ProfilePageClass;
      status: 200 | 304;
      etag: string;
      cacheControl: string;
      page?: CachedPage | KeptSplicedPage;
    }
  /**
   * Render the page. `key`: keep it there (a visitor's page whole, a signed-in class's with a menu slot); `etag`:
   * a signed-in viewer's tag, which names the page without its bytes.
   */
  | { kind: 'render'; pageClass: ProfilePageClass; key: PageKey | null; etag: string | null; cacheControl: string };

/**
 * The answer to a profile page request, from the profile's version and the viewer alone. A visitor's kept page
 * carries the ETag of its bytes; a signed-in viewer's page a tag naming what it shows, so a 304 needs no page.
 */
export function profileAnswer(
  request: ProfilePageRequest,
  kept: KeptProfilePages,
  clientHas: (etag: string) => boolean,
): ProfileAnswer {
  const { profile, viewer, variant, colleague } = request;
  if (!canReadProfile(viewer, profile)) return { kind: 'not-found' };
  const pageClass = profilePageClass(viewer, profile, request.as, colleague ?? false);
  if (pageClass === 'member' && colleague === undefined) return { kind: 'unknown' };
  if (pageClass === 'editor') {
    return { kind: 'render', pageClass, key: null, etag: null, cacheControl: PERSONAL_CACHE_CONTROL };
  }
  // A gallery search or folder filter is never kept (it would churn the cache): see galleryVariant.
  const key = kept.enabled && variant.keep ? profilePageKey(profile, variant.key, pageClass) : null;
  if (pageClass === 'visitor') {
    const page = key ? kept.page(key) : undefined;
    if (!page) return { kind: 'render', pageClass, key, etag: null, cacheControl: VISITOR_CACHE_CONTROL };
    return keptAnswer(pageClass, page.etag, page, clientHas);
  }
  const named = { id: profile.id, version: profile.version, variant: variant.key, pageClass };
  const etag = personalPageTag(named, viewer!, request.menu!);
  const page = key ? kept.spliced(key) : undefined;
  if (page || clientHas(etag)) return keptAnswer(pageClass, etag, page, clientHas);
  return { kind: 'render', pageClass, key, etag, cacheControl: PERSONAL_CACHE_CONTROL };
}

/** A kept answer: 304 when the client has this ETag, else the page (none: a 304 by the tag alone). */
export function keptAnswer(
  pageClass: ProfilePageClass,
  etag: string,
  page: CachedPage | KeptSplicedPage | undefined,
  clientHas: (etag: string) => boolean,
): Extract<ProfileAnswer, { kind: 'kept' }> {
  const cacheControl = pageClass === 'visitor' ? VISITOR_CACHE_CONTROL : PERSONAL_CACHE_CONTROL;
  const status = clientHas(etag) ? 304 : 200;
  return { kind: 'kept', pageClass, status, etag, cacheControl, page };
}

/**
 * The bytes of a kept answer: the page, or the page with the viewer's menu in its slot (joined answers kept).
 * The menu is made from `viewer` only for a page with a slot.
 */
export function keptBytes<V>(
  page: CachedPage | KeptSplicedPage | undefined,
  viewer: V,
  menuOf: (viewer: V) => Fragment,
  joined: JoinedAnswers,
): KeptBytes | undefined {
  if (!page) return undefined;
  return page.kind === 'page' ? page : { kind: 'menu', spliced: page, fragment: menuOf(viewer), joined };
}
