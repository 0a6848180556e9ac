/**
 * Profiles (spec 02 §§2–9): the JSON shapes the API returns and islands receive, the spec's messages, the
 * widget registry's keys, and the request schemas. Shared by the server and the islands (no server imports).
 */
import { array, mixed, object, string, type InferType } from 'yup';
import { HAS_CONTROL_CHARACTER, id, trimmed, trimmedLine, lowerCased } from './common';
import { VISIBILITIES, type Visibility } from './visibility';
import {
  EXTERNAL_IMAGE_URL,
  OWN_PHOTO_PATH,
  PERSONAL_STATEMENT_MAX,
  PROFILE_MESSAGES,
  PROFILE_STATUSES,
  PROFILE_TEXT_MAX,
  PROFILE_URL_MAX,
  SOCIAL_FIELDS,
  WIDGET_KEYS,
} from './profileWidgets';
import type { ProfileStatus, SocialField, WidgetKey } from './profileWidgets';

export * from './profileWidgets';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * An optional text field: trimmed, blank → null, capped. A one-line field (every one but the personal statement)
 * also loses its invisible formatting characters (withoutInvisibles in ./common).
 */
const optionalText = (label: string, max = PROFILE_TEXT_MAX, { freeText = false } = {}) =>
  string()
    .typeError(PROFILE_MESSAGES.tooLong(label, max))
    .transform(freeText ? trimmed : trimmedLine)
    .max(max, PROFILE_MESSAGES.tooLong(label, max))
    .nullable()
    .transform((value: string | null) => (value ? value : null));

/** A web address or a handle: one line, and no control character (it is written into links and the vCard). */
const optionalLink = (label: string) =>
  optionalText(label, PROFILE_URL_MAX).test(
    'no-controls',
    PROFILE_MESSAGES.linkControls(label),
    (value) => !value || !HAS_CONTROL_CHARACTER.test(value),
  );

const optionalEmail = () =>
  string()
    .typeError(PROFILE_MESSAGES.invalidEmail)
    .transform(trimmed)
    .transform(lowerCased)
    .nullable()
    .transform((value: string | null) => (value ? value : null))
    .test(
      'email',
      PROFILE_MESSAGES.invalidEmail,
      (value) => !value || (EMAIL_PATTERN.test(value) && value.length <= 254),
    );

const socials = Object.fromEntries(SOCIAL_FIELDS.map((field) => [field, optionalLink(field)])) as Record<
  SocialField,
  ReturnType<typeof optionalLink>
>;

/** POST /api/profiles (spec 02 §3 "Create-profile payload", §5). The department is a picked department's id. */
export const profileCreateSchema = object({
  name: string()
    .typeError(PROFILE_MESSAGES.nameRequired)
    .transform(trimmedLine)
    .required(PROFILE_MESSAGES.nameRequired)
    .min(2, PROFILE_MESSAGES.nameRequired)
    .max(100, PROFILE_MESSAGES.tooLong('Name', 100)),
  rank: string()
    .typeError(PROFILE_MESSAGES.rankRequired)
    .transform(trimmedLine)
    .required(PROFILE_MESSAGES.rankRequired)
    .min(1, PROFILE_MESSAGES.rankRequired)
    .max(PROFILE_TEXT_MAX, PROFILE_MESSAGES.tooLong('Rank', PROFILE_TEXT_MAX)),
  departmentId: id(PROFILE_MESSAGES.departmentRequired),
  phone: optionalText('Phone', 50),
  email: optionalEmail(),
  ...socials,
  role: optionalText('Role'),
});
export type ProfileCreateInput = InferType<typeof profileCreateSchema>;

const visibility = () =>
  mixed<Visibility>()
    .oneOf([...VISIBILITIES], 'Visibility must be public, authenticated or private')
    .defined('Visibility must be public, authenticated or private');

/**
 * PATCH /api/profiles/{id}: any subset of the editable fields (spec 02 §7). `name` is refused with the spec's
 * message whatever it holds, null included: it is changed in Account Settings only.
 */
export const profileUpdateSchema = object({
  name: mixed()
    .nullable()
    .test('locked', PROFILE_MESSAGES.nameLocked, (value) => value === undefined),
  rank: string()
    .typeError(PROFILE_MESSAGES.rankRequired)
    .transform(trimmedLine)
    .min(1, PROFILE_MESSAGES.rankRequired)
    .max(PROFILE_TEXT_MAX, PROFILE_MESSAGES.tooLong('Rank', PROFILE_TEXT_MAX))
    .optional(),
  departmentId: id(PROFILE_MESSAGES.departmentRequired).optional(),
  title: optionalText('Title').optional(),
  badgeNumber: optionalText('Badge number', 50).optional(),
  motto: optionalText('Motto').optional(),
  currentStatus: optionalText('Current status').optional(),
  personalStatement: optionalText('Personal statement', PERSONAL_STATEMENT_MAX, { freeText: true })
    .max(PERSONAL_STATEMENT_MAX, PROFILE_MESSAGES.statementMax)
    .optional(),
  phone: optionalText('Phone', 50).optional(),
  email: optionalEmail().optional(),
  ...Object.fromEntries(SOCIAL_FIELDS.map((field) => [field, optionalLink(field).optional()])),
  role: optionalText('Role').optional(),
  profileImage: optionalLink('Profile image')
    .test(
      'image',
      PROFILE_MESSAGES.profileImage,
      (value) => !value || EXTERNAL_IMAGE_URL.test(value) || OWN_PHOTO_PATH.test(value),
    )
    .optional(),
  defaultVisibility: visibility().optional(),
  fieldVisibility: object({ phone: visibility().optional(), email: visibility().optional() })
    .noUnknown('Only phone and email have their own visibility')
    .default(undefined)
    .optional(),
  hiddenWidgets: array(
    mixed<WidgetKey>()
      .oneOf([...WIDGET_KEYS], 'Unknown widget')
      .defined(),
  )
    .max(WIDGET_KEYS.length)
    .optional(),
});
export type ProfileUpdateInput = Omit<InferType<typeof profileUpdateSchema>, 'name'>;

/** PATCH /api/profiles/{id}/status */
export const profileStatusSchema = object({
  profileStatus: mixed<ProfileStatus>()
    .oneOf([...PROFILE_STATUSES], 'profileStatus must be draft or live')
    .required('profileStatus must be draft or live'),
});

/**
 * `/{username}` (spec 02 §2): 1–50 letters, digits, underscores and hyphens, and not a reserved word —
 * anything else is Profile not found.
 */
export const PUBLIC_USERNAME_PATTERN = /^[A-Za-z0-9_-]{1,50}$/;
