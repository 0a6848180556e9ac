/**
 * Certifications (spec 02 §3, §5 "Certification add"; status and order §4). Year and expiry are numbers; the
 * spec's `expires` is the expiry year. docs/decisions/expiry-reminders.md adds an optional precise expiry
 * (`expiresOn`: `MM/YYYY` or `MM/DD/YYYY`) so reminders can be sent ahead of it. docs/decisions/one-expiry-input.md:
 * the owner types ONE expiry (`expires`: a year, a month or a full date); the year and the precise expiry are both
 * derived from it. An API client may still send both (they must agree) or the precise one alone.
 */
import {
  defineList,
  iconChoice,
  optionalNumber,
  optionalText,
  requiredNumber,
  requiredText,
  trimmedString,
  type ItemOf,
} from './define';
import { CERTIFICATION_ICONS } from './icons';
import { EXPIRY_HELP, certificationStatus, expiryEnd, sortCertifications, storedExpiry } from './rules';

export const CERTIFICATION_MESSAGES = {
  nameRequired: 'Certification name is required',
  issuerRequired: 'Issuer is required',
  yearRequired: 'Year is required',
  yearNumeric: 'Year must be a number',
  expiresNumeric: 'Expiry must be a year',
  expiresFormat: 'Please enter the expiry as a year (2028), a month (03/2028) or a date (2028-03-15 or 03/15/2028)',
  expiresOnFormat: 'Please enter the expiry date as MM/YYYY or MM/DD/YYYY',
  expiresOnYear: 'The expiry date must fall in the expiry year',
} as const;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && !value.trim());

/** The precise expiry: derived from the one input (`prepare`), or sent by an API client; never asked for itself. */
const expiresOn = trimmedString(CERTIFICATION_MESSAGES.expiresOnFormat)
  .nullable()
  .transform((value: unknown) => (typeof value === 'string' && value === '' ? null : value))
  .test('format', CERTIFICATION_MESSAGES.expiresOnFormat, (value) => value == null || storedExpiry(value) !== null)
  .test('year', CERTIFICATION_MESSAGES.expiresOnYear, function matchesYear(value) {
    const year: unknown = (this.parent as { expires?: unknown }).expires;
    const end = value ? expiryEnd(value) : null;
    return end === null || typeof year !== 'number' || end.year === year;
  });

/**
 * The one expiry (`expires`, or an API client's `expiresOn` alone) as the stored pair: the year, and the month or
 * date when one was given (a year alone clears it). Both sent: the year stays as sent and must agree. Unreadable:
 * left as sent, for the field's own message (400).
 */
function oneExpiry(raw: Record<string, unknown>): Record<string, unknown> {
  const precise = !blank(raw.expiresOn);
  if (!precise && !('expires' in raw)) return raw;
  if (!precise && blank(raw.expires)) return { ...raw, expiresOn: null };
  const text = storedExpiry(precise ? raw.expiresOn : raw.expires);
  const end = text === null ? null : expiryEnd(text);
  if (!end) return raw;
  const both = precise && !blank(raw.expires);
  if (both && end.precision === 'year') return { ...raw, expiresOn: Number(raw.expires) === end.year ? null : text };
  return { ...raw, expires: both ? raw.expires : end.year, expiresOn: end.precision === 'year' ? null : text };
}

export const certifications = defineList({
  key: 'certifications',
  path: 'certifications',
  table: 'profile_certifications',
  noun: 'Certification',
  fields: {
    name: requiredText('Certification name', CERTIFICATION_MESSAGES.nameRequired).meta({ input: 'catalogue' }),
    issuer: requiredText('Issuer', CERTIFICATION_MESSAGES.issuerRequired),
    year: requiredNumber('Year', CERTIFICATION_MESSAGES.yearRequired, CERTIFICATION_MESSAGES.yearNumeric, 1900, 2200),
    expires: optionalNumber('Expiry', CERTIFICATION_MESSAGES.expiresNumeric, 1900, 2200)
      .typeError(CERTIFICATION_MESSAGES.expiresFormat)
      .meta({ label: 'Expiry', input: 'text', help: EXPIRY_HELP, primary: true }),
    expiresOn,
    // The number its issuer gives it: builds the "check at source" link (docs/decisions/import-and-json-resume.md).
    credentialId: optionalText('Certificate or registry number', 100).meta({
      label: 'Certificate or registry number',
      input: 'text',
      help: 'An NREMT registry number, a Pro Board certificate number or an AHA eCard code',
    }),
    icon: iconChoice('Icon', CERTIFICATION_ICONS),
  },
  catalogue: { issuer: 'issuer', issued: 'year', expires: 'expires', expiryForm: 'year' },
  derived: { expires: ['expiresOn'] },
  prepare: oneExpiry,
  // The one input shows the most precise expiry stored.
  formValues: (item) => ({ expires: item.expiresOn ?? item.expires ?? '' }),
  computed: (item, now) => ({ status: certificationStatus(item.expires, now, item.expiresOn) }) as object,
  order: (items, { now }) => sortCertifications(items, now),
});
export type CertificationItemJson = ItemOf<typeof certifications.fields> & { status: string };
