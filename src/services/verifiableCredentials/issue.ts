/**
 * Signing a department's credential (docs/decisions/verifiable-credentials.md): an Open Badges 3.0
 * `OpenBadgeCredential` (VC Data Model 2.0) whose achievement is of the kind asked (`Membership` for a verified
 * membership; `Certification` and `License` for items a department verifier attests), with an eddsa-rdfc-2022
 * Data Integrity proof by the department's current key. Signed once per change and kept: `issued_credentials`
 * holds the document as signed, with its bit in the department's status list.
 *
 * The instance signs on behalf of the department's verifier, and the credential says so (the issuer's
 * description and the achievement's criteria).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { Department } from '../../models/Department';
import { IssuedCredential, type AchievementKind } from '../../models/IssuedCredential';
import { MembershipVerification } from '../../models/MembershipVerification';
import { Profile } from '../../models/Profile';
import { User } from '../../models/User';
import { ConflictError, NotFoundError } from '../../errors';
import { departmentDid } from './did';
import { OB_CONTEXT, VC_CONTEXT } from './documentLoader';
import { signCardToken } from './cardToken';
import { signingKey } from './keys';
import { signDocument, type CredentialDeps } from './sign';
import { revokeCredentials } from './revoke';
import { STATUS_LIST_LENGTH, statusListUrl } from './statusList';

export type { CredentialDeps } from './sign';

/** How long a credential is valid: twelve months, then it is signed again when next asked for. */
export const VALIDITY_MONTHS = 12;
/** A credential this close to its end is signed again when asked for. */
const RENEW_WITHIN_MS = 30 * 24 * 60 * 60 * 1000;

/** What a credential states; a change of any of these signs a new one. */
export interface CredentialFacts {
  achievementType: AchievementKind;
  /** The achievement's name ("Member of Springfield Fire Department"). */
  achievementName: string;
  memberName: string;
  role: string;
  /** When the department verified it (the start of the verified period), an ISO date-time. */
  activityStartDate: string;
  departmentId: number;
  departmentName: string;
  fdid: string | null;
  profileId: number | null;
}

export const factsDigest = (facts: CredentialFacts): string =>
  createHash('sha256').update(JSON.stringify(facts)).digest('hex');

const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/** OB 3.0's IdentityObject: the e-mail as a salted SHA-256, never the address itself. */
function hashedEmail(email: string) {
  const salt = randomBytes(16).toString('hex');
  const identityHash = `sha256$${createHash('sha256').update(`${email.toLowerCase()}${salt}`).digest('hex')}`;
  return { type: 'IdentityObject', hashed: true, identityHash, identityType: 'emailAddress', salt };
}

/** The unsigned OB 3.0 credential for `facts`. */
export function credentialDocument(
  facts: CredentialFacts,
  input: { id: string; email: string; statusIndex: number; now: Date },
  deps: CredentialDeps,
) {
  const { baseUrl, productName } = deps;
  const did = departmentDid(baseUrl, facts.departmentId);
  const statusUrl = statusListUrl(baseUrl, facts.departmentId);
  const kind = facts.achievementType.toLowerCase();
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id: `urn:uuid:${input.id}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: facts.achievementName,
    description: `${facts.memberName}: ${facts.achievementName}, verified by the department on ${productName}.`,
    issuer: {
      id: did,
      type: ['Profile'],
      name: facts.departmentName,
      url: `${baseUrl}/departments/${facts.departmentId}`,
      description: `Signed by ${productName} (${baseUrl}) on behalf of the department's verifier.`,
      ...(facts.fdid
        ? { otherIdentifier: [{ type: 'IdentifierEntry', identifier: facts.fdid, identifierType: 'ext:FDID' }] }
        : {}),
    },
    validFrom: isoSeconds(input.now),
    validUntil: isoSeconds(addMonths(input.now, VALIDITY_MONTHS)),
    credentialSubject: {
      ...(facts.profileId ? { id: `${baseUrl}/profiles/${facts.profileId}` } : {}),
      type: ['AchievementSubject'],
      name: facts.memberName,
      role: facts.role,
      activityStartDate: facts.activityStartDate,
      identifier: [hashedEmail(input.email)],
      achievement: {
        id: `${baseUrl}/departments/${facts.departmentId}/achievements/${kind}`,
        type: ['Achievement'],
        achievementType: facts.achievementType,
        name: facts.achievementName,
        description: `${facts.achievementType} in ${facts.departmentName}.`,
        criteria: {
          narrative:
            `A verifier of ${facts.departmentName} (or a site administrator of ${productName}) confirmed it. ` +
            `${productName} holds the department's signing key and signs on the verifier's behalf.`,
        },
      },
    },
    credentialStatus: {
      id: `${statusUrl}#${input.statusIndex}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(input.statusIndex),
      statusListCredential: statusUrl,
    },
  };
}

/** The facts of an approved membership, read now (rank and name from the profile). */
export async function membershipFacts(
  trx: Knex.Transaction,
  verification: MembershipVerification,
): Promise<{ facts: CredentialFacts; email: string }> {
  const [user, profile, department] = [
    await User.query(trx).findById(verification.userId),
    await Profile.query(trx).findOne({ userId: verification.userId }),
    await Department.query(trx).findById(verification.departmentId),
  ];
  if (!user || !department) throw new NotFoundError();
  const verifiedOn = verification.decidedAt ?? verification.requestedAt;
  return {
    email: user.email,
    facts: {
      achievementType: 'Membership',
      achievementName: `Member of ${department.name}`,
      memberName: profile?.name || user.name,
      role: profile?.rank || 'Member',
      activityStartDate: isoSeconds(
        new Date(Date.UTC(verifiedOn.getUTCFullYear(), verifiedOn.getUTCMonth(), verifiedOn.getUTCDate())),
      ),
      departmentId: department.id,
      departmentName: department.name,
      fdid: department.fdid,
      profileId: profile?.id ?? null,
    },
  };
}

/**
 * Signs and keeps a credential for `facts`, revoking the member's earlier credential of the same department and
 * kind (a credential that says an old rank must not stay valid beside the new one).
 */
export async function issueCredential(
  trx: Knex.Transaction,
  input: {
    userId: number;
    verificationId: number | null;
    /** An attested item's credential: one per attestation, revoked with it (never superseded by another item's). */
    attestationId?: number;
    facts: CredentialFacts;
    email: string;
  },
  deps: CredentialDeps,
): Promise<IssuedCredential> {
  const { facts } = input;
  const now = deps.now ?? new Date();
  // The department's key row is locked by signingKey before the index is taken: one issuer at a time per department.
  await signingKey(trx, facts.departmentId, deps);
  if (input.attestationId === undefined)
    await revokeCredentials(trx, {
      userId: input.userId,
      departmentId: facts.departmentId,
      achievementType: facts.achievementType,
      reason: 'superseded',
      now,
    });
  const last = await IssuedCredential.query(trx)
    .where('departmentId', facts.departmentId)
    .max('statusIndex as max')
    .first();
  const statusIndex = ((last as unknown as { max: number | null } | undefined)?.max ?? -1) + 1;
  if (statusIndex >= STATUS_LIST_LENGTH) throw new ConflictError('This department’s status list is full');
  const id = randomUUID();
  const document = credentialDocument(facts, { id, email: input.email, statusIndex, now }, deps);
  const signed = await signDocument(trx, facts.departmentId, document, deps);
  const cardToken = await signCardToken(trx, facts.departmentId, signed, deps);
  return IssuedCredential.query(trx).insertAndFetch({
    id,
    userId: input.userId,
    departmentId: facts.departmentId,
    verificationId: input.verificationId,
    attestationId: input.attestationId ?? null,
    achievementType: facts.achievementType,
    statusIndex,
    factsDigest: factsDigest(facts),
    document: signed,
    cardToken,
    issuedAt: now,
  });
}

/** Signs the membership credential of an approved verification (approval; a change of its facts; on request). */
export async function issueMembershipCredential(
  trx: Knex.Transaction,
  verification: MembershipVerification,
  deps: CredentialDeps,
): Promise<IssuedCredential> {
  if (verification.status !== 'approved') throw new ConflictError('Only a verified membership has a credential');
  const { facts, email } = await membershipFacts(trx, verification);
  return issueCredential(trx, { userId: verification.userId, verificationId: verification.id, facts, email }, deps);
}

/**
 * The member's current membership credential for an approved verification: the kept one while its facts hold
 * and it is not near its end, else a newly signed one (signed once per change).
 */
export async function currentMembershipCredential(
  trx: Knex.Transaction,
  verification: MembershipVerification,
  deps: CredentialDeps & { renew?: boolean },
): Promise<IssuedCredential> {
  const now = deps.now ?? new Date();
  const kept = await IssuedCredential.query(trx)
    .where({ userId: verification.userId, departmentId: verification.departmentId, achievementType: 'Membership' })
    .whereNull('revokedAt')
    .orderBy('issuedAt', 'desc')
    .first();
  if (kept && !deps.renew) {
    const { facts } = await membershipFacts(trx, verification);
    const validUntil = Date.parse(String(kept.document.validUntil));
    if (kept.factsDigest === factsDigest(facts) && validUntil - now.getTime() > RENEW_WITHIN_MS) return kept;
  }
  return issueMembershipCredential(trx, verification, deps);
}
