/**
 * A member's sharing with one department (docs/decisions/department-readiness.md): share (which kinds) and
 * withdraw. Only a member verified in the department shares (consentPolicy: 403 otherwise); every grant, change
 * and withdrawal is a security event the member sees. Withdrawing deletes the consent row, so the next read of
 * the department's readiness (roster, CSV, digest, API) on any node has nothing of theirs.
 */
import type { Knex } from 'knex';
import { raw } from 'objection';
import { Department } from '../../models/Department';
import { ReadinessConsent } from '../../models/Readiness';
import { NotFoundError } from '../../errors';
import { authorize, type Viewer } from '../../policies';
import { consentPolicy, type SharingOf } from '../../policies/readiness';
import { DEPARTMENT_MESSAGES } from '../../validation/departments';
import { READINESS_KINDS, READINESS_KIND_LABELS, type ReadinessKind } from '../../validation/readiness';
import { recordSecurityEvent } from '../securityEvents';
import { verifiedMembershipSql } from '../verification/verifiedMemberships';

/** The member's consent for the department (or a blank one) with whether they are verified there now. */
export async function sharingOf(
  member: Viewer,
  departmentId: number,
  db?: Knex,
): Promise<{ department: Department; sharing: SharingOf }> {
  const department = (await Department.query(db)
    .findById(departmentId)
    .select(
      'departments.*',
      raw(
        `exists (select 1 from membership_verifications mv where mv.user_id = ? and mv.department_id = departments.id and ${verifiedMembershipSql('mv')}) as member_verified`,
        [member.id],
      ),
    )) as (Department & { memberVerified: boolean }) | undefined;
  if (!department) throw new NotFoundError(DEPARTMENT_MESSAGES.departmentNotFound);
  const consent = await ReadinessConsent.query(db).findOne({ userId: member.id, departmentId });
  const sharing = Object.assign(
    consent ?? ReadinessConsent.fromJson({ userId: member.id, departmentId, kinds: [] }, { skipValidation: true }),
    { memberVerified: department.memberVerified },
  );
  return { department, sharing };
}

const kindsText = (kinds: readonly ReadinessKind[]) =>
  READINESS_KINDS.filter((kind) => kinds.includes(kind))
    .map((kind) => READINESS_KIND_LABELS[kind].toLowerCase())
    .join(', ');

/** Shares `kinds` with the department (replacing what was shared). */
export async function shareReadiness(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { departmentId: number; kinds: ReadinessKind[] },
): Promise<ReadinessConsent> {
  const { department, sharing } = await sharingOf(actor, input.departmentId, trx);
  authorize(consentPolicy, actor, 'share', sharing);
  const kinds = READINESS_KINDS.filter((kind) => input.kinds.includes(kind));
  const consent = (await ReadinessConsent.query(trx)
    .insert({ userId: actor.id, departmentId: department.id, kinds })
    .onConflict(['user_id', 'department_id'])
    .merge({ kinds, updatedAt: new Date() })
    .returning('*')) as unknown as ReadinessConsent;
  await recordSecurityEvent(trx, actor, {
    userId: actor.id,
    kind: 'readiness_shared',
    detail: { name: `${department.name} (${kindsText(kinds)})`, departmentId: department.id },
  });
  return consent;
}

/** Withdraws everything shared with the department, at once (404 when nothing was shared). */
export async function withdrawReadiness(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { departmentId: number },
): Promise<void> {
  const { department, sharing } = await sharingOf(actor, input.departmentId, trx);
  authorize(consentPolicy, actor, 'withdraw', sharing.id ? sharing : undefined);
  await ReadinessConsent.query(trx).deleteById(sharing.id);
  await recordSecurityEvent(trx, actor, {
    userId: actor.id,
    kind: 'readiness_withdrawn',
    detail: { name: department.name, departmentId: department.id },
  });
}
