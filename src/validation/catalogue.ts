/**
 * The credential catalogue (docs/decisions/credential-catalogue.md): the JSON an entry is answered as, the search query, and how the
 * certification and license editors fill an item from a chosen entry — the issuer, and an expiry suggested from
 * the issue date and the entry's usual validity (a suggestion: the owner can change it). Shared by the server and
 * the islands (yup and the list rules only).
 */
import { mixed, object, string } from 'yup';
import { onStrings } from './common';
import { MONTH_DAY_YEAR, MONTH_YEAR, daysRemaining, expiryEnd } from './lists/rules';

export const CREDENTIAL_KINDS = ['certification', 'license'] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

export interface CatalogueEntryJson {
  id: number;
  name: string;
  issuer: string;
  /** How long the credential usually stays valid; null: it does not expire. */
  validityMonths: number | null;
  kind: CredentialKind;
}

export const CATALOGUE_URL = '/api/credentials/catalogue';
export const CATALOGUE_MIN_CHARS = 2;
export const CATALOGUE_MAX_RESULTS = 10;
/** Longer queries are cut to this length (nobody types more; it bounds the match). */
export const CATALOGUE_QUERY_MAX = 100;

export const CATALOGUE_MESSAGES = {
  query: 'q must be text',
  kind: 'kind must be certification or license',
  noResults: 'No catalogue match — keep typing to enter your own',
  usualValidity: (months: number | null) =>
    months === null
      ? 'Usually does not expire'
      : `Usually valid ${months} months — expiry suggested from the issue date`,
} as const;

/** GET /api/credentials/catalogue?q=&kind= — shorter than 2 characters (after trimming) finds nothing. */
export const catalogueQuery = object({
  q: string()
    .typeError(CATALOGUE_MESSAGES.query)
    .transform(onStrings((text) => text.trim().slice(0, CATALOGUE_QUERY_MAX)))
    .default(''),
  kind: mixed<CredentialKind>()
    .oneOf([...CREDENTIAL_KINDS], CATALOGUE_MESSAGES.kind)
    .optional(),
});

/**
 * How a list's editor fills an item from a catalogue entry (a list definition's `catalogue`): which field takes
 * the issuer, which holds the issue date, which the expiry, and the expiry's form (`year`: a number, from the
 * issue year; `date`: `MM/YYYY` or `MM/DD/YYYY`, from an issue date of the same precision).
 */
export interface CatalogueFill {
  issuer: string;
  issued: string;
  expires: string;
  expiryForm: 'year' | 'date';
}

const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const ISO_DAY = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The issue date plus the usual validity, in the expiry's form; null when it cannot be worked out. */
export function suggestExpiry(
  validityMonths: number | null,
  issued: unknown,
  form: CatalogueFill['expiryForm'],
): string | number | null {
  if (validityMonths === null) return null;
  const text = typeof issued === 'number' ? String(issued) : typeof issued === 'string' ? issued.trim() : '';
  if (form === 'year') {
    return /^\d{4}$/.test(text) ? Number(text) + Math.ceil(validityMonths / 12) : null;
  }
  const iso = ISO_DAY.exec(text);
  const day = MONTH_DAY_YEAR.exec(text);
  const month = MONTH_YEAR.exec(text);
  const [y, m, d] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : day
      ? [Number(day[3]), Number(day[1]), Number(day[2])]
      : month
        ? [Number(month[2]), Number(month[1]), null]
        : [null, null, null];
  if (y === null || m === null) return null;
  const total = y * 12 + (m - 1) + validityMonths;
  const year = Math.floor(total / 12);
  const monthOut = (total % 12) + 1;
  if (d === null) return `${pad(monthOut)}/${year}`;
  return `${pad(monthOut)}/${pad(Math.min(d, daysIn(year, monthOut)))}/${year}`;
}

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';
const same = (a: unknown, b: unknown) => !blank(a) && !blank(b) && String(a) === String(b);

/**
 * The expiry to suggest for `entry` given the form's values, or undefined to leave the field as it is: only while
 * the field is empty, and never a date already past (docs/decisions/one-expiry-input.md: a renewed card is not
 * offered an expired date; what the owner typed, or a suggestion they kept, is never replaced).
 */
export function expirySuggestion(
  fill: CatalogueFill,
  entry: CatalogueEntryJson,
  values: Record<string, unknown>,
  now: Date = new Date(),
): string | number | undefined {
  if (!blank(values[fill.expires])) return undefined;
  const suggested = suggestExpiry(entry.validityMonths, values[fill.issued], fill.expiryForm);
  const end = suggested === null ? null : expiryEnd(suggested);
  return end && daysRemaining(end, now) >= 0 ? suggested! : undefined;
}

/**
 * The values a chosen entry sets: the name, the issuer (when the field is blank or still holds an earlier
 * entry's issuer) and the suggested expiry (expirySuggestion).
 */
export function catalogueValues(
  fill: CatalogueFill,
  entry: CatalogueEntryJson,
  values: Record<string, unknown>,
  earlier: { issuer: string | null } = { issuer: null },
  now: Date = new Date(),
): Record<string, unknown> {
  const next: Record<string, unknown> = { name: entry.name };
  const issuer = values[fill.issuer];
  if (blank(issuer) || same(issuer, earlier.issuer)) next[fill.issuer] = entry.issuer;
  const expires = expirySuggestion(fill, entry, values, now);
  if (expires !== undefined) next[fill.expires] = expires;
  return next;
}
