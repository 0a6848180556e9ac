/**
 * The readiness matrix (docs/decisions/department-readiness.md), pure: shared items and positions in, members ×
 * credentials out. A cell is the member's item of that name (case-insensitive; the latest expiry when there are
 * several): expired after its last valid day, expiring within the member's reminder window (their largest
 * reminder day), current otherwise or when it never expires; missing when nothing shared has that name. The roster
 * page, its CSV, the digest, the JSON API and the member's own preview are all made here.
 */
import { daysRemaining, expiryEnd } from '../../validation/lists/rules';
import type {
  AttestationJson,
  CellState,
  ReadinessKind,
  RosterCellJson,
  RosterMemberJson,
} from '../../validation/readiness';

/** The reminder window when a member keeps no reminder days (the reminders' own first default). */
export const DEFAULT_WINDOW_DAYS = 60;

export interface SharedMember {
  userId: number;
  name: string;
  profilePath: string | null;
  kinds: ReadinessKind[];
  reminderDays: number[];
}

export interface SharedItem {
  userId: number;
  list: 'certifications' | 'licenses';
  id: number;
  name: string;
  /** The most precise expiry as stored (`YYYY`, `MM/YYYY`, `MM/DD/YYYY`), or null: never expires. */
  expires: string | null;
  attested: AttestationJson | null;
}

export interface Position {
  id: number;
  name: string;
  credentials: string[];
}

const keyOf = (name: string) => name.trim().toLowerCase();

/** `localeCompare`'s order (the default locale), with the collator made once. */
const byName = new Intl.Collator().compare;

const RANK: Record<CellState, number> = { expired: 0, expiring: 1, missing: 2, current: 3 };

export function cellState(expires: string | null, windowDays: number, now: Date): Exclude<CellState, 'missing'> {
  const end = expires ? expiryEnd(expires) : null;
  if (!end) return 'current';
  const left = daysRemaining(end, now);
  if (left < 0) return 'expired';
  return left <= windowDays ? 'expiring' : 'current';
}

/** The member's reminder window: their largest reminder day. */
export const windowOf = (member: Pick<SharedMember, 'reminderDays'>) =>
  member.reminderDays.length ? Math.max(...member.reminderDays) : DEFAULT_WINDOW_DAYS;

const lastDay = (expires: string | null) => {
  const end = expires ? expiryEnd(expires) : null;
  return end ? end.year * 10_000 + end.month * 100 + end.day : Number.POSITIVE_INFINITY;
};

export interface Matrix {
  credentials: string[];
  members: RosterMemberJson[];
}

/**
 * Members × credentials: the columns are the positions' credentials and every shared item's name, by name; the
 * rows are sorted by the spec's expiry order (expired first, then expiring, then by name).
 */
export function buildMatrix(
  members: readonly SharedMember[],
  items: readonly SharedItem[],
  positions: readonly Position[],
  now: Date,
): Matrix {
  const names = new Map<string, string>();
  for (const position of positions) for (const name of position.credentials) names.set(keyOf(name), name);
  const byMember = new Map<number, Map<string, SharedItem>>();
  for (const item of items) {
    const key = keyOf(item.name);
    if (!names.has(key)) names.set(key, item.name.trim());
    let own = byMember.get(item.userId);
    if (!own) byMember.set(item.userId, (own = new Map()));
    const held = own.get(key);
    if (!held || lastDay(item.expires) > lastDay(held.expires)) own.set(key, item);
  }
  const credentials = [...names.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, name]) => name);
  const rows = members.map((member) => {
    const own = byMember.get(member.userId) ?? new Map<string, SharedItem>();
    const window = windowOf(member);
    const cells: Record<string, RosterCellJson> = {};
    for (const [key, name] of names) {
      const item = own.get(key);
      cells[name] = item
        ? {
            state: cellState(item.expires, window, now),
            expires: item.expires,
            list: item.list,
            itemId: item.id,
            attested: item.attested,
          }
        : { state: 'missing', expires: null, list: null, itemId: null, attested: null };
    }
    const lacks: Record<string, string[]> = {};
    const qualifiedFor: string[] = [];
    for (const position of positions) {
      const missing = position.credentials.filter((name) => {
        const state = cells[names.get(keyOf(name))!]!.state;
        return state === 'missing' || state === 'expired';
      });
      if (missing.length) lacks[position.name] = missing;
      else qualifiedFor.push(position.name);
    }
    return {
      userId: member.userId,
      name: member.name,
      profilePath: member.profilePath,
      kinds: member.kinds,
      cells,
      qualifiedFor,
      lacks,
    };
  });
  // Each row's worst state once, not in every comparison: the sort of 1,000 rows compares ~10,000 pairs.
  const worst = new Map(
    rows.map((row) => [row, Math.min(3, ...Object.values(row.cells).map((cell) => RANK[cell.state]))]),
  );
  rows.sort((a, b) => worst.get(a)! - worst.get(b)! || byName(a.name, b.name) || a.userId - b.userId);
  return { credentials, members: rows };
}

/** The roster's filters: rows with a cell in `state`; a position's credentials only. */
export function filterMatrix(matrix: Matrix, filter: { state: CellState | null; position: Position | null }): Matrix {
  const credentials = filter.position
    ? matrix.credentials.filter((name) => filter.position!.credentials.some((c) => keyOf(c) === keyOf(name)))
    : matrix.credentials;
  // Without a position, a state also finds the members whose shared readiness dates are in it (an expired fit test).
  const inState = (row: RosterMemberJson) =>
    credentials.some((name) => row.cells[name]?.state === filter.state) ||
    (!filter.position && (row.readinessDates ?? []).some((date) => date.state === filter.state));
  const members = filter.state ? matrix.members.filter(inState) : matrix.members;
  return { credentials, members };
}
