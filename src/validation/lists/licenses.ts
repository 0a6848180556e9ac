/**
 * Licenses (spec 02 §3, §5 "License add"; status, order and expiration visibility §§4, 6: an unset expiration
 * visibility shows the expiry to everyone). The expiry is `MM/YYYY`; docs/decisions/expiry-reminders.md: a full
 * date (`MM/DD/YYYY`) too, so a reminder can name the day. docs/decisions/one-expiry-input.md: the one expiry input
 * also takes a year (the stored legacy form) and `YYYY-MM-DD` (stored as `MM/DD/YYYY`); the status is never asked:
 * it is worked out from the expiry on every write (the spec's stored field, for API clients) and when presented.
 */
import { defineList, iconChoice, trimmedString, optionalChoice, requiredText, type ItemOf } from './define';
import { LICENSE_ICONS } from './icons';
import {
  DEFAULT_EXPIRATION_VISIBILITY,
  EXPIRY_HELP,
  LICENSE_STATUSES,
  licenseStatus,
  sortLicenses,
  storedExpiry,
  type LicenseStatus,
} from './rules';
import { mixed } from 'yup';
import { VISIBILITIES } from '../visibility';

export const LICENSE_MESSAGES = {
  nameRequired: 'License name is required',
  typeRequired: 'License type is required',
  issuedRequired: 'Issue date is required',
  expiresRequired: 'Expiration date is required',
  statusChoice: 'Status must be active, expiring or expired',
  expiresFormat: 'Please enter date in MM/YYYY format',
  expiresStoredFormat: "Expiration date must be in MM/YYYY format (e.g., '12/2025') or YYYY format for legacy data",
} as const;

const expires = (message: string) =>
  trimmedString(message)
    .transform((value: unknown) => (typeof value === 'string' ? (storedExpiry(value) ?? value) : value))
    .required(LICENSE_MESSAGES.expiresRequired)
    .test('format', message, (value) => value === undefined || storedExpiry(value) !== null)
    .meta({ label: 'Expiration date', input: 'text', help: EXPIRY_HELP });

/** The stored-data rule for an expiry (legacy `YYYY` allowed). */
export const licenseStoredExpiresSchema = expires(LICENSE_MESSAGES.expiresStoredFormat);

/** Accepted from API clients that still send it, never asked: every write stores the status the expiry gives. */
const status = mixed<LicenseStatus>()
  .transform((value: unknown) => (value === '' ? null : value))
  .oneOf([...LICENSE_STATUSES, null] as LicenseStatus[], LICENSE_MESSAGES.statusChoice)
  .nullable();

export const licenses = defineList({
  key: 'licenses',
  path: 'licenses',
  table: 'profile_licenses',
  noun: 'License',
  fields: {
    name: requiredText('License name', LICENSE_MESSAGES.nameRequired).meta({ input: 'catalogue' }),
    type: requiredText('License type', LICENSE_MESSAGES.typeRequired),
    issued: requiredText('Issue date', LICENSE_MESSAGES.issuedRequired, 50),
    expires: expires(LICENSE_MESSAGES.expiresFormat),
    status,
    icon: iconChoice('Icon', LICENSE_ICONS),
    expirationVisibility: optionalChoice('Expiration visibility', VISIBILITIES),
  },
  // The catalogue's issuing body goes in the license's type (a license has no issuer field).
  catalogue: { issuer: 'type', issued: 'issued', expires: 'expires', expiryForm: 'date' },
  storedFields: { expires: licenseStoredExpiresSchema },
  derive: (fields, now, stored) => ({
    status: licenseStatus(String(fields.expires ?? stored?.expires ?? ''), now, 'active'),
  }),
  // The status is hidden with the expiry it would hint at; unset shows both (spec 02 §6).
  fieldVisibility: {
    fields: ['expires', 'status'],
    by: 'expirationVisibility',
    default: DEFAULT_EXPIRATION_VISIBILITY,
  },
  computed: (item, now) => ({ status: licenseStatus(item.expires, now, item.status ?? 'active') }),
  order: (items, { now }) => sortLicenses(items, now),
});
/** A presented license: its status is always there (worked out from the expiry). */
export type LicenseItemJson = Omit<ItemOf<typeof licenses.fields>, 'status'> & { status: LicenseStatus };
