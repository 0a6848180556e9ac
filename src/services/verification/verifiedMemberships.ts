/**
 * "Is user U verified in department D?" — the one read every feature asks (badges, the department page,
 * endorsements from verified colleagues, issue 23 §§4, 4b, 5).
 *
 * A membership counts as verified while both hold:
 * - the member has an `approved` membership_verifications row for the department (at most one: a partial unique
 *   index), and
 * - the member still links the department (a user_departments row).
 * Removing the link therefore hides the badge (and the department page entry, and the right to endorse as that
 * department's colleague) but keeps the approved row as history: linking the department again shows the badge
 * again without a new request. A revoked verification is no longer `approved` and counts for nothing. Removing
 * the verifier who approved it changes nothing (past verifications stay).
 */
import type { Knex } from 'knex';
import { Model } from 'objection';

/** The approved-and-still-linked rule as a SQL condition over `membership_verifications` (alias `mv`). */
export const VERIFIED_MEMBERSHIP_SQL = `mv.status = 'approved' and exists (
  select 1 from user_departments ud where ud.user_id = mv.user_id and ud.department_id = mv.department_id)`;

/** The ids of the departments in which `userId` is verified, ascending. */
export async function verifiedDepartmentIds(userId: number, db?: Knex): Promise<number[]> {
  const knex = db ?? Model.knex();
  const { rows } = (await knex.raw(
    `select mv.department_id from membership_verifications mv
      where mv.user_id = ? and ${VERIFIED_MEMBERSHIP_SQL}
      order by mv.department_id`,
    [userId],
  )) as { rows: { department_id: number }[] };
  return rows.map((row) => row.department_id);
}

export interface VerifiedMembership {
  departmentId: number;
  departmentName: string;
  /** When the verification was approved. */
  verifiedAt: Date;
}

/** The verified memberships of several users at once (for badges): user id → memberships, by department name. */
export async function verifiedMembershipsOf(userIds: number[], db?: Knex): Promise<Map<number, VerifiedMembership[]>> {
  const result = new Map<number, VerifiedMembership[]>();
  if (userIds.length === 0) return result;
  const knex = db ?? Model.knex();
  const { rows } = (await knex.raw(
    `select mv.user_id, mv.department_id, d.name, mv.decided_at
       from membership_verifications mv join departments d on d.id = mv.department_id
      where mv.user_id in (${userIds.map(() => '?').join(', ')}) and ${VERIFIED_MEMBERSHIP_SQL}
      order by mv.user_id, d.name, mv.department_id`,
    userIds,
  )) as { rows: { user_id: number; department_id: number; name: string; decided_at: Date | null }[] };
  for (const row of rows) {
    const list = result.get(row.user_id) ?? [];
    list.push({ departmentId: row.department_id, departmentName: row.name, verifiedAt: row.decided_at ?? new Date(0) });
    result.set(row.user_id, list);
  }
  return result;
}
