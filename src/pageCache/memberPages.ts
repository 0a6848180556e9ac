/**
 * Signed-in viewers' profile pages from the cache. Every member who is not the profile's owner or an admin sees
 * the same page — public and members-only items — except the account menu in its header; an editor's "View as"
 * page is the same for every editor of the profile, except the menu again. So these pages are kept like a
 * visitor's, per profile version and page variant, rendered once with a stand-in user's menu; each answer
 * splices the viewer's own menu into that slot (src/pageCache/splicedPages.ts), rendered once per menu content.
 */
import { LRUCache } from 'lru-cache';
import type { ViewAs } from '../validation/viewAs';
import type { ShellUser } from '../../views/layout/shell';
import { renderUserMenu } from '../render/userMenu';
import { prepareFragment, type Fragment } from './splicedPages';

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
