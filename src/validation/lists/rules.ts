/**
 * The computed rules of spec 02 §4, as pure functions. The clock is a parameter (`now`), so the boundaries
 * (this month, exactly three months ahead, this year) are testable and the server and islands agree.
 */
import type { Visibility } from '../visibility';

export const LICENSE_STATUSES = ['active', 'expiring', 'expired'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];
export type CertificationStatus = 'permanent' | 'expired' | 'expiring' | 'current';

/** `MM/YYYY` with months 01–12 (spec 02 §5). */
export const MONTH_YEAR = /^(0[1-9]|1[0-2])\/(\d{4})$/;
/** Legacy licenses store only the year. */
export const LEGACY_YEAR = /^(\d{4})$/;

/** The expiry as a month count (year × 12 + month − 1); a legacy `YYYY` expires in its December. */
export function expiryMonth(expires: string | null | undefined): number | null {
  const text = (expires ?? '').trim();
  const monthYear = MONTH_YEAR.exec(text);
  if (monthYear) return Number(monthYear[2]) * 12 + Number(monthYear[1]) - 1;
  const legacy = LEGACY_YEAR.exec(text);
  if (legacy) return Number(legacy[1]) * 12 + 11;
  return null;
}

const monthOf = (now: Date) => now.getFullYear() * 12 + now.getMonth();

/** Months from the current month to the expiry month (0: expires this month; negative: expired); null when unreadable. */
export function monthsRemaining(expires: string | null | undefined, now: Date): number | null {
  const month = expiryMonth(expires);
  return month === null ? null : month - monthOf(now);
}

/**
 * License status from the expiry month: expired if before the current month, expiring if within 3 months
 * (this month up to and including three months ahead), otherwise active. Unreadable → the stored status.
 */
export function licenseStatus(
  expires: string | null | undefined,
  now: Date,
  stored: LicenseStatus = 'active',
): LicenseStatus {
  const left = monthsRemaining(expires, now);
  if (left === null) return stored;
  if (left < 0) return 'expired';
  if (left <= 3) return 'expiring';
  return 'active';
}

/** Certification status from the expiry year: permanent without one; expired before this year; expiring in it. */
export function certificationStatus(expires: number | null | undefined, now: Date): CertificationStatus {
  if (expires === null || expires === undefined) return 'permanent';
  const year = now.getFullYear();
  if (expires < year) return 'expired';
  if (expires === year) return 'expiring';
  return 'current';
}

const RANK: Record<LicenseStatus | CertificationStatus, number> = {
  expired: 0,
  expiring: 1,
  current: 2,
  active: 2,
  permanent: 3,
};

/**
 * Expired first, then expiring, then current or active, then permanent. Within active (current): most time
 * remaining first; within expired and expiring: fewest first. Ties keep their stored order.
 */
export function byStatus<T>(
  items: T[],
  status: (item: T) => LicenseStatus | CertificationStatus,
  left: (item: T) => number | null,
): T[] {
  return items
    .map((item, index) => ({ item, index, status: status(item), left: left(item) ?? 0 }))
    .sort((a, b) => {
      if (RANK[a.status] !== RANK[b.status]) return RANK[a.status] - RANK[b.status];
      if (a.status === 'active' || a.status === 'current') return b.left - a.left || a.index - b.index;
      return a.left - b.left || a.index - b.index;
    })
    .map(({ item }) => item);
}

export function sortLicenses<T extends { expires?: string | null; status?: LicenseStatus | null }>(
  items: T[],
  now: Date,
): T[] {
  return byStatus(
    items,
    (item) => licenseStatus(item.expires, now, item.status ?? 'active'),
    (item) => monthsRemaining(item.expires, now),
  );
}

export function sortCertifications<T extends { expires?: number | null }>(items: T[], now: Date): T[] {
  return byStatus(
    items,
    (item) => certificationStatus(item.expires, now),
    (item) => (item.expires == null ? null : item.expires - now.getFullYear()),
  );
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const YEAR_RANGE = /\b(\d{4})\s*[-–—]\s*(\d{4}|present|current|now)\b/i;
const FULL_DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const MONTH_NAME_YEAR = /\b([a-z]{3,9})\.?\s+(?:\d{1,2},?\s+)?(\d{4})\b/i;
const FOUR_DIGITS = /\b(\d{4})\b/;

/**
 * A timeline time (ms since the epoch, UTC) from a date or year string: an ISO date; a year range uses its
 * start year ("2015-2019"); a month name plus year ("March 2018"); a four-digit year. Unreadable → null.
 */
export function timelineTime(text: string | null | undefined): number | null {
  const value = (text ?? '').trim();
  if (!value) return null;
  const full = FULL_DATE.exec(value);
  if (full) return Date.UTC(Number(full[1]), Number(full[2]) - 1, Number(full[3]));
  const range = YEAR_RANGE.exec(value);
  if (range) return Date.UTC(Number(range[1]), 0, 1);
  const named = MONTH_NAME_YEAR.exec(value);
  const month = named ? MONTHS.indexOf(named[1]!.slice(0, 3).toLowerCase()) : -1;
  if (named && month >= 0) return Date.UTC(Number(named[2]), month, 1);
  const year = FOUR_DIGITS.exec(value);
  return year ? Date.UTC(Number(year[1]), 0, 1) : null;
}

/** Newest First / Oldest First by the event's date, else its year; undated events last, in stored order. */
export function sortTimeline<T extends { date?: string | null; year?: string | null }>(
  items: T[],
  sort: 'newest' | 'oldest',
): T[] {
  return items
    .map((item, index) => ({ item, index, time: timelineTime(item.date) ?? timelineTime(item.year) }))
    .sort((a, b) => {
      if (a.time === null || b.time === null)
        return (a.time === null ? 1 : 0) - (b.time === null ? 1 : 0) || a.index - b.index;
      return (sort === 'newest' ? b.time - a.time : a.time - b.time) || a.index - b.index;
    })
    .map(({ item }) => item);
}

/**
 * A license's expiration visibility when unset: shown to everyone (spec 02 §6, "shown when unset, authenticated
 * or public; hidden when private"). §3's "default authenticated" is what the editor offers first, not what an
 * unset value means.
 */
export const DEFAULT_EXPIRATION_VISIBILITY: Visibility = 'public';

/**
 * Whether a viewer who may see `visible` sees a license's expiration: unset counts as public, so a visitor
 * sees unset and public ones, members authenticated ones too, the owner and admins all (private too).
 */
export function expirationShown(
  expirationVisibility: Visibility | null | undefined,
  visible: readonly Visibility[],
): boolean {
  return visible.includes(expirationVisibility ?? DEFAULT_EXPIRATION_VISIBILITY);
}
