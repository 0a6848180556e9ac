/**
 * What the item views get besides the items. The read views of views/profile/widgets are presentational: they
 * import only the kit (views/ui), src/validation and each other, so the owner's editors (islands) show an item
 * exactly as visitors see it (eslint.config.js keeps it so).
 */
import type { ReactNode } from 'react';
import type { PhotoJson } from '../../../src/validation/photos';
import type { GalleryView } from '../../../src/validation/gallery';
import type { VerifiedMembershipJson } from '../../../src/validation/verifiedBadge';

/** What every list item carries that the frame needs (spec 02 §3). */
export interface SectionItem {
  id: number;
  showOnMainProfile: boolean;
}

export interface SectionContext {
  /** The page's own path (/profiles/1, /profiles/1/public) for the section links. */
  basePath: string;
  /** Query parameters every link within the profile keeps (a View-as page's `as=member`), or ''. */
  keep?: string;
  expanded: boolean;
  sort: 'newest' | 'oldest';
  /** Edit mode: the section's links keep it (`edit=1`). */
  editing: boolean;
  /** The owner's or an admin's view: each item shows who may see it (a lock "Only me", "Members"). */
  showVisibility?: boolean;
  /** The gallery photos this viewer may see, by id (as items link them), for items' linked photos. */
  photos?: Readonly<Record<string, PhotoJson>>;
  /** The owner's verified memberships: a timeline entry of that department shows the badge (docs/decisions/verified-membership.md). */
  verified?: readonly VerifiedMembershipJson[];
  /** The full photo gallery's filter and folder choices (its own view, read mode). */
  gallery?: GalleryView | null;
  /**
   * The viewer may endorse this profile's skills (a verified colleague's page, docs/decisions/endorsements.md): each skill links to
   * its endorse form under this path (`/profiles/{id}/skills`). Null or absent for everyone else.
   */
  endorseBase?: string | null;
}

/**
 * A link within the profile: its path, the link's own query (`widget=awards`) and what every link of the page
 * keeps (`keep`: a View-as page's `as=visitor`), so a visitor's view stays a visitor's view as one moves around.
 */
export function profileHref(basePath: string, query: string, keep = ''): string {
  const params = [query, keep].filter(Boolean).join('&');
  return params ? `${basePath}?${params}` : basePath;
}

/** A widget's item view: its items as a list. */
export type RenderItems = (items: SectionItem[], context: SectionContext) => ReactNode;
