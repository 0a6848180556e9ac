/**
 * Signed-in viewers' profile pages from the cache. Every member who is not the profile's owner or an admin sees
 * the same page — public and members-only items — except the account menu in its header; an editor's "View as"
 * page is the same for every editor of the profile, except the menu again. So these pages are kept like a
 * visitor's, per profile version and page variant, rendered once with a stand-in user's menu; each answer
 * splices the viewer's own menu into that slot (src/pageCache/splicedPages.ts), rendered once per menu content.
 */
import type Koa from 'koa';
import { LRUCache } from 'lru-cache';
import type { ViewAs } from '../validation/viewAs';
import type { ShellUser } from '../../views/layout/shell';
import { reviewsVerifications } from '../http/auth';
import { currentSessionToken } from '../http/session';
import type { User } from '../models/User';
import { canEditProfile, canReadProfile } from '../policies';
import { shellUser } from '../render/buildShell';
import { renderUserMenu } from '../render/userMenu';
import { knownColleagueOfOwner } from '../services/endorsements/colleagues';
import type { SessionActivity } from '../services/sessionActivity';
import type { SessionCache } from '../services/sessionCache';
import type { SessionData } from '../services/sessions';
import { BOOT_ID, answerNotModified } from './pageCache';
import type { ProfileCache, ProfileSnapshot } from './profileCache';
import { PERSONAL_CACHE_CONTROL, profilePageHeaders, type ProfilePageQuery } from './profilePages';
import { prepareFragment, sendSplicedPage, type Fragment } from './splicedPages';

/**
 * Which kept page a signed-in viewer gets: a member's, a verified colleague's (a member's page with an Endorse
 * link on each skill, issue 23 §5 — the same for every colleague), or an editor's "View as" page.
 */
export type PersonalPageClass = 'member' | 'colleague' | `as-${ViewAs}`;

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
const menus = new LRUCache<string, Fragment>({ max: 2_000 });

/** The viewer's menu, ready to splice. */
export function menuFragment(user: ShellUser): Fragment {
  const key = JSON.stringify([user.id, user.name, user.email, user.isAdmin, user.ownProfileId]);
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
  const { id, version, variant, pageClass } = page;
  const kind = pageClass === 'member' ? 'm' : pageClass === 'colleague' ? 'c' : pageClass;
  return `W/"${kind}-${id}-${version}-${variant}-${viewer.id}-${new Date(viewer.updatedAt).getTime()}-${BOOT_ID}"`;
}

/** What answering a member's kept page needs: the profile as the cache knows it and the page the URL asks for. */
export interface KeptPageRequest {
  snapshot: ProfileSnapshot;
  publicView: boolean;
  variant: { key: string; keep: boolean };
  query: Pick<ProfilePageQuery, 'as'>;
}

/**
 * A member's kept page (or a 304), answered before the session middleware and routing when everything it needs
 * is already in this node's memory: the session and its user from the session cache (trusted: revocation still
 * reaches it at once), a member who may read the profile but not edit it, a known colleague answer, the kept
 * page. Anything else — an unknown or uncached session, a session koa-session would renew, an inactive user, an
 * editor, "View as", a colleague answer that needs a query, a page not kept yet — returns false and the request
 * takes the full path (src/pages/profiles.tsx), which answers the same page the same way.
 */
export function answerKeptMemberPage(
  ctx: Koa.Context,
  caches: { profileCache: ProfileCache; sessions: SessionCache; activity: SessionActivity },
  request: KeptPageRequest,
): boolean {
  const { snapshot, publicView, variant, query } = request;
  if (query.as || !variant.keep || !caches.profileCache.enabled) return false;
  const token = currentSessionToken(ctx);
  const session = token ? caches.sessions.peek(token) : undefined;
  if (!token || !session || !sessionStaysAsItIs(session.data, session.user.id)) return false;
  const { user, facts } = session;
  if (!user.isActive || !canReadProfile(user, snapshot) || canEditProfile(user, snapshot)) return false;
  const colleague = knownColleagueOfOwner(facts.verifiedDepartmentIds, snapshot);
  if (colleague === undefined) return false;
  const pageClass: PersonalPageClass = colleague ? 'colleague' : 'member';
  const page = { id: snapshot.id, version: snapshot.version, variant: variant.key, pageClass };
  const kept = caches.profileCache.personal.get(personalPageKey(page.id, page.version, page.variant, pageClass));
  if (!kept) return false;
  profilePageHeaders(ctx, publicView, snapshot.profileStatus);
  if (!answerNotModified(ctx, personalPageTag(page, user), PERSONAL_CACHE_CONTROL)) {
    sendSplicedPage(ctx, kept, menuFragment(shellUser(user, facts.ownProfileId, reviewsVerifications(user, facts))));
  }
  caches.activity.seen(token);
  return true;
}

/**
 * Whether koa-session would leave this session as it is on a read: its user, unexpired, and not due for renewal
 * (`renew`: within half its max age of expiry, when the full path re-saves it and sends a new cookie).
 */
function sessionStaysAsItIs(data: SessionData, userId: number): boolean {
  if (data.userId !== userId) return false;
  const { _expire: expire, _maxAge: maxAge } = data;
  if (typeof expire !== 'number') return true;
  const left = expire - Date.now();
  return left > 0 && !(typeof maxAge === 'number' && left < maxAge / 2);
}
