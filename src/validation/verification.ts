/**
 * Department-verified membership (docs/decisions/verified-membership.md) and a department's page (§4b): the JSON shapes the API returns
 * and the islands and views receive, the messages, and the request schemas. Shared by the server and the islands
 * (no server imports here).
 */
import { boolean, mixed, object, string } from 'yup';
import { id, trimmed } from './common';
export {
  departmentPath,
  departmentSlug,
  verifiedBadgeText,
  verifiedFor,
  type VerifiedMembershipJson,
} from './verifiedBadge';

export type MembershipVerificationStatus = 'pending' | 'approved' | 'declined' | 'revoked';

/** The latest request for one of the member's own department links (My Departments). */
export interface MembershipVerificationStateJson {
  /** null: never asked (or the last answer was a revocation shown as such). */
  status: MembershipVerificationStatus | null;
  /** The decider's reason (declined, revoked). */
  reason: string | null;
  /** ISO 8601: when asked / decided. */
  requestedAt: string | null;
  decidedAt: string | null;
  /** Whether the member may ask now (no pending request, not verified). */
  canRequest: boolean;
  /** Whether the member appears on the department's page (only when verified and listed). */
  listed: boolean;
}

/** A request as a verifier or an admin sees it (the /verifications page, the admin dashboard). */
export interface VerificationRequestJson {
  id: number;
  status: MembershipVerificationStatus;
  member: { id: number; name: string; email: string; profileId: number | null; rank: string | null };
  department: { id: number; name: string; city: string; state: string };
  requestedAt: string;
  decidedAt: string | null;
  reason: string | null;
  can: { decide: boolean; revoke: boolean };
  /** Why this viewer may not decide (e.g. their own request), when they may not. */
  cannotDecide: string | null;
}

/** A verifier of a department (admin dashboard). */
export interface DepartmentVerifierJson {
  id: number;
  user: { id: number; name: string; email: string };
  department: { id: number; name: string; city: string; state: string };
  grantedAt: string;
}

export const VERIFICATION_REASON_MAX = 500;

export const VERIFICATION_MESSAGES = {
  requestTitle: 'Verification Requested',
  requested: 'Your request was sent to the department’s verifiers.',
  requestFailed: 'Failed to request verification. Please try again.',
  requestFailedTitle: 'Verification not requested',
  listFailedTitle: 'Listing not changed',
  approvedTitle: 'Membership Verified',
  declinedTitle: 'Request Declined',
  decideFailed: 'Failed to save the decision. Please try again.',
  revokedTitle: 'Verification Revoked',
  listedTitle: 'Department Page Updated',
  listedOn: 'You are listed on the department’s page.',
  listedOff: 'You are no longer listed on the department’s page.',
  listFailed: 'Failed to update the listing. Please try again.',
  verifierGrantedTitle: 'Verifier Added',
  verifierRevokedTitle: 'Verifier Removed',
  // Server answers
  requestNotFound: 'Verification request not found',
  verifierNotFound: 'Verifier not found',
  alreadyPending: 'A verification request for this department is already waiting.',
  alreadyVerified: 'Your membership in this department is already verified.',
  alreadyVerifier: 'This user is already a verifier for this department.',
  notPending: 'This request has already been decided.',
  notApproved: 'Only an approved verification can be revoked.',
  notYourOwn: 'You cannot verify your own membership.',
  noLongerLinked: 'The member no longer lists this department; the request can only be declined.',
  notVerifier: 'Only the department’s verifiers and site admins review verification requests.',
  onlyVerifiedListed: 'Only a verified membership can be listed on the department’s page.',
  reasonRequired: 'Please give a reason.',
  reasonTooLong: `The reason must be at most ${VERIFICATION_REASON_MAX} characters.`,
  decisionRequired: 'decision must be approve or decline',
  listedRequired: 'listed must be true or false',
  userIdRequired: 'userId must be a user id',
  linkIdRequired: 'linkId must be one of your department links',
  departmentIdRequired: 'Please enter a department ID (a number).',
  /** The grant form's department picker (docs/decisions/pending-departments.md). */
  departmentRequired: 'Choose the department.',
  userNotFound: 'User not found',
  noSuchEmail: 'No account uses this e-mail address.',
  emailRequired: 'Please enter the user’s e-mail address.',
} as const;

const reason = (required: boolean) => {
  const text = string()
    .typeError(VERIFICATION_MESSAGES.reasonRequired)
    .transform(trimmed)
    .max(VERIFICATION_REASON_MAX, VERIFICATION_MESSAGES.reasonTooLong);
  return required
    ? text.required(VERIFICATION_MESSAGES.reasonRequired)
    : text
        .nullable()
        .optional()
        .transform((value: string | null | undefined) => (value ? value : null));
};

/**
 * POST /api/verifications/{id}/decision: approve (reason optional) or decline (reason required — the member
 * is told why).
 */
export const verificationDecisionSchema = object({
  decision: mixed<'approve' | 'decline'>()
    .oneOf(['approve', 'decline'], VERIFICATION_MESSAGES.decisionRequired)
    .required(VERIFICATION_MESSAGES.decisionRequired),
  reason: reason(false).when('decision', {
    is: 'decline',
    then: () => reason(true),
  }),
});

/** POST /api/admin/verifications/{id}/revoke: the reason is required (the member is told). */
export const verificationRevokeSchema = object({ reason: reason(true) });

/** PATCH /api/departments/user/{id}/listing */
export const listingSchema = object({
  listed: boolean().typeError(VERIFICATION_MESSAGES.listedRequired).required(VERIFICATION_MESSAGES.listedRequired),
});

/** The plain forms of My Departments (POST /account-settings, intent `verification` / `listing`). */
export const verificationRequestFormSchema = object({ linkId: id(VERIFICATION_MESSAGES.linkIdRequired) });
export const listingFormSchema = object({
  linkId: id(VERIFICATION_MESSAGES.linkIdRequired),
  listed: boolean().typeError(VERIFICATION_MESSAGES.listedRequired).required(VERIFICATION_MESSAGES.listedRequired),
});

/** Where the review forms come back to: the review page, or the admin dashboard's tab. */
export const VERIFICATION_RETURN_PATHS = ['/verifications', '/admin?tab=verification'] as const;
const returnTo = mixed<(typeof VERIFICATION_RETURN_PATHS)[number]>()
  .oneOf([...VERIFICATION_RETURN_PATHS], 'Unknown page')
  .default('/verifications');

/** The plain forms of /verifications (POST /verifications, by `intent`). */
export const decideFormSchema = verificationDecisionSchema.concat(object({ id: id(), returnTo }));
export const revokeFormSchema = verificationRevokeSchema.concat(object({ id: id(), returnTo }));
export const removeVerifierFormSchema = object({ id: id(), returnTo });
export const grantVerifierFormSchema = object({
  email: string()
    .typeError(VERIFICATION_MESSAGES.emailRequired)
    .transform(trimmed)
    .required(VERIFICATION_MESSAGES.emailRequired)
    .max(320, VERIFICATION_MESSAGES.noSuchEmail),
  departmentId: id(VERIFICATION_MESSAGES.departmentRequired),
  returnTo,
});

/** POST /api/admin/department-verifiers */
export const verifierGrantSchema = object({
  departmentId: id(VERIFICATION_MESSAGES.departmentIdRequired),
  userId: id(VERIFICATION_MESSAGES.userIdRequired),
});
