/**
 * A department's side of readiness (docs/decisions/department-readiness.md): training officers (granted by a
 * site admin or the department's verifier, after a recent proof like every role grant), position requirements
 * from the catalogue, and attestations of shared credentials. Each asks readinessPolicy with the viewer's roles
 * in the department (readinessDepartment).
 */
import type { Knex } from 'knex';
import { CatalogueCredential } from '../../models/CatalogueCredential';
import { listItemModel } from '../../models/ListItem';
import { CredentialAttestation, DepartmentOfficer, PositionRequirement } from '../../models/Readiness';
import { NotFoundError, ValidationError } from '../../errors';
import { authorize, type Viewer } from '../../policies';
import { readinessPolicy, sharedWith, type ReadinessDepartment } from '../../policies/readiness';
import { LISTS } from '../../validation/lists';
import { READINESS_MESSAGES } from '../../validation/readiness';
import { findUserByEmail } from '../auth';
import { readinessDepartment } from './roster';
import { issueAttestationCredential } from '../verifiableCredentials/attested';
import type { CredentialDeps } from '../verifiableCredentials/issue';

async function departmentFor(
  trx: Knex.Transaction,
  actor: Viewer,
  departmentId: number,
  action: 'attest' | 'definePositions' | 'grantOfficer',
): Promise<ReadinessDepartment> {
  return authorize(readinessPolicy, actor, action, await readinessDepartment(actor, departmentId, trx));
}

/** Makes the account with `email` a training officer of the department (409 when it already is). */
export async function grantOfficer(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { departmentId: number; email: string },
): Promise<DepartmentOfficer> {
  const department = await departmentFor(trx, actor, input.departmentId, 'grantOfficer');
  const user = await findUserByEmail(input.email, trx);
  if (!user) throw new ValidationError(READINESS_MESSAGES.noSuchEmail, { email: READINESS_MESSAGES.noSuchEmail });
  return DepartmentOfficer.query(trx).insertAndFetch({
    departmentId: department.id,
    userId: user.id,
    grantedById: actor.id,
  });
}

/** Ends one officer's role at once (their next roster read is a 403). */
export async function removeOfficer(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { departmentId: number; userId: number },
): Promise<void> {
  const department = await departmentFor(trx, actor, input.departmentId, 'grantOfficer');
  const removed = await DepartmentOfficer.query(trx)
    .delete()
    .where({ departmentId: department.id, userId: input.userId });
  if (!removed) throw new NotFoundError(READINESS_MESSAGES.officerNotFound);
}

/** A position and the catalogue credentials it needs; names are matched to the catalogue's, case-insensitively. */
export async function definePosition(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { departmentId: number; name: string; credentials: string[] },
): Promise<PositionRequirement> {
  const department = await departmentFor(trx, actor, input.departmentId, 'definePositions');
  const wanted = [...new Set(input.credentials.map((name) => name.toLowerCase()))];
  const found = await CatalogueCredential.query(trx).whereRaw('lower(name) = any(?)', [wanted]).select('name');
  if (found.length !== wanted.length) {
    const message = READINESS_MESSAGES.positionCredentialUnknown;
    throw new ValidationError(message, { credentials: message });
  }
  const byKey = new Map(found.map(({ name }) => [name.toLowerCase(), name]));
  return PositionRequirement.query(trx).insertAndFetch({
    departmentId: department.id,
    name: input.name,
    credentials: wanted.map((key) => byKey.get(key)!),
    createdById: actor.id,
  });
}

/** Removes a position of the department. */
export async function removePosition(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { departmentId: number; positionId: number },
): Promise<void> {
  const department = await departmentFor(trx, actor, input.departmentId, 'definePositions');
  const removed = await PositionRequirement.query(trx)
    .delete()
    .where({ id: input.positionId, departmentId: department.id });
  if (!removed) throw new NotFoundError(READINESS_MESSAGES.positionNotFound);
}

/**
 * Attests one certification or license shared with the department (404 when it is not shared with it: the
 * same answer as no such item). The item's version is kept with it; editing what was attested removes it
 * (the database trigger of migrations/20261201020000_department_readiness.ts). The department signs it as a
 * credential, revoked when the attestation goes.
 */
export async function attestCredential(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { departmentId: number; list: 'certifications' | 'licenses'; itemId: number },
  deps: CredentialDeps,
): Promise<CredentialAttestation> {
  const department = await departmentFor(trx, actor, input.departmentId, 'attest');
  const definition = LISTS.find((each) => each.key === input.list)!;
  const item = (await listItemModel(definition)
    .query(trx)
    .alias('i')
    .join('profiles as p', 'p.id', 'i.profile_id')
    .where('i.id', input.itemId)
    .modify(sharedWith, department.id, input.list, 'p.user_id')
    .select('i.id', 'i.profile_id', 'i.version')
    .first()) as { id: number; profileId: number; version: number } | undefined;
  if (!item) throw new NotFoundError(READINESS_MESSAGES.itemNotShared);
  const attestation = await CredentialAttestation.query(trx).insertAndFetch({
    list: input.list,
    itemId: item.id,
    profileId: item.profileId,
    departmentId: department.id,
    attestedById: actor.id,
    itemVersion: item.version,
  });
  // Signed as its own credential, revoked when the attestation goes (docs/decisions/verifiable-credentials.md).
  await issueAttestationCredential(trx, attestation, deps);
  return attestation;
}

/**
 * The attestations of one item that still hold, for the signed-credential issuer: who attested, for which
 * department, when, and at which version of the item (always the item's current one: an edit removes them).
 */
export async function attestationsOfItem(
  list: 'certifications' | 'licenses',
  itemId: number,
  db?: Knex,
): Promise<CredentialAttestation[]> {
  return CredentialAttestation.query(db).where({ list, itemId }).orderBy('attestedAt');
}
