/** What every page's shell (header, feedback button) needs to know, built per request in src/pages/shell.ts. */
export interface ShellUser {
  id: number;
  name: string;
  email: string;
  role: 'user' | 'admin' | 'super_admin';
  /** The user's own profile id, when they have one (drives My Profile / Create Profile in the menu). */
  ownProfileId: number | null;
}

export interface Shell {
  productName: string;
  path: string;
  user: ShellUser | null;
  feedbackUrl: string | null;
  /** Public profile pages hide Login / Join Beta. */
  isPublicPage: boolean;
  /** The widget filter's current choice on /profiles/ paths. */
  activeWidget: string;
}

/** The header's widget filter: ten choices, shown on paths under /profiles/. */
export const WIDGET_FILTERS: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'all', label: 'All Widgets' },
  { value: 'timeline', label: 'Timeline' },
  { value: 'awards', label: 'Awards' },
  { value: 'certifications', label: 'Certifications' },
  { value: 'licenses', label: 'Licenses' },
  { value: 'apparatus', label: 'Apparatus' },
  { value: 'skills', label: 'Skills' },
  { value: 'units', label: 'Special Units' },
  { value: 'photos', label: 'Photos' },
  { value: 'incidents', label: 'Incidents' },
];
