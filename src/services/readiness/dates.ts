/**
 * A department's view of its members' readiness dates (docs/decisions/readiness-dates.md): only of members who
 * share "readiness dates" with it and are verified in it, or the member's own (their preview). They are read with
 * the training hours, through `sharedWith` (src/services/readiness/roster.ts `sharedRecords`); here they are
 * presented.
 */
import { readinessDateEnd, readinessDateTitle } from '../../validation/lists/readinessDates';
import { daysRemaining, isoDay } from '../../validation/lists/rules';
import type { SharedReadinessDateJson } from '../../validation/readiness';
import { windowOf, type Matrix, type SharedMember } from './matrix';

/** A readiness date as the roster reads it (src/services/readiness/roster.ts `sharedRecords`). */
export interface ReadinessDateRow {
  userId: number;
  kind: string;
  name: string | null;
  date: string;
  validUntil: string | null;
}

/** One member's dates as the department sees them, with each one's state by the member's reminder window. */
function present(rows: readonly ReadinessDateRow[], member: Pick<SharedMember, 'reminderDays'>, now: Date) {
  const window = windowOf(member);
  return rows
    .map((row): SharedReadinessDateJson => {
      const end = readinessDateEnd(row);
      const left = end ? daysRemaining(end, now) : null;
      const state = left === null ? 'current' : left < 0 ? 'expired' : left <= window ? 'expiring' : 'current';
      return { title: readinessDateTitle(row), date: row.date, validThrough: end ? isoDay(end) : null, state };
    })
    .sort((a, b) => (a.validThrough ?? '9999').localeCompare(b.validThrough ?? '9999'));
}

/** The matrix's rows with their readiness dates where the member shares them (else null). */
export function withReadinessDates(
  matrix: Matrix,
  dates: Map<number, ReadinessDateRow[]>,
  members: readonly SharedMember[],
  now: Date,
): Matrix {
  const reminderDays = new Map(members.map((member) => [member.userId, member.reminderDays]));
  return {
    ...matrix,
    members: matrix.members.map((member) => ({
      ...member,
      readinessDates: member.kinds.includes('readinessDates')
        ? present(dates.get(member.userId) ?? [], { reminderDays: reminderDays.get(member.userId) ?? [] }, now)
        : null,
    })),
  };
}
