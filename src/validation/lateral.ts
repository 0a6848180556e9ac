/**
 * The lateral view (docs/decisions/hiring-tracker.md "Lateral view"), pure: from the timeline's memberships that a
 * department verified, the spans of continuous service and the breaks between them, each with its length in days.
 * Days are calendar days (`YYYY-MM-DD`), both ends counted; an open-ended membership runs to `today`.
 */
import { verifiedFor, type VerifiedMembershipJson } from './verifiedBadge';

/** One membership: its department, first and last day (null: still serving), and whether the department verified it. */
export interface ServiceEntry {
  department: string;
  start: string;
  end: string | null;
  verified: boolean;
}

export interface ServiceSpan {
  start: string;
  /** The last day; null when it runs to today (a current job). */
  end: string | null;
  departments: string[];
  days: number;
}

export interface ServiceBreak {
  /** The first and last day without verified service. */
  from: string;
  to: string;
  days: number;
}

export interface LateralView {
  spans: ServiceSpan[];
  breaks: ServiceBreak[];
  /** Days of verified service in all (overlaps counted once). */
  totalDays: number;
}

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) =>
  Math.round(Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / DAY_MS);
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * Verified memberships merged into spans of continuous service (a span that starts the day after another ends, or
 * before it ends, continues it) and the breaks between spans. Unverified entries count nothing; an entry that
 * ends before it starts, or starts after today, is left out.
 */
export function lateralView(entries: readonly ServiceEntry[], today: string): LateralView {
  const now = dayNumber(today);
  const ranges = entries
    .filter((entry) => entry.verified)
    .map((entry) => ({
      department: entry.department,
      start: dayNumber(entry.start),
      end: entry.end === null ? now : Math.min(dayNumber(entry.end), now),
      open: entry.end === null || dayNumber(entry.end) >= now,
    }))
    .filter((range) => range.start <= range.end)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Array<{ start: number; end: number; open: boolean; departments: string[] }> = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end + 1) {
      // An open membership ends today, the latest any can: the span is open when one of its memberships is.
      last.open = last.open || range.open;
      last.end = Math.max(last.end, range.end);
      if (!last.departments.includes(range.department)) last.departments.push(range.department);
    } else merged.push({ start: range.start, end: range.end, open: range.open, departments: [range.department] });
  }
  const spans = merged.map((span) => ({
    start: isoOf(span.start),
    end: span.open ? null : isoOf(span.end),
    departments: span.departments,
    days: span.end - span.start + 1,
  }));
  const breaks = merged.slice(1).map((span, index) => {
    const before = merged[index]!;
    return { from: isoOf(before.end + 1), to: isoOf(span.start - 1), days: span.start - before.end - 1 };
  });
  return { spans, breaks, totalDays: spans.reduce((sum, span) => sum + span.days, 0) };
}

const TOKEN =
  /(\d{4})-(\d{2})-(\d{2})|(\d{1,2})\/(\d{1,2})\/(\d{4})|(\d{1,2})\/(\d{4})|(\d{4})|(present|current|now)/gi;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** A token's first and last day: a date itself, a month or a year whole; null for "present" and impossible dates. */
function tokenDays(match: RegExpExecArray): { first: string; last: string } | null {
  const [, y1, m1, d1, m2, d2, y2, m3, y3, y4] = match;
  const day = (year: number, month: number, d: number) =>
    month >= 1 && month <= 12 && d >= 1 && d <= daysIn(year, month) ? iso(year, month, d) : null;
  if (y1 || y2) {
    const at = y1 ? day(+y1, +m1!, +d1!) : day(+y2!, +m2!, +d2!);
    return at ? { first: at, last: at } : null;
  }
  if (y3) {
    const [year, month] = [+y3, +m3!];
    return month >= 1 && month <= 12
      ? { first: iso(year, month, 1), last: iso(year, month, daysIn(year, month)) }
      : null;
  }
  return y4 ? { first: iso(+y4, 1, 1), last: iso(+y4, 12, 31) } : null;
}

/**
 * A timeline entry's span from its text: "2015-03-01 – 2019-06-30", "03/2015 - 06/2019", "2017-present", "2015-2019"
 * or one date, month or year (that whole unit). The first token starts it, the second ends it ("present": open).
 */
export function servicePeriod(text: string | null | undefined): { start: string; end: string | null } | null {
  const tokens = [...(text ?? '').matchAll(TOKEN)].slice(0, 2);
  if (tokens.length === 0) return null;
  const first = tokenDays(tokens[0]!);
  if (!first) return null;
  if (tokens.length === 1) return { start: first.first, end: first.last };
  if (/^(present|current|now)$/i.test(tokens[1]![0])) return { start: first.first, end: null };
  const second = tokenDays(tokens[1]!);
  return second ? { start: first.first, end: second.last } : null;
}

/**
 * The timeline's memberships: entries naming a department, with a readable span (the date text first, else the
 * year), verified when the department verified the owner's membership (the badge's rule: `verifiedFor`).
 */
export function serviceEntries(
  timeline: ReadonlyArray<{ department?: string | null; date?: string | null; year?: string | null }>,
  verified: readonly VerifiedMembershipJson[],
): ServiceEntry[] {
  return timeline.flatMap((item) => {
    const department = item.department?.trim();
    const period = servicePeriod(item.date) ?? servicePeriod(item.year);
    if (!department || !period) return [];
    return [{ department, ...period, verified: verifiedFor(verified, department) !== undefined }];
  });
}
