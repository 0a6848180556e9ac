/** What every page's shell (header, feedback button) needs to know, built per request in src/render/buildShell.ts. */
export interface ShellUser {
  id: number;
  name: string;
  email: string;
  /** An admin or super_admin (the server's answer): the menu offers the Admin Dashboard. */
  isAdmin: boolean;
  /** The user's own profile id, when they have one (drives My Profile / Create Profile in the menu). */
  ownProfileId: number | null;
  /** A department verifier or a site admin: the menu offers Verification Requests (docs/decisions/verified-membership.md). */
  reviewsVerifications?: boolean;
  /** The departments whose readiness roster they read, as officer or verifier: a Readiness link each (docs/decisions/department-readiness.md). */
  rosters?: Array<{ id: number; name: string }>;
}

export interface Shell {
  productName: string;
  path: string;
  user: ShellUser | null;
  feedbackUrl: string | null;
  /** Public profile pages hide Login / Join Beta. */
  isPublicPage: boolean;
}
