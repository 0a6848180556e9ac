/**
 * Profiles without their request schemas (src/validation/profiles.ts re-exports all of it): the JSON shapes, the
 * spec's messages, the widget registry's keys. No yup here, so an island that needs only these (the header's
 * ProfileToolbar) does not bring the schema library into the page.
 */
import type { Visibility } from './visibility';
import type { ListItemJson } from './lists/define';
import type { PhotoGalleryJson } from './photos';
import type { VerifiedMembershipJson } from './verifiedBadge';

export const PROFILE_STATUSES = ['draft', 'live'] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];

/** The nine widgets a profile shows (spec 02 §2 "Widget Settings panel"), in the panel's order. */
export const WIDGETS = [
  { key: 'timeline', title: 'Timeline', collapsedCount: 5 },
  { key: 'incidents', title: 'Memorable Incidents', collapsedCount: 5 },
  { key: 'awards', title: 'Awards', collapsedCount: 4 },
  { key: 'certifications', title: 'Certifications', collapsedCount: 4 },
  { key: 'licenses', title: 'Licenses', collapsedCount: 5 },
  { key: 'gear', title: 'Apparatus & Gear', collapsedCount: 3 },
  { key: 'skills', title: 'Skills', collapsedCount: 6 },
  { key: 'specialUnits', title: 'Special Units', collapsedCount: 3 },
  { key: 'photos', title: 'Photo Gallery', collapsedCount: 4 },
] as const;
/**
 * Lists the spec gives no widget of their own (02 §3 status updates and fire stations): sections after the
 * nine, opened by their own `?widget=` value, with no filter tab and no Widget Settings switch (both stay as
 * the spec lists them).
 */
export const EXTRA_SECTIONS = [
  { key: 'statusUpdates', title: 'Status Updates', collapsedCount: 3, filter: 'status-updates' },
  { key: 'fireStations', title: 'Fire Stations', collapsedCount: 3, filter: 'fire-stations' },
  { key: 'training', title: 'Training Hours', collapsedCount: 5, filter: 'training' },
  { key: 'readinessDates', title: 'Readiness Dates', collapsedCount: 5, filter: 'readiness-dates' },
  { key: 'hiringTracker', title: 'Hiring Tracker', collapsedCount: 5, filter: 'hiring-tracker' },
] as const;
/** Every section of a profile page, in the order the columns show them. */
export const SECTIONS = [...WIDGETS, ...EXTRA_SECTIONS] as const;
export type WidgetKey = (typeof SECTIONS)[number]['key'];
/** The nine widgets an owner may hide. */
export const WIDGET_KEYS = WIDGETS.map((w) => w.key) as WidgetKey[];
export const SECTION_KEYS = SECTIONS.map((w) => w.key) as WidgetKey[];
/**
 * What a write changes of a profile page's read sections (`profiles.section_versions`, set by the database's
 * trigger, migrations/20261129100000_one_change_channel.ts): one section's content, or `*`, every section.
 */
export type SectionPart = WidgetKey | '*';

/**
 * The widget filter (spec 01 §2): ten choices, as `?widget=` values. Each names a widget (or all); the
 * spec's other spellings (gear, special-units, units, apparatus) are accepted and mean the same section.
 */
export const WIDGET_FILTERS: ReadonlyArray<{ value: string; label: string; widget: WidgetKey | 'all' }> = [
  { value: 'all', label: 'All Widgets', widget: 'all' },
  { value: 'timeline', label: 'Timeline', widget: 'timeline' },
  { value: 'awards', label: 'Awards', widget: 'awards' },
  { value: 'certifications', label: 'Certifications', widget: 'certifications' },
  { value: 'licenses', label: 'Licenses', widget: 'licenses' },
  { value: 'apparatus', label: 'Apparatus', widget: 'gear' },
  { value: 'skills', label: 'Skills', widget: 'skills' },
  { value: 'units', label: 'Special Units', widget: 'specialUnits' },
  { value: 'photos', label: 'Photos', widget: 'photos' },
  { value: 'incidents', label: 'Incidents', widget: 'incidents' },
];
const FILTER_ALIASES: Record<string, WidgetKey> = {
  gear: 'gear',
  'special-units': 'specialUnits',
  specialUnits: 'specialUnits',
};

/** The section a `?widget=` value opens, or 'all' for anything else. */
export function widgetFromFilter(value: unknown): WidgetKey | 'all' {
  if (typeof value !== 'string') return 'all';
  return (
    WIDGET_FILTERS.find((f) => f.value === value)?.widget ??
    FILTER_ALIASES[value] ??
    EXTRA_SECTIONS.find((s) => s.filter === value)?.key ??
    'all'
  );
}

/** The filter value that opens a widget's section (the header's spelling). */
export function filterForWidget(widget: WidgetKey): string {
  return WIDGET_FILTERS.find((f) => f.widget === widget)?.value ?? EXTRA_SECTIONS.find((s) => s.key === widget)!.filter;
}

/** Contact fields whose visibility the owner chooses (a phone number is not for everyone). */
export const PRIVATE_CAPABLE_FIELDS = ['phone', 'email'] as const;
export type PrivateCapableField = (typeof PRIVATE_CAPABLE_FIELDS)[number];

export const SOCIAL_FIELDS = ['website', 'linkedin', 'twitter', 'instagram', 'facebook', 'tiktok', 'bluesky'] as const;
export type SocialField = (typeof SOCIAL_FIELDS)[number];

/** How each social field is labelled on forms and on the header card, and what a form suggests typing. */
export const SOCIAL_FIELD_LABELS: Record<SocialField, { label: string; placeholder: string }> = {
  website: { label: 'Website', placeholder: 'https://…' },
  linkedin: { label: 'LinkedIn', placeholder: 'linkedin.com/in/… or handle' },
  twitter: { label: 'X (Twitter)', placeholder: '@handle' },
  instagram: { label: 'Instagram', placeholder: '@handle' },
  facebook: { label: 'Facebook', placeholder: 'page or profile' },
  tiktok: { label: 'TikTok', placeholder: '@handle' },
  bluesky: { label: 'Bluesky', placeholder: 'name.bsky.social' },
};

/** A profile as the API returns it, already filtered for its viewer: fields the viewer may not see are null. */
export interface ProfileJson {
  id: number;
  userId: number;
  username: string | null;
  name: string;
  rank: string;
  title: string | null;
  badgeNumber: string | null;
  departmentId: number | null;
  department: string;
  /** The department's page (docs/decisions/verified-membership.md, `/departments/{id}-{slug}`) when it has one (a registry or verified department). */
  departmentPage: string | null;
  motto: string | null;
  personalStatement: string | null;
  currentStatus: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  linkedin: string | null;
  twitter: string | null;
  instagram: string | null;
  facebook: string | null;
  tiktok: string | null;
  bluesky: string | null;
  role: string | null;
  /** The image's URL: the linked photo's (medium JPEG) or an external https address. */
  profileImage: string | null;
  /** The gallery photo linked as the profile image, if it is one. */
  profileImagePhotoId: number | null;
  /** The banner's URL (a public photo's large JPEG; docs/decisions/headshot-and-banner.md), or null. */
  banner: string | null;
  profileStatus: ProfileStatus;
  defaultVisibility: Visibility;
  /** Only for the owner and admins (null for everyone else). */
  fieldVisibility: Record<PrivateCapableField, Visibility> | null;
  /** Widgets the owner hid (persisted). */
  hiddenWidgets: WidgetKey[];
  /**
   * The owner's department-verified memberships (docs/decisions/verified-membership.md): approved and still linked, by department name. The
   * same for every viewer (a badge is public, like the department the profile names).
   */
  verifiedMemberships: VerifiedMembershipJson[];
  createdAt: string;
  updatedAt: string;
}

/**
 * GET /api/profiles/{id} (also /own/{id}, /username/{username}): the profile with its lists (spec 02 §3), each
 * holding only the items the viewer may see, in display order; photoFolders only for those who may edit.
 */
export type ProfileDocumentJson = ProfileJson &
  Record<DocumentListKey, ListItemJson[]> &
  Pick<PhotoGalleryJson, 'photoGallery' | 'photoFolders'>;

/** The keys of LISTS (src/validation/lists), spelled out: LISTS is typed as a list of any definition. */
type DocumentListKey =
  | 'timeline'
  | 'statusUpdates'
  | 'incidents'
  | 'awards'
  | 'certifications'
  | 'licenses'
  | 'skills'
  | 'gear'
  | 'specialUnits'
  | 'fireStations'
  | 'training'
  | 'readinessDates'
  | 'hiringTracker';

/** GET /api/profiles: the shell's list (spec 01 §7), the signed-in user's own. */
export type ProfileSummaryJson = Pick<ProfileJson, 'id' | 'userId' | 'username' | 'profileStatus' | 'name'>;

export const PERSONAL_STATEMENT_MAX = 500;
export const PROFILE_TEXT_MAX = 200;
export const PROFILE_URL_MAX = 500;

export const PROFILE_MESSAGES = {
  nameRequired: 'Name is required',
  rankRequired: 'Rank is required',
  departmentRequired: 'Department is required',
  departmentRequiredTitle: 'Department Required',
  departmentRequiredText: 'Please select a fire department to continue.',
  invalidEmail: 'Please enter a valid email address',
  nameLocked: 'Name can only be changed in Account Settings',
  statementMax: `Personal statement must be at most ${PERSONAL_STATEMENT_MAX} characters`,
  createFailed: 'Failed to create profile',
  createFailedFallback: 'Please try again',
  updateFailed: 'Failed to update profile',
  visibilityUpdated: 'Profile visibility updated!',
  notFound: 'Profile not found',
  alreadyExists: 'You already have a profile',
  editProfile: 'Edit Profile',
  doneEditing: 'Done Editing',
  changesSaved: 'Changes saved!',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  profileImage: 'Profile image must be one of your photos or an https:// address',
  linkControls: (label: string) => `${label} cannot contain line breaks or control characters`,
} as const;

/** An external image: https only (the database checks the same). */
export const EXTERNAL_IMAGE_URL = /^https:\/\/\S+$/;
/** One of the gallery's served photos (src/http/media.ts): the profile image as a photo link. */
export const OWN_PHOTO_PATH = /^\/media\/photos\/([0-9a-f]{32})\/[a-z]+\.(?:jpg|webp)$/;
