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
import { authorize, issuedCredentialPolicy, userDepartmentPolicy, type Viewer } from '../../policies';
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

/** A credential the Share panel offers its holder: a membership (through its department link) or an attested item. */
export interface ShareableCredential {
  kind: IssuedCredential['achievementType'];
  credentialId: string;
  departmentName: string;
  /** The department link a membership credential is reached through (its card and download); null for the others. */
  linkId: number | null;
  /** What the credential is of: the attested certification or license's name; the department for a membership. */
  title: string;
}

/** The achievement's name a signed credential carries (its `credentialSubject.achievement.name`). */
const achievementName = (document: Record<string, unknown>): string => {
  const subject = document.credentialSubject as { achievement?: { name?: unknown } } | undefined;
  return typeof subject?.achievement?.name === 'string' ? subject.achievement.name : '';
};

/** The issuer's name as the credential says it (a department the holder is no longer linked to). */
const issuerName = (document: Record<string, unknown>): string => {
  const issuer = document.issuer as { name?: unknown } | undefined;
  return typeof issuer?.name === 'string' ? issuer.name : '';
};

/**
 * The viewer's issued, non-revoked credentials (the Share panel on their own profile page;
 * docs/decisions/wallet-card.md): the newest membership credential of each of their department links, then the
 * newest credential of each certification or license a department attested. Only the viewer's own (the policies'
 * scopes).
 */
export async function shareableCredentials(viewer: Viewer | null): Promise<ShareableCredential[]> {
  const links = await UserDepartment.query()
    .modify(userDepartmentPolicy.scope, viewer)
    .withGraphJoined('department')
    .orderBy('user_departments.id');
  if (!links.length) return [];
  const issued = await IssuedCredential.query()
    .modify(issuedCredentialPolicy.scope, viewer)
    .orderBy('issuedAt', 'desc');
  const departmentNames = new Map(links.map((link) => [link.departmentId, link.department?.name ?? '']));
  const memberships = links.flatMap((link) => {
    const credential = issued.find(
      (row) => row.achievementType === 'Membership' && row.departmentId === link.departmentId,
    );
    return credential
      ? [
          {
            kind: 'Membership' as const,
            credentialId: credential.id,
            departmentName: departmentNames.get(link.departmentId)!,
            linkId: link.id,
            title: departmentNames.get(link.departmentId)!,
          },
        ]
      : [];
  });
  const seen = new Set<number>();
  const attested = issued.flatMap((row) => {
    if (row.achievementType === 'Membership' || row.attestationId === null || seen.has(row.attestationId)) return [];
    seen.add(row.attestationId);
    return [
      {
        kind: row.achievementType,
        credentialId: row.id,
        departmentName: departmentNames.get(row.departmentId) ?? issuerName(row.document),
        linkId: null,
        title: achievementName(row.document),
      },
    ];
  });
  return [...memberships, ...attested];
}

/** The viewer's own non-revoked credential by its id, to download (404 for anyone else's or a revoked one). */
export async function heldCredential(viewer: Viewer, id: string, trx?: Knex): Promise<IssuedCredential> {
  return authorize(issuedCredentialPolicy, viewer, 'read', await IssuedCredential.query(trx).findById(id));
}
