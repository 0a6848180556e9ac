/**
 * The tracker page as its owner (or an admin) sees it (docs/decisions/hiring-tracker.md): each entry's window
 * (the department's stated end, else the usual one) with its state on the clock's day, and the lateral view of the
 * timeline's verified memberships. Only called for a viewer the tracker service let through.
 */
import type { TrackerRead } from '../services/tracker';
import { lateralView, serviceEntries } from '../validation/lateral';
import { HIRING_VALIDITY, hiringWindowEnd, type HiringTest } from '../validation/lists/hiringTracker';
import { daysRemaining, isoDay, validityWords } from '../validation/lists/rules';
import {
  TRACKER_EXPIRING_DAYS,
  type TrackerEntryJson,
  type TrackerJson,
  type WindowState,
} from '../validation/tracker';

type Row = {
  id: number;
  test?: unknown;
  department?: unknown;
  takenOn?: unknown;
  validUntil?: unknown;
  rank?: unknown;
};

function presentEntry(row: Row, now: Date): TrackerEntryJson {
  const end = hiringWindowEnd(row);
  const daysLeft = end ? daysRemaining(end, now) : null;
  const usual = HIRING_VALIDITY[row.test as HiringTest];
  const state: WindowState =
    daysLeft === null ? 'open' : daysLeft < 0 ? 'expired' : daysLeft <= TRACKER_EXPIRING_DAYS ? 'expiring' : 'current';
  return {
    id: row.id,
    test: String(row.test),
    department: (row.department as string | null) ?? null,
    takenOn: String(row.takenOn),
    validThrough: end ? isoDay(end) : null,
    validitySource: row.validUntil ? 'Stated by the department' : usual ? `Usual ${validityWords(usual)}` : null,
    daysLeft,
    state,
    rank: (row.rank as number | null) ?? null,
  };
}

/** The clock's calendar day, as the reminders count days. */
const todayOf = (now: Date) => isoDay({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });

export function presentTracker(read: TrackerRead, now: Date): TrackerJson {
  const { profile } = read;
  const entries = (read.entries as unknown as Row[])
    .map((row) => presentEntry(row, now))
    .sort(
      (a, b) =>
        (a.validThrough ?? '9999').localeCompare(b.validThrough ?? '9999') || b.takenOn.localeCompare(a.takenOn),
    );
  const timeline = read.timeline as unknown as Array<{
    department?: string | null;
    date?: string | null;
    year?: string | null;
  }>;
  return {
    profileId: profile.id,
    name: profile.name,
    entries,
    lateral: lateralView(serviceEntries(timeline, profile.verifiedMemberships ?? []), todayOf(now)),
    editHref: `/profiles/${profile.id}?edit=1&widget=hiring-tracker#section-hiringTracker`,
  };
}
