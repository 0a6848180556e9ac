/**
 * Department-verified membership (docs/decisions/verified-membership.md): who sees and decides verification requests, and who manages
 * a department's verifiers.
 * - A request is visible to its member, to the department's verifiers and to site admins; to anyone else it does
 *   not exist (404).
 * - A verifier of the department, or a site admin, approves or declines a pending request — never their own
 *   (403 with the reason), and approves only while the member still links the department (declining stays open).
 * - Only a site admin revokes an approved verification, and only a site admin grants or removes verifiers.
 * The facts a rule needs beyond the row — the department's verifier ids and whether the member still links it —
 * are loaded by the service with the row (`ReviewableVerification`), so the rules stay pure.
 */
import type { QueryBuilder } from 'objection';
import type { DepartmentVerifier } from '../models/DepartmentVerifier';
import type { MembershipVerification } from '../models/MembershipVerification';
import { VERIFICATION_MESSAGES } from '../validation/verification';
import { definePolicy, deny, type Verdict } from './policy';
import { isAdmin, type Viewer } from './viewer';

export type ReviewableVerification = MembershipVerification & {
  /** The users who are verifiers of the request's department now. */
  verifierIds: number[];
  /** Whether the member still links the department (user_departments). */
  memberLinked: boolean;
};

const reviews = (viewer: Viewer | null, request: ReviewableVerification) =>
  viewer !== null && (isAdmin(viewer) || request.verifierIds.includes(viewer.id));

function decide(viewer: Viewer | null, request: ReviewableVerification, approving: boolean): Verdict {
  if (!reviews(viewer, request)) return false;
  if (viewer!.id === request.userId) return deny(VERIFICATION_MESSAGES.notYourOwn);
  if (approving && !request.memberLinked) return deny(VERIFICATION_MESSAGES.noLongerLinked);
  return true;
}

export const verificationPolicy = definePolicy<
  ReviewableVerification,
  'approve' | 'decline' | 'revoke',
  'review' | 'reviewAll'
>({
  notFoundMessage: VERIFICATION_MESSAGES.requestNotFound,
  rules: {
    read: (viewer, request) => viewer !== null && (viewer.id === request.userId || reviews(viewer, request)),
    approve: (viewer, request) => decide(viewer, request, true),
    decline: (viewer, request) => decide(viewer, request, false),
    revoke: (viewer) => isAdmin(viewer),
  },
  collection: {
    /** The /verifications page: asked with the viewer's verifier departments known (see canReview). */
    review: (viewer) => isAdmin(viewer) || deny(VERIFICATION_MESSAGES.notVerifier),
    /** Every department's requests (admin dashboard). */
    reviewAll: (viewer) => isAdmin(viewer),
  },
  /** Requests the viewer reviews (reviewScope, which lists use on the model's own query builder). */
  scope: (query, viewer) => reviewScope(query, viewer),
});

/** Requests the viewer reviews: every one for an admin, their departments' for a verifier, none otherwise. */
export function reviewScope<Q extends QueryBuilder<MembershipVerification, MembershipVerification[]>>(
  query: Q,
  viewer: Viewer | null,
): Q {
  if (!viewer) return query.whereRaw('false') as Q;
  if (isAdmin(viewer)) return query;
  return query.whereExists((sub) =>
    sub
      .from('department_verifiers as dv')
      .whereRaw('dv.department_id = membership_verifications.department_id')
      .where('dv.user_id', viewer.id),
  ) as Q;
}

/** Whether the viewer reviews requests at all: a site admin, or a verifier of at least one department. */
export function canReview(viewer: Viewer | null, verifierDepartmentCount: number): Verdict {
  if (viewer && verifierDepartmentCount > 0) return true;
  return verificationPolicy.collection.review(viewer);
}

export const departmentVerifierPolicy = definePolicy<DepartmentVerifier, 'remove', 'list' | 'grant'>({
  notFoundMessage: VERIFICATION_MESSAGES.verifierNotFound,
  rules: { read: (viewer) => isAdmin(viewer), remove: (viewer) => isAdmin(viewer) },
  collection: { list: (viewer) => isAdmin(viewer), grant: (viewer) => isAdmin(viewer) },
  scope: (query, viewer) => (isAdmin(viewer) ? query : query.whereRaw('false')),
});
