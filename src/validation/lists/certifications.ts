/**
 * Certifications (spec 02 §3, §5 "Certification add"; status and order §4). Year and expiry are numbers. docs/decisions/expiry-reminders.md
 * adds an optional precise expiry (`expiresOn`: `MM/YYYY` or `MM/DD/YYYY`) so reminders can be sent ahead of it:
 * it fills the expiry year when that is blank, must fall in it when both are given, and decides status and order.
 */
import {
  defineList,
  iconChoice,
  optionalNumber,
  requiredNumber,
  requiredText,
  trimmedString,
  type ItemOf,
} from './define';
import { CERTIFICATION_ICONS } from './icons';
import { certificationStatus, expiryEnd, isPreciseExpiry, sortCertifications } from './rules';

export const CERTIFICATION_MESSAGES = {
  nameRequired: 'Certification name is required',
  issuerRequired: 'Issuer is required',
  yearRequired: 'Year is required',
  yearNumeric: 'Year must be a number',
  expiresNumeric: 'Expiry must be a year',
  expiresOnFormat: 'Please enter the expiry date as MM/YYYY or MM/DD/YYYY',
  expiresOnYear: 'The expiry date must fall in the expiry year',
} as const;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && !value.trim());

const expiresOn = trimmedString(CERTIFICATION_MESSAGES.expiresOnFormat)
  .nullable()
  .transform((value: unknown) => (typeof value === 'string' && value === '' ? null : value))
  .test('format', CERTIFICATION_MESSAGES.expiresOnFormat, (value) => value == null || isPreciseExpiry(value))
  .test('year', CERTIFICATION_MESSAGES.expiresOnYear, function matchesYear(value) {
    const year: unknown = (this.parent as { expires?: unknown }).expires;
    const end = value ? expiryEnd(value) : null;
    return end === null || typeof year !== 'number' || end.year === year;
  })
  .meta({ label: 'Expiry date (MM/YYYY or MM/DD/YYYY)', input: 'text' });

export const certifications = defineList({
  key: 'certifications',
  path: 'certifications',
  table: 'profile_certifications',
  noun: 'Certification',
  fields: {
    name: requiredText('Certification name', CERTIFICATION_MESSAGES.nameRequired).meta({ input: 'catalogue' }),
    issuer: requiredText('Issuer', CERTIFICATION_MESSAGES.issuerRequired),
    year: requiredNumber('Year', CERTIFICATION_MESSAGES.yearRequired, CERTIFICATION_MESSAGES.yearNumeric, 1900, 2200),
    expires: optionalNumber('Expiry year', CERTIFICATION_MESSAGES.expiresNumeric, 1900, 2200),
    expiresOn,
    icon: iconChoice('Icon', CERTIFICATION_ICONS),
  },
  catalogue: { issuer: 'issuer', issued: 'year', expires: 'expires', expiryForm: 'year' },
  // A precise expiry with no year given sets the year, so the spec's own readers still see when it expires.
  prepare: (raw) => {
    const end = typeof raw.expiresOn === 'string' ? expiryEnd(raw.expiresOn) : null;
    return end && end.precision !== 'year' && blank(raw.expires) ? { ...raw, expires: end.year } : raw;
  },
  computed: (item, now) => ({ status: certificationStatus(item.expires, now, item.expiresOn) }) as object,
  order: (items, { now }) => sortCertifications(items, now),
});
export type CertificationItemJson = ItemOf<typeof certifications.fields> & { status: string };
