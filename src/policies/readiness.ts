/**
 * Shared readiness (docs/decisions/department-readiness.md): who shares with a department, who reads what they
 * shared, who grants the training officer role.
 * - A member shares with a department only while verified in it (403 with the reason otherwise); only they see
 *   or change what they share.
 * - The roster, its CSV, the digest and the JSON API read a department's shared readiness only through
 *   `sharedWith` (members whose consent names the kind and who are still verified in the department) and only for
 *   the department's training officers and verifiers (`readinessPolicy`).
 * - A site admin or the department's verifier grants and removes officers; officers and verifiers attest shared
 *   credentials and define positions.
 * The facts beyond the department row (whether the viewer is its officer or verifier; whether the member is
 * verified in it) are loaded by the service.
 */
import type { Model, QueryBuilder } from 'objection';
import type { Department } from '../models/Department';
import type { ReadinessConsent } from '../models/Readiness';
import { verifiedMembershipSql } from '../services/verification/verifiedMemberships';
import { READINESS_MESSAGES, type ReadinessKind } from '../validation/readiness';
import { definePolicy, deny, type Verdict } from './policy';
import { isAdmin, type Viewer } from './viewer';

/** A department with the viewer's roles in it. */
export type ReadinessDepartment = Department & { viewerIsOfficer: boolean; viewerIsVerifier: boolean };

const reads = (viewer: Viewer | null, department: ReadinessDepartment): Verdict =>
  (viewer !== null && (department.viewerIsOfficer || department.viewerIsVerifier)) ||
  deny(READINESS_MESSAGES.notOfficer);

const grants = (viewer: Viewer | null, department: ReadinessDepartment): Verdict =>
  (viewer !== null && (isAdmin(viewer) || department.viewerIsVerifier)) || deny(READINESS_MESSAGES.grantRefused);

export const readinessPolicy = definePolicy<
  ReadinessDepartment,
  'roster' | 'attest' | 'definePositions' | 'grantOfficer'
>({
  notFoundMessage: READINESS_MESSAGES.rosterNotFound,
  rules: {
    // The department is public; what it was shared is not (the actions below).
    read: (viewer) => viewer !== null,
    roster: reads,
    attest: reads,
    definePositions: reads,
    grantOfficer: grants,
  },
  scope: (query, viewer) => (viewer ? query : query.whereRaw('false')),
});

/** A member's sharing with one department, with whether they are verified in it now. */
export type SharingOf = ReadinessConsent & { memberVerified: boolean };

export const consentPolicy = definePolicy<SharingOf, 'share' | 'withdraw'>({
  notFoundMessage: READINESS_MESSAGES.nothingShared,
  rules: {
    read: (viewer, sharing) => viewer !== null && viewer.id === sharing.userId,
    share: (_viewer, sharing) => sharing.memberVerified || deny(READINESS_MESSAGES.notVerified),
    withdraw: () => true,
  },
  scope: (query, viewer) => (viewer ? query.where('readiness_consents.userId', viewer.id) : query.whereRaw('false')),
});

/**
 * The one gate of every read of a department's shared readiness: limits `query` to rows whose owner (the user id
 * column `userColumn`) shares `kind` with the department and is verified in it now. A withdrawal (the consent row
 * deleted) or a lost verification hides everything at once, on every node: nothing is kept.
 */
export function sharedWith<M extends Model, R>(
  query: QueryBuilder<M, R>,
  departmentId: number,
  kind: ReadinessKind,
  userColumn: string,
): QueryBuilder<M, R> {
  return query
    .whereExists((sub) =>
      sub
        .from('readiness_consents as rc')
        .whereRaw('rc.user_id = ??', [userColumn])
        .where('rc.department_id', departmentId)
        .whereRaw('? = any(rc.kinds)', [kind]),
    )
    .whereExists((sub) =>
      sub
        .from('membership_verifications as smv')
        .whereRaw('smv.user_id = ??', [userColumn])
        .where('smv.department_id', departmentId)
        .whereRaw(verifiedMembershipSql('smv')),
    );
}

/** The consents (named `alias`) of members who share anything with the department and are verified in it now. */
export function sharingMembers<M extends Model, R>(
  query: QueryBuilder<M, R>,
  departmentId: number,
  alias: string,
): QueryBuilder<M, R> {
  return query.where(`${alias}.department_id`, departmentId).whereExists((sub) =>
    sub
      .from('membership_verifications as smv')
      .whereRaw('smv.user_id = ??', [`${alias}.user_id`])
      .where('smv.department_id', departmentId)
      .whereRaw(verifiedMembershipSql('smv')),
  );
}
