/**
 * Signed-in viewers' profile pages from the cache. Every member who is not the profile's owner or an admin sees
 * the same page — public and members-only items — except the account menu in its header; an editor's "View as"
 * page is the same for every editor of the profile, except the menu again. So these pages are kept like a
 * visitor's, per profile version and page variant, rendered once with a stand-in user's menu; each answer
 * splices the viewer's own menu into that slot (src/pageCache/splicedPages.ts), rendered once per menu content.
 */
import type Koa from 'koa';
import { entryLimitedCache } from '../entryLimitedCache';
import type { EarlyReply } from '../http/earlyAnswers';
import type { ViewAs } from '../validation/viewAs';
import type { ShellUser } from '../../views/layout/shell';
import { reviewsVerifications } from '../http/auth';
import { keptSessionOf } from '../http/session';
import type { Profile } from '../models/Profile';
import type { User } from '../models/User';
import type { Viewer } from '../policies/viewer';
import { canEditProfile, canReadProfile } from '../policies';
import { shellUser } from '../render/buildShell';
import { renderUserMenu } from '../render/userMenu';
import { knownColleagueOfOwner } from '../services/endorsements/colleagues';
import type { SessionActivity } from '../services/sessionActivity';
import type { SessionCache } from '../services/sessionCache';
import type { SessionFacts } from '../services/sessions';
import { BOOT_ID, clientHas } from './pageCache';
import type { ProfileCache, ProfileSnapshot } from './profileCache';
import { keptPageHeaders } from './keptPages';
import { PERSONAL_CACHE_CONTROL, type ProfilePageQuery } from './profilePages';
import { prepareFragment, splicedBody, type Fragment } from './splicedPages';

/**
 * Which kept page a signed-in viewer gets: a member's, a verified colleague's (a member's page with an Endorse
 * link on each skill, docs/decisions/endorsements.md — the same for every colleague), or an editor's "View as" page.
 */
export type PersonalPageClass = 'member' | 'colleague' | `as-${ViewAs}`;

/**
 * Which kept page a signed-in viewer gets, for the profile route and the early answer alike: a member's (not an
 * editor of this profile) — a verified colleague's is kept apart —, or, for those who may edit, the "View as" page
 * they asked for; null for an editor's own page, which always renders. Anyone else asking for a "View as" page gets
 * their normal page.
 */
export function personalPageClass(
  viewer: Viewer,
  owned: Pick<Profile, 'userId'>,
  as: ViewAs | undefined,
  colleague: boolean,
): PersonalPageClass | null {
  if (canEditProfile(viewer, owned)) return as ? `as-${as}` : null;
  return colleague ? 'colleague' : 'member';
}

export const personalPageKey = (id: number, version: string, variant: string, kind: PersonalPageClass) =>
  `${id}:${version}:${variant}:${kind}`;

/**
 * The kept page's account menu: nobody's (id 0 is never a user's). Its markup occurs once in the page — text
 * from a profile is escaped, so it can never spell this menu's tags — and marks where a viewer's menu goes.
 */
export const MENU_STAND_IN: ShellUser = Object.freeze({
  id: 0,
  name: 'Signed-in member',
  email: 'member@turnout.invalid',
  isAdmin: false,
  ownProfileId: null,
});

let standInMenu: string | undefined;

/** The stand-in's menu, as it appears in every kept page. */
export function menuSlot(): string {
  return (standInMenu ??= renderUserMenu(MENU_STAND_IN));
}

/** Menus by content (never by id alone: a renamed user gets a new entry), bounded. */
const menus = entryLimitedCache<string, Fragment>(2_000);

/** The viewer's menu, ready to splice. */
export function menuFragment(user: ShellUser): Fragment {
  const key = JSON.stringify([
    user.id,
    user.name,
    user.email,
    user.isAdmin,
    user.ownProfileId,
    user.reviewsVerifications ?? false,
  ]);
  let fragment = menus.get(key);
  if (!fragment) {
    fragment = prepareFragment(renderUserMenu(user));
    menus.set(key, fragment);
  }
  return fragment;
}

/**
 * The weak ETag of a signed-in viewer's page: it changes with the page class, the profile's version and variant,
 * the viewer (their menu: any change to the user row moves `updatedAt`) and the process.
 */
export function personalPageTag(
  page: { id: number; version: string; variant: string; pageClass: PersonalPageClass },
  viewer: Pick<User, 'id' | 'updatedAt'>,
): string {
  return pageTag(page, viewerTag(viewer));
}

const viewerTag = (viewer: Pick<User, 'id' | 'updatedAt'>) => `${viewer.id}-${new Date(viewer.updatedAt).getTime()}`;

function pageTag(page: { id: number; version: string; variant: string; pageClass: PersonalPageClass }, viewer: string) {
  const { id, version, variant, pageClass } = page;
  const kind = pageClass === 'member' ? 'm' : pageClass === 'colleague' ? 'c' : pageClass;
  return `W/"${kind}-${id}-${version}-${variant}-${viewer}-${BOOT_ID}"`;
}

/** A kept session's per-viewer parts: its menu, ready to splice, and its part of the page's ETag. */
interface ViewerParts {
  menu: Fragment;
  tag: string;
}

/**
 * Per kept session entry, keyed by its user object: SessionCache replaces an entry (user, facts and all) whenever
 * it reads it again and drops it on any change to the user, so while the object lives its parts cannot change —
 * and they go with it.
 */
const viewerParts = new WeakMap<object, ViewerParts>();

function partsOf(session: { user: User; facts: SessionFacts }): ViewerParts {
  let parts = viewerParts.get(session.user);
  if (!parts) {
    const { user, facts } = session;
    const menu = menuFragment(shellUser(user, facts.ownProfileId, reviewsVerifications(user, facts)));
    parts = { menu, tag: viewerTag(user) };
    viewerParts.set(user, parts);
  }
  return parts;
}

/** What members' kept pages are answered from. */
export interface KeptPageCaches {
  profileCache: ProfileCache;
  sessions: SessionCache;
  activity: SessionActivity;
  /** The configured session lifetime: a session koa-session would renew takes the full path. */
  sessionMaxAgeMs: number;
}

/** What answering a member's kept page needs: the profile as the cache knows it and the page the URL asks for. */
export interface KeptPageRequest {
  snapshot: ProfileSnapshot;
  publicView: boolean;
  variant: { key: string; keep: boolean };
  query: Pick<ProfilePageQuery, 'as'>;
}

/**
 * Who a kept page was answered to: a reader (their view counts in the owner's insights) or an editor looking at
 * their profile "as" someone else (never counted); false when the request takes the full path.
 */
export type KeptPageAnswer = 'reader' | 'editor' | false;

/**
 * A signed-in viewer's kept page (or a 304), answered before the session middleware and routing when everything
 * it needs is already in this node's memory: the session and its user from the session cache (trusted:
 * revocation still reaches it at once); a member who may read the profile but not edit it, with a known
 * colleague answer — or an editor asking for a "View as" page; the kept page. Anything else — an unknown or
 * uncached session, a session koa-session would renew, an inactive user, an editor's own page, a colleague answer
 * that needs a query, a page not kept yet — returns false and the request takes the full path
 * (src/pages/profiles.tsx), which answers the same page the same way.
 */
export function answerKeptMemberPage(
  ctx: Koa.Context,
  reply: EarlyReply,
  caches: KeptPageCaches,
  request: KeptPageRequest,
): KeptPageAnswer {
  const { snapshot, publicView, variant, query } = request;
  if (!variant.keep || !caches.profileCache.enabled) return false;
  const signedIn = keptSessionOf(ctx, caches.sessions, caches.sessionMaxAgeMs);
  if (!signedIn) return false;
  const { tokenHash, found: session } = signedIn;
  const { user, facts } = session;
  if (!canReadProfile(user, snapshot)) return false;
  const editor = canEditProfile(user, snapshot);
  const colleague = editor ? false : knownColleagueOfOwner(facts.verifiedDepartmentIds, snapshot);
  if (colleague === undefined) return false;
  const pageClass = personalPageClass(user, snapshot, query.as, colleague);
  if (!pageClass) return false;
  const page = { id: snapshot.id, version: snapshot.version, variant: variant.key, pageClass };
  const kept = caches.profileCache.personal.get(personalPageKey(page.id, page.version, page.variant, pageClass));
  if (!kept) return false;
  const parts = partsOf(session);
  const etag = pageTag(page, parts.tag);
  // As answerNotModified, then sendSplicedPage, set them on the middleware path.
  keptPageHeaders(reply, publicView, snapshot.profileStatus);
  reply.set('ETag', etag).set('Cache-Control', PERSONAL_CACHE_CONTROL);
  if (clientHas(ctx, etag)) {
    reply.status = 304;
  } else {
    reply.set('Content-Type', 'text/html; charset=utf-8');
    const { encoding, body } = splicedBody(ctx.req.headers['accept-encoding'], kept, parts.menu);
    if (encoding !== 'identity') reply.set('Content-Encoding', encoding);
    reply.body = body;
  }
  caches.activity.seenByHash(tokenHash);
  return editor ? 'editor' : 'reader';
}
