/**
 * Dates as résumés write them — a year, a month, a day — read from the shapes LinkedIn, JSON Resume and Turnout's
 * own fields use, and written back in each (docs/decisions/import-and-json-resume.md). Pure, no yup.
 */
export interface PartialDate {
  year: number;
  month?: number;
  day?: number;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_WORDS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const YEAR = '([12][0-9]{3})';
const MONTH = '(0[1-9]|1[0-2])';
const DAY = '(0[1-9]|[12][0-9]|3[01])';

const ISO = new RegExp(`^${YEAR}(?:-${MONTH}(?:-${DAY})?)?$`);
const US_DAY = new RegExp(`^${MONTH}/${DAY}/${YEAR}$`);
const US_MONTH = new RegExp(`^${MONTH}/${YEAR}$`);
/** "Mar 2015", "March 2015", "Mar 15, 2015" (LinkedIn's export). */
const NAMED = new RegExp(`^([A-Za-z]{3,9})\\.?\\s+(?:([0-9]{1,2}),?\\s+)?${YEAR}$`);
const ANY_YEAR = new RegExp(`(?:^|\\D)${YEAR}(?:\\D|$)`);

const numbers = (year: string, month?: string, day?: string): PartialDate => ({
  year: Number(year),
  ...(month ? { month: Number(month) } : {}),
  ...(day ? { day: Number(day) } : {}),
});

/** What a text says of a date, or null. Free text holding a year ("Spring 2014") gives the year. */
export function readPartialDate(value: unknown): PartialDate | null {
  if (typeof value === 'number' && Number.isInteger(value)) return readPartialDate(String(value));
  if (typeof value !== 'string') return null;
  const text = value.trim();
  let match = ISO.exec(text);
  if (match) return numbers(match[1]!, match[2], match[3]);
  match = US_DAY.exec(text);
  if (match) return numbers(match[3]!, match[1], match[2]);
  match = US_MONTH.exec(text);
  if (match) return numbers(match[2]!, match[1]);
  match = NAMED.exec(text);
  const month = match ? MONTHS.indexOf(match[1]!.slice(0, 3).toLowerCase()) + 1 : 0;
  if (match && month > 0) {
    const day = match[2] && Number(match[2]) >= 1 && Number(match[2]) <= 31 ? Number(match[2]) : undefined;
    return { year: Number(match[3]), month, ...(day ? { day } : {}) };
  }
  match = ANY_YEAR.exec(text);
  return match ? numbers(match[1]!) : null;
}

const two = (n: number) => String(n).padStart(2, '0');

/** JSON Resume's `iso8601`: YYYY-MM-DD, YYYY-MM or YYYY. */
export function isoPartialDate(date: PartialDate): string {
  if (!date.month) return String(date.year);
  return date.day ? `${date.year}-${two(date.month)}-${two(date.day)}` : `${date.year}-${two(date.month)}`;
}

/** A timeline event's date as the timeline sorts it: a full ISO date, "Mar 2015", or the year. */
export function timelinePartialDate(date: PartialDate): string {
  if (!date.month) return String(date.year);
  return date.day ? isoPartialDate(date) : `${MONTH_WORDS[date.month - 1]} ${date.year}`;
}

/** An expiry as the one expiry input takes it (docs/decisions/one-expiry-input.md): MM/DD/YYYY, MM/YYYY or a year. */
export function expiryPartialDate(date: PartialDate): string {
  if (!date.month) return String(date.year);
  return date.day ? `${two(date.month)}/${two(date.day)}/${date.year}` : `${two(date.month)}/${date.year}`;
}
