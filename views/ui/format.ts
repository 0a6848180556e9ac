/** Dates as the dashboard shows them (UTC, so server and browser render the same text). */

/**
 * The formatters, made once: `toLocaleDateString(locale, options)` builds a new Intl.DateTimeFormat on every call
 * (tens of times dearer than formatting with one made before; Account Settings' devices list spent ~7% of its
 * render there).
 * Same locale and options, so the same text; an invalid date reads "Invalid Date", as toLocale… gives it.
 */
/** A day: "Nov 27, 2026". */
export const DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
};
/** A day and time with its zone: "Nov 27, 2026, 03:04 PM UTC". */
export const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  ...DATE_OPTIONS,
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};
/**
 * Each made on its first use, not when the module loads: islands import this module for `initials` too, and the
 * browser's first Intl.DateTimeFormat loads its locale data — 38 ms of CPU (unthrottled, on the 2-core machine)
 * in the module's evaluation on the owner's edit page (bench/scripts.ts), which formats no date while it hydrates.
 */
let date: Intl.DateTimeFormat | undefined;
let dateTime: Intl.DateTimeFormat | undefined;

const formatted = (format: Intl.DateTimeFormat, isoDate: string) => {
  const parsed = new Date(isoDate);
  return Number.isNaN(parsed.getTime()) ? 'Invalid Date' : format.format(parsed);
};

export const formatDate = (isoDate: string | null) =>
  isoDate ? formatted((date ??= new Intl.DateTimeFormat('en-US', DATE_OPTIONS)), isoDate) : '—';

export const formatDateTime = (isoDate: string) =>
  formatted((dateTime ??= new Intl.DateTimeFormat('en-US', DATE_TIME_OPTIONS)), isoDate);

/** "Morgan Reyes" → "MR": the first and last name's first letters, for an avatar without a photo. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase();
}
