/**
 * "Is user U verified in department D?" — the one read every feature asks (badges, the department page,
 * endorsements from verified colleagues, docs/decisions/verified-membership.md, docs/decisions/endorsements.md).
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
import type { Model, QueryBuilder } from 'objection';
import { MembershipVerification } from '../../models/MembershipVerification';

/**
 * The approved-and-still-linked rule as a SQL condition over the `membership_verifications` rows named `alias`:
 * the one statement of the rule, for the hand-written reads and (through `whereVerified`) the model queries.
 */
export const verifiedMembershipSql = (alias: string): string =>
  `${alias}.status = 'approved' and exists (select 1 from user_departments ud
     where ud.user_id = ${alias}.user_id and ud.department_id = ${alias}.department_id)`;

/** The rule over the alias `mv`, as the hand-written reads name the table. */
export const VERIFIED_MEMBERSHIP_SQL = verifiedMembershipSql('mv');

/** Query modifier: only the verified memberships among the `membership_verifications` rows named `alias`. */
export function whereVerified<M extends Model>(
  query: QueryBuilder<M, M[]>,
  alias = MembershipVerification.tableName,
): QueryBuilder<M, M[]> {
  // An identifier binding, so the alias goes through knex's case mapping as the builder's own names do.
  return query.whereRaw(verifiedMembershipSql(':alias:'), { alias });
}

/** The ids of the departments in which `userId` is verified, ascending. */
export async function verifiedDepartmentIds(userId: number, db?: Knex): Promise<number[]> {
  const verified = await MembershipVerification.query(db)
    .select('departmentId')
    .where('userId', userId)
    .modify(whereVerified)
    .orderBy('departmentId');
  return verified.map((row) => row.departmentId);
}

/**
 * A profile's owner's verified memberships as a JSON column of a `profiles` query (`verified_memberships`:
 * `[{departmentId, departmentName, year}]`, by department name), so every profile read carries its badges.
 */
export const VERIFIED_MEMBERSHIPS_COLUMN = `coalesce((
  select json_agg(json_build_object(
           'departmentId', d.id, 'departmentName', d.name,
           'year', extract(year from coalesce(mv.decided_at, mv.requested_at) at time zone 'UTC')::int)
         order by lower(d.name), d.id)
    from membership_verifications mv join departments d on d.id = mv.department_id
   where mv.user_id = profiles.user_id and ${VERIFIED_MEMBERSHIP_SQL}), '[]'::json) as verified_memberships`;

/** The name of the profile's department when it has a page (verified: from the registry or approved by an admin). */
export const DEPARTMENT_PAGE_NAME_COLUMN = `(select d.name from departments d
   where d.id = profiles.department_id and d.verification_status = 'verified') as department_page_name`;
