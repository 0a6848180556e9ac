/**
 * A department's view of its members' readiness dates (docs/decisions/readiness-dates.md): only of members who
 * share "readiness dates" with it and are verified in it (`sharedWith`, src/policies/readiness.ts), or the
 * member's own (their preview). One query.
 */
import type { Knex } from 'knex';
import { listItemModel } from '../../models/ListItem';
import { sharedWith } from '../../policies/readiness';
import { LISTS } from '../../validation/lists';
import { readinessDateEnd, readinessDateTitle } from '../../validation/lists/readinessDates';
import { daysRemaining, isoDay } from '../../validation/lists/rules';
import type { SharedReadinessDateJson } from '../../validation/readiness';
import { windowOf, type Matrix, type SharedMember } from './matrix';

interface DateRow {
  userId: number;
  kind: string;
  name: string | null;
  date: string;
  validUntil: string | null;
}

/** The shared readiness dates by member, soonest end first (an open-ended one last). */
export async function sharedReadinessDates(
  departmentId: number,
  db: Knex | undefined,
  owner?: number,
): Promise<Map<number, DateRow[]>> {
  const definition = LISTS.find((each) => each.key === 'readinessDates')!;
  const query = listItemModel(definition)
    .query(db)
    .alias('i')
    .join('profiles as p', 'p.id', 'i.profile_id')
    .orderBy(['p.user_id', 'i.position'])
    .select('p.user_id', 'i.kind', 'i.name', 'i.date', 'i.valid_until');
  if (owner !== undefined) query.where('p.user_id', owner);
  else query.modify(sharedWith, departmentId, 'readinessDates', 'p.user_id');
  const rows = (await query) as unknown as DateRow[];
  const byMember = new Map<number, DateRow[]>();
  for (const row of rows) byMember.set(row.userId, [...(byMember.get(row.userId) ?? []), row]);
  return byMember;
}

/** One member's dates as the department sees them, with each one's state by the member's reminder window. */
function present(rows: readonly DateRow[], member: Pick<SharedMember, 'reminderDays'>, now: Date) {
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
  dates: Map<number, DateRow[]>,
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
