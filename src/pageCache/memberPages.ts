/**
 * The account menu of pages kept for a class of signed-in viewers. Every member who is not the profile's owner or
 * an admin sees the same page — public and members-only items — except the account menu in its header; an
 * editor's "View as" page is the same for every editor of the profile, except the menu again. So these pages are
 * kept once per profile version and page variant (src/pageCache/profileAnswer.ts), rendered with a stand-in
 * user's menu; each answer splices the viewer's own menu into that slot (src/pageCache/splicedPages.ts), a menu
 * rendered once per content.
 */
import { entryLimitedCache } from '../entryLimitedCache';
import type { ShellUser } from '../../views/layout/shell';
import { reviewsVerifications } from '../http/auth';
import type { User } from '../models/User';
import { shellUser } from '../render/buildShell';
import { renderUserMenu } from '../render/userMenu';
import type { SessionFacts } from '../services/sessions';
import { prepareFragment, type Fragment } from './splicedPages';

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
    user.rosters ?? [],
  ]);
  let fragment = menus.get(key);
  if (!fragment) {
    fragment = prepareFragment(renderUserMenu(user));
    menus.set(key, fragment);
  }
  return fragment;
}

/**
 * A kept session's menu, per session entry (keyed by its user object): SessionCache replaces an entry (user,
 * facts and all) whenever it reads it again and drops it on any change to the user, so while the object lives its
 * menu cannot change — and it goes with it.
 */
const sessionMenus = new WeakMap<object, Fragment>();

export function sessionMenu(session: { user: User; facts: SessionFacts }): Fragment {
  let menu = sessionMenus.get(session.user);
  if (!menu) {
    const { user, facts } = session;
    menu = menuFragment(shellUser(user, facts.ownProfileId, reviewsVerifications(user, facts), facts.rosterLinks));
    sessionMenus.set(user, menu);
  }
  return menu;
}
