/**
 * Licenses (spec 02 §3, §5 "License add"; status, order and expiration visibility §§4, 6: an unset expiration
 * visibility shows the expiry to everyone). A new or edited license's expiry is `MM/YYYY`; stored data may
 * still hold a legacy `YYYY`, which an update keeps accepting. docs/decisions/expiry-reminders.md: a full date (`MM/DD/YYYY`) is accepted
 * too, so a reminder can name the day; status and order use it (rules.ts).
 */
import {
  defineList,
  iconChoice,
  trimmedString,
  optionalChoice,
  requiredChoice,
  requiredText,
  type ItemOf,
} from './define';
import { LICENSE_ICONS } from './icons';
import {
  DEFAULT_EXPIRATION_VISIBILITY,
  LEGACY_YEAR,
  LICENSE_STATUSES,
  isPreciseExpiry,
  licenseStatus,
  sortLicenses,
} from './rules';
import { VISIBILITIES } from '../visibility';

export const LICENSE_MESSAGES = {
  nameRequired: 'License name is required',
  typeRequired: 'License type is required',
  issuedRequired: 'Issue date is required',
  expiresRequired: 'Expiration date is required',
  statusRequired: 'Status is required',
  expiresFormat: 'Please enter date in MM/YYYY format',
  expiresStoredFormat: "Expiration date must be in MM/YYYY format (e.g., '12/2025') or YYYY format for legacy data",
} as const;

const expires = (message: string, pattern: (value: string) => boolean) =>
  trimmedString(message)
    .required(LICENSE_MESSAGES.expiresRequired)
    .test('format', message, (value) => value === undefined || pattern(value))
    .meta({ label: 'Expiration date (MM/YYYY or MM/DD/YYYY)', input: 'text' });

/** The stored-data rule for an expiry (legacy `YYYY` allowed). */
export const licenseStoredExpiresSchema = expires(
  LICENSE_MESSAGES.expiresStoredFormat,
  (value) => isPreciseExpiry(value) || LEGACY_YEAR.test(value),
);

export const licenses = defineList({
  key: 'licenses',
  path: 'licenses',
  table: 'profile_licenses',
  noun: 'License',
  fields: {
    name: requiredText('License name', LICENSE_MESSAGES.nameRequired).meta({ input: 'catalogue' }),
    type: requiredText('License type', LICENSE_MESSAGES.typeRequired),
    issued: requiredText('Issue date', LICENSE_MESSAGES.issuedRequired, 50),
    expires: expires(LICENSE_MESSAGES.expiresFormat, isPreciseExpiry),
    status: requiredChoice('Status', LICENSE_STATUSES, LICENSE_MESSAGES.statusRequired),
    icon: iconChoice('Icon', LICENSE_ICONS),
    expirationVisibility: optionalChoice('Expiration visibility', VISIBILITIES),
  },
  // The catalogue's issuing body goes in the license's type (a license has no issuer field).
  catalogue: { issuer: 'type', issued: 'issued', expires: 'expires', expiryForm: 'date' },
  storedFields: {
    expires: expires(
      LICENSE_MESSAGES.expiresStoredFormat,
      (value) => isPreciseExpiry(value) || LEGACY_YEAR.test(value),
    ),
  },
  // The status is hidden with the expiry it would hint at; unset shows both (spec 02 §6).
  fieldVisibility: {
    fields: ['expires', 'status'],
    by: 'expirationVisibility',
    default: DEFAULT_EXPIRATION_VISIBILITY,
  },
  computed: (item, now) => ({ status: licenseStatus(item.expires, now, item.status) }),
  order: (items, { now }) => sortLicenses(items, now),
});
export type LicenseItemJson = ItemOf<typeof licenses.fields>;
