/**
 * The career page's facts at a glance (docs/decisions/headshot-and-banner.md "Career header"), worked out from the
 * lists the viewer may see — pure, with the year passed in (a kept part has no clock):
 * - years of service: from the first "hired" or "joined" event of the timeline (else its earliest dated event) to
 *   its last "retired" event, or to this year;
 * - the current station: a fire station with no end year (or one that says present), the latest started;
 * - the current unit: a special unit whose years run to the present;
 * - the top certifications: three on the main profile, those in force first, then the list's own order;
 * - the endorsers: each colleague whose approved endorsement shows, once, most endorsements first.
 */
import { timelineTime } from './lists/rules';
import type { SkillEndorsementJson, EndorserJson } from './endorsements';

const START_TYPES = new Set(['hired', 'joined']);
const PRESENT = /\b(present|current|now)\b/i;

/** A list item as the page gets it: its fields by name. */
type Item = Readonly<Record<string, unknown>>;

const yearOf = (item: Item): number | null => {
  const time = timelineTime(typeof item.date === 'string' ? item.date : null) ?? timelineTime(String(item.year ?? ''));
  return time === null ? null : new Date(time).getUTCFullYear();
};

/** Whole years of service, or null when the timeline dates nothing. */
export function yearsOfService(timeline: readonly Item[], thisYear: number): number | null {
  const dated = timeline.map((item) => ({ type: item.type, year: yearOf(item) })).filter((e) => e.year !== null);
  const starts = dated.filter((e) => START_TYPES.has(String(e.type)));
  const from = Math.min(...(starts.length ? starts : dated).map((e) => e.year!));
  if (!Number.isFinite(from)) return null;
  const retired = dated.filter((e) => e.type === 'retired' && e.year! >= from).map((e) => e.year!);
  const to = retired.length ? Math.max(...retired) : thisYear;
  return Math.max(0, to - from);
}

export function serviceLine(years: number | null): string | null {
  if (years === null) return null;
  if (years === 0) return 'First year of service';
  return `${years} year${years === 1 ? '' : 's'} of service`;
}

/** The station they serve at now, as one line ("Station 7 · Engineer"), or null. */
export function currentStation(stations: readonly Item[]): string | null {
  const open = stations.filter((s) => !s.endYear || PRESENT.test(String(s.endYear)));
  const latest = [...open].sort((a, b) => Number(b.startYear ?? 0) - Number(a.startYear ?? 0))[0];
  if (!latest) return null;
  const name = String(latest.stationName ?? '');
  // "Station 7" already says its number.
  const number =
    latest.stationNumber && !name.includes(String(latest.stationNumber)) ? `#${String(latest.stationNumber)}` : null;
  return [name, number, latest.position ? String(latest.position) : null].filter(Boolean).join(' · ');
}

/** The special unit they serve in now, or null. */
export function currentUnit(units: readonly Item[]): string | null {
  const unit = units.find((u) => PRESENT.test(String(u.years ?? '')));
  return unit ? String(unit.name) : null;
}

export const HIGHLIGHTED_CERTIFICATIONS = 3;

/** Which certifications lead: those in force, then expiring ones, then lapsed ones (the list's order within). */
const STANDING: Record<string, number> = { current: 0, permanent: 0, expiring: 1, expired: 2 };

/** The first certifications on the main profile, those in force first. */
export const topCertifications = <T extends { showOnMainProfile?: boolean; status?: unknown }>(
  items: readonly T[],
): T[] =>
  items
    .filter((item) => item.showOnMainProfile !== false)
    .map((item, index) => ({ item, index, rank: STANDING[String(item.status)] ?? 1 }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, HIGHLIGHTED_CERTIFICATIONS)
    .map(({ item }) => item);

/** Shown endorsements: approved ones (the owner's page also carries pending and hidden ones, for the review). */
export const isShownEndorsement = (e: Pick<SkillEndorsementJson, 'status'>) =>
  e.status === null || e.status === 'approved';

/** Each endorser once (by their page, else their name), with how many shown endorsements they gave. */
export function endorsersOf(endorsements: readonly SkillEndorsementJson[]): Array<EndorserJson & { count: number }> {
  const byEndorser = new Map<string, EndorserJson & { count: number }>();
  for (const e of endorsements.filter(isShownEndorsement)) {
    const key = e.endorser.profileUrl ?? `name:${e.endorser.name}`;
    const seen = byEndorser.get(key);
    byEndorser.set(key, seen ? { ...seen, count: seen.count + 1 } : { ...e.endorser, count: 1 });
  }
  return [...byEndorser.values()].sort((a, b) => b.count - a.count);
}
