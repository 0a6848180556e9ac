/** Verification requests, verifiers and a member's verification state, as the API returns them and views receive them. */
import type { DepartmentVerifier } from '../models/DepartmentVerifier';
import type { MembershipVerification } from '../models/MembershipVerification';
import type { UserDepartment } from '../models/UserDepartment';
import { can, type Viewer } from '../policies';
import { verificationPolicy, type ReviewableVerification } from '../policies/verification';
import type {
  DepartmentVerifierJson,
  MembershipVerificationStateJson,
  VerificationRequestJson,
} from '../validation/verification';
import { iso } from './iso';

/** A member's own link's state (My Departments): the latest request, and what they may do next. */
export function presentVerificationState(
  link: UserDepartment,
  latest: MembershipVerification | undefined,
  _viewer: Viewer | null,
): MembershipVerificationStateJson {
  const status = latest?.status ?? null;
  return {
    status,
    reason: status === 'declined' || status === 'revoked' ? (latest?.reason ?? null) : null,
    requestedAt: latest ? iso(latest.requestedAt) : null,
    decidedAt: latest?.decidedAt ? iso(latest.decidedAt) : null,
    canRequest: status !== 'pending' && status !== 'approved',
    listed: status === 'approved' && link.listed,
  };
}

/** Why the policy refuses this viewer a decision, when it gives a reason. */
function refusal(request: ReviewableVerification, viewer: Viewer | null): string | null {
  if (request.status !== 'pending') return null;
  const verdict = verificationPolicy.rules.approve(viewer, request);
  return typeof verdict === 'object' ? verdict.denied : null;
}

export function presentVerificationRequest(
  request: ReviewableVerification,
  viewer: Viewer | null,
  profile: { id: number; rank: string } | undefined,
): VerificationRequestJson {
  const pending = request.status === 'pending';
  return {
    id: request.id,
    status: request.status,
    member: {
      id: request.userId,
      name: request.user?.name ?? '',
      email: request.user?.email ?? '',
      profileId: profile?.id ?? null,
      rank: profile?.rank ?? null,
    },
    department: {
      id: request.departmentId,
      name: request.department?.name ?? '',
      city: request.department?.city ?? '',
      state: request.department?.state ?? '',
    },
    requestedAt: iso(request.requestedAt),
    decidedAt: request.decidedAt ? iso(request.decidedAt) : null,
    reason: request.reason,
    can: {
      decide: pending && can(verificationPolicy, viewer, 'decline', request),
      revoke: request.status === 'approved' && can(verificationPolicy, viewer, 'revoke', request),
    },
    cannotDecide: refusal(request, viewer),
  };
}

export function presentDepartmentVerifier(
  verifier: DepartmentVerifier,
  _viewer: Viewer | null,
): DepartmentVerifierJson {
  return {
    id: verifier.id,
    user: { id: verifier.userId, name: verifier.user?.name ?? '', email: verifier.user?.email ?? '' },
    department: {
      id: verifier.departmentId,
      name: verifier.department?.name ?? '',
      city: verifier.department?.city ?? '',
      state: verifier.department?.state ?? '',
    },
    grantedAt: iso(verifier.grantedAt),
  };
}
