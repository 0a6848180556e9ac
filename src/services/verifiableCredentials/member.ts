/**
 * The member's own credential for one of their department links (My Departments; docs/decisions/verifiable-credentials.md):
 * download it (signed again only when its facts changed or it nears its end), ask for a fresh one, or ask for
 * it to be revoked. Only the link's owner (userDepartmentPolicy), only for a verified membership.
 */
import type { Knex } from 'knex';
import { ConflictError } from '../../errors';
import { MembershipVerification } from '../../models/MembershipVerification';
import { IssuedCredential } from '../../models/IssuedCredential';
import { UserDepartment } from '../../models/UserDepartment';
import { authorize, userDepartmentPolicy, type Viewer } from '../../policies';
import { currentMembershipCredential, type CredentialDeps } from './issue';
import { revokeCredentials } from './revoke';

export const MEMBER_CREDENTIAL_MESSAGES = {
  notVerified: 'Only a membership the department verified has a credential.',
  revoked: 'Your credential for this department is revoked. Download it again to get a new one.',
} as const;

async function approvedMembership(trx: Knex.Transaction, actor: Viewer, linkId: number) {
  const link = authorize(userDepartmentPolicy, actor, 'update', await UserDepartment.query(trx).findById(linkId));
  const verification = await MembershipVerification.query(trx).findOne({
    userId: link.userId,
    departmentId: link.departmentId,
    status: 'approved',
  });
  if (!verification) throw new ConflictError(MEMBER_CREDENTIAL_MESSAGES.notVerified);
  return { link, verification };
}

/** GET …/credential.json (kept unless changed) and POST …/reissue (`renew`: always a fresh one). */
export async function memberCredential(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { linkId: number; renew?: boolean },
  deps: CredentialDeps,
): Promise<IssuedCredential> {
  const { verification } = await approvedMembership(trx, actor, input.linkId);
  return currentMembershipCredential(trx, verification, { ...deps, renew: input.renew });
}

/** POST …/revoke: the member withdraws their credentials for the department (the membership stays verified). */
export async function revokeMemberCredential(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { linkId: number },
): Promise<number> {
  const { link } = await approvedMembership(trx, actor, input.linkId);
  return revokeCredentials(trx, { userId: link.userId, departmentId: link.departmentId, reason: 'member asked' });
}

/**
 * The viewer's issued, non-revoked membership credentials with the link each belongs to (the Share panel on
 * their own profile page; docs/decisions/wallet-card.md). Only the viewer's own links (the policy's scope).
 */
export async function shareableCredentials(
  viewer: Viewer | null,
): Promise<Array<{ linkId: number; credentialId: string; departmentName: string }>> {
  const links = await UserDepartment.query()
    .modify(userDepartmentPolicy.scope, viewer)
    .withGraphJoined('department')
    .orderBy('user_departments.id');
  if (!links.length) return [];
  const issued = await IssuedCredential.query()
    .whereIn(
      ['userId', 'departmentId'],
      links.map((link) => [link.userId, link.departmentId]),
    )
    .where('achievementType', 'Membership')
    .whereNull('revokedAt')
    .orderBy('issuedAt', 'desc');
  return links.flatMap((link) => {
    const credential = issued.find((row) => row.departmentId === link.departmentId);
    return credential
      ? [{ linkId: link.id, credentialId: credential.id, departmentName: link.department?.name ?? '' }]
      : [];
  });
}
