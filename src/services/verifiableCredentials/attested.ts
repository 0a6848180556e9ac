/**
 * A certification or license a department attests, signed as its own Open Badges credential (`Certification` /
 * `License`; docs/decisions/verifiable-credentials.md): issued in the attestation's transaction, tied to it, and revoked by
 * the database when the attestation goes (an edit of what was attested deletes it).
 */
import type { Knex } from 'knex';
import { Department } from '../../models/Department';
import { listItemModel } from '../../models/ListItem';
import type { IssuedCredential } from '../../models/IssuedCredential';
import { Profile } from '../../models/Profile';
import type { CredentialAttestation } from '../../models/Readiness';
import { User } from '../../models/User';
import { NotFoundError } from '../../errors';
import { LISTS } from '../../validation/lists';
import { issueCredential, type CredentialDeps } from './issue';

const isoDay = (date: Date) => `${date.toISOString().slice(0, 10)}T00:00:00Z`;

export async function issueAttestationCredential(
  trx: Knex.Transaction,
  attestation: CredentialAttestation,
  deps: CredentialDeps,
): Promise<IssuedCredential> {
  const definition = LISTS.find((each) => each.key === attestation.list)!;
  const item = (await listItemModel(definition).query(trx).findById(attestation.itemId)) as unknown as
    { name?: unknown } | undefined;
  const profile = await Profile.query(trx).findById(attestation.profileId);
  const department = await Department.query(trx).findById(attestation.departmentId);
  const user = profile ? await User.query(trx).findById(profile.userId) : undefined;
  if (!item || !profile || !department || !user) throw new NotFoundError();
  const achievementType = attestation.list === 'certifications' ? 'Certification' : 'License';
  return issueCredential(
    trx,
    {
      userId: user.id,
      verificationId: null,
      attestationId: attestation.id,
      email: user.email,
      facts: {
        achievementType,
        achievementName: String(item.name ?? achievementType),
        memberName: profile.name || user.name,
        role: profile.rank || 'Member',
        activityStartDate: isoDay(new Date(attestation.attestedAt)),
        departmentId: department.id,
        departmentName: department.name,
        fdid: department.fdid,
        profileId: profile.id,
      },
    },
    deps,
  );
}
