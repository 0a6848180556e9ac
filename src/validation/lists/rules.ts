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
/** A full date, `MM/DD/YYYY` (docs/decisions/expiry-reminders.md: precise enough to remind); the day must exist in that month. */
export const MONTH_DAY_YEAR = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/(\d{4})$/;
/** Legacy licenses store only the year. */
export const LEGACY_YEAR = /^(\d{4})$/;

/** How precise an expiry is: a year (the spec's certifications), a month (MM/YYYY) or a day (MM/DD/YYYY). */
export type ExpiryPrecision = 'year' | 'month' | 'day';

/** The last day an item is valid (a month or a year expires at its end), as calendar numbers. */
export interface ExpiryEnd {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  precision: ExpiryPrecision;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Reads an expiry: a year (number or `YYYY`), `MM/YYYY` or `MM/DD/YYYY`; a day that does not exist in its
 * month (02/30/2027) or anything else is unreadable (null).
 */
export function expiryEnd(expires: string | number | null | undefined): ExpiryEnd | null {
  if (typeof expires === 'number') {
    return Number.isInteger(expires) ? { year: expires, month: 12, day: 31, precision: 'year' } : null;
  }
  const text = (expires ?? '').trim();
  const full = MONTH_DAY_YEAR.exec(text);
  if (full) {
    const [year, month, day] = [Number(full[3]), Number(full[1]), Number(full[2])];
    return day <= daysInMonth(year, month) ? { year, month, day, precision: 'day' } : null;
  }
  const monthYear = MONTH_YEAR.exec(text);
  if (monthYear) {
    const [year, month] = [Number(monthYear[2]), Number(monthYear[1])];
    return { year, month, day: daysInMonth(year, month), precision: 'month' };
  }
  const legacy = LEGACY_YEAR.exec(text);
  return legacy ? { year: Number(legacy[1]), month: 12, day: 31, precision: 'year' } : null;
}

/** The one expiry input's help line (docs/decisions/one-expiry-input.md). */
export const EXPIRY_HELP = 'A year (2028), a month (03/2028) or a date (2028-03-15 or 03/15/2028)';

/** A full date as a date input or a calendar writes it: `YYYY-MM-DD`. */
const ISO_DATE = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * What an owner types as an expiry (docs/decisions/one-expiry-input.md) — a year (`2028`), a month (`03/2028`) or
 * a full date (`2028-03-15` or `03/15/2028`) — in its stored form (`YYYY`, `MM/YYYY`, `MM/DD/YYYY`); null when
 * it is none of these or names a day its month does not have.
 */
export function storedExpiry(value: unknown): string | null {
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= 1000 && value <= 9999 ? String(value) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const iso = ISO_DATE.exec(text);
  const stored = iso ? `${iso[2]}/${iso[3]}/${iso[1]}` : text;
  return expiryEnd(stored) ? stored : null;
}

/** True for `MM/YYYY` and for a `MM/DD/YYYY` that exists. */
export const isPreciseExpiry = (value: string) => {
  const end = expiryEnd(value);
  return end !== null && end.precision !== 'year';
};

/** `YYYY-MM-DD` of an expiry's last valid day. */
export const isoDay = (end: Pick<ExpiryEnd, 'year' | 'month' | 'day'>) =>
  `${String(end.year).padStart(4, '0')}-${String(end.month).padStart(2, '0')}-${String(end.day).padStart(2, '0')}`;

const dayNumber = (year: number, month: number, day: number) => Math.round(Date.UTC(year, month - 1, day) / 86_400_000);

/** Days from today (the clock's local calendar day) to the expiry's last valid day: 0 on it, −1 the day after. */
export function daysRemaining(end: ExpiryEnd, now: Date): number {
  return dayNumber(end.year, end.month, end.day) - dayNumber(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** The expiry as a month count (year × 12 + month − 1); a legacy `YYYY` expires in its December. */
export function expiryMonth(expires: string | null | undefined): number | null {
  const end = expiryEnd(expires);
  return end === null ? null : end.year * 12 + end.month - 1;
}

const monthOf = (now: Date) => now.getFullYear() * 12 + now.getMonth();

/** Months from the current month to the expiry month (0: expires this month; negative: expired); null when unreadable. */
export function monthsRemaining(expires: string | null | undefined, now: Date): number | null {
  const month = expiryMonth(expires);
  return month === null ? null : month - monthOf(now);
}

/**
 * Status from the most precise expiry: a month (or a legacy year, as its December) by the spec's month rule —
 * expired before the current month, expiring from this month up to and including three months ahead; a full
 * date by the day — expired after it, expiring when it is at most three calendar months from today.
 */
function preciseStatus(end: ExpiryEnd, now: Date): 'expired' | 'expiring' | 'active' {
  if (end.precision === 'day') {
    if (daysRemaining(end, now) < 0) return 'expired';
    const limit = new Date(now.getFullYear(), now.getMonth() + 3, 1);
    const lastDay = Math.min(now.getDate(), daysInMonth(limit.getFullYear(), limit.getMonth() + 1));
    const horizon = { year: limit.getFullYear(), month: limit.getMonth() + 1, day: lastDay, precision: 'day' as const };
    return daysRemaining(end, now) <= daysRemaining(horizon, now) ? 'expiring' : 'active';
  }
  const left = end.year * 12 + end.month - 1 - monthOf(now);
  if (left < 0) return 'expired';
  if (left <= 3) return 'expiring';
  return 'active';
}

/**
 * License status from its expiry (`MM/YYYY` by the spec's month rule, `MM/DD/YYYY` by the day, legacy `YYYY` as
 * its December). Unreadable → the stored status.
 */
export function licenseStatus(
  expires: string | null | undefined,
  now: Date,
  stored: LicenseStatus = 'active',
): LicenseStatus {
  const end = expiryEnd(expires);
  return end === null ? stored : preciseStatus(end, now);
}

/**
 * Certification status: permanent without an expiry. The most precise value decides: a month or a date
 * (`expiresOn`) by the license rules (expired after it, expiring within three months); a year alone by the
 * spec's rule (expired before this year; expiring in it).
 */
export function certificationStatus(
  expires: number | null | undefined,
  now: Date,
  expiresOn?: string | null,
): CertificationStatus {
  const precise = expiresOn ? expiryEnd(expiresOn) : null;
  if (precise) {
    const status = preciseStatus(precise, now);
    return status === 'active' ? 'current' : status;
  }
  if (expires === null || expires === undefined) return 'permanent';
  const year = now.getFullYear();
  if (expires < year) return 'expired';
  if (expires === year) return 'expiring';
  return 'current';
}

/** A certification's most precise expiry: its month or date when given, else its year. */
export const certificationExpiry = (item: { expires?: number | null; expiresOn?: string | null }) =>
  (item.expiresOn ? expiryEnd(item.expiresOn) : null) ?? expiryEnd(item.expires ?? null);

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

/** Time left in days to the most precise expiry's last day (a month or year counts to its end). */
const daysLeft = (end: ExpiryEnd | null, now: Date) => (end === null ? null : daysRemaining(end, now));

export function sortLicenses<T extends { expires?: string | null; status?: LicenseStatus | null }>(
  items: T[],
  now: Date,
): T[] {
  return byStatus(
    items,
    (item) => licenseStatus(item.expires, now, item.status ?? 'active'),
    (item) => daysLeft(expiryEnd(item.expires), now),
  );
}

export function sortCertifications<T extends { expires?: number | null; expiresOn?: string | null }>(
  items: T[],
  now: Date,
): T[] {
  return byStatus(
    items,
    (item) => certificationStatus(item.expires, now, item.expiresOn),
    (item) => daysLeft(certificationExpiry(item), now),
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

/**
 * The ISO Fire Suppression Rating Schedule's training categories and each one's yearly hours per member
 * (docs/decisions/training-hours.md).
 */
export const TRAINING_CATEGORIES = [
  'company',
  'facility',
  'officer',
  'driver_operator',
  'hazmat',
  'new_driver',
  'recruit',
] as const;
export type TrainingCategory = (typeof TRAINING_CATEGORIES)[number];
export const TRAINING_CATEGORY_LABELS: Record<TrainingCategory, string> = {
  company: 'Company',
  facility: 'Facility',
  officer: 'Officer',
  driver_operator: 'Driver/operator',
  hazmat: 'Hazmat',
  new_driver: 'New driver',
  recruit: 'Recruit',
};
export const TRAINING_TARGETS: Record<TrainingCategory, number> = {
  company: 192,
  facility: 18,
  officer: 12,
  driver_operator: 12,
  hazmat: 6,
  new_driver: 60,
  recruit: 240,
};

/** A date as `YYYY-MM-DD`, a day its month has (training entries, readiness dates, the hiring tracker). */
export function isIsoDay(value: string): boolean {
  return isoDayEnd(value) !== null;
}
/** A training entry's date: `YYYY-MM-DD`, a day its month has. */
export const isTrainingDate = isIsoDay;

/** A `YYYY-MM-DD` day as an expiry's last valid day, or null when it is no real day. */
export function isoDayEnd(value: unknown): ExpiryEnd | null {
  const match = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return day <= daysInMonth(year, month) ? { year, month, day, precision: 'day' } : null;
}

/** How long something stays valid from the day it was done: whole months (the same day, or the month's last) or days. */
export type Validity = { months: number } | { days: number };

/**
 * The last valid day of a window opened on `from` (`YYYY-MM-DD`): the same day `months` later (the month's last
 * day when it has fewer), or `days` later. Null when `from` is no real day.
 */
export function windowEnd(from: unknown, validity: Validity): ExpiryEnd | null {
  const start = isoDayEnd(from);
  if (!start) return null;
  if ('days' in validity) {
    const at = new Date(Date.UTC(start.year, start.month - 1, start.day + validity.days));
    return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate(), precision: 'day' };
  }
  const index = start.year * 12 + start.month - 1 + validity.months;
  const [year, month] = [Math.floor(index / 12), (index % 12) + 1];
  return { year, month, day: Math.min(start.day, daysInMonth(year, month)), precision: 'day' };
}

/** A validity in words: "12 months", "180 days". */
export const validityWords = (validity: Validity) =>
  'days' in validity ? `${validity.days} days` : `${validity.months} months`;

export interface TrainingTotal {
  category: TrainingCategory;
  hours: number;
  target: number;
  met: boolean;
}

/**
 * This year's training hours by category against the schedule's figures, every category in order (none logged:
 * 0). The year is the clock's (UTC); entries of other years, unknown categories and unreadable hours count nothing.
 */
export function trainingYearTotals(
  entries: ReadonlyArray<{ date?: unknown; category?: unknown; hours?: unknown }>,
  now: Date,
): TrainingTotal[] {
  const year = String(now.getUTCFullYear());
  const sums = new Map<string, number>();
  for (const { date, category, hours } of entries) {
    const value = Number(hours);
    if (typeof date !== 'string' || date.slice(0, 4) !== year || !Number.isFinite(value) || value <= 0) continue;
    sums.set(String(category), (sums.get(String(category)) ?? 0) + value);
  }
  return TRAINING_CATEGORIES.map((category) => {
    const hours = Math.round((sums.get(category) ?? 0) * 100) / 100;
    const target = TRAINING_TARGETS[category];
    return { category, hours, target, met: hours >= target };
  });
}
