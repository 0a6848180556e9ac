/**
 * Department verifiers (docs/decisions/verified-membership.md): a site admin grants a user the verifier role for one department, or
 * removes it. Removing it keeps the verifications the user decided (rows keep decided_by_id) and stops new
 * decisions at once (the policy reads the department's verifiers with each request).
 */
import type { Knex } from 'knex';
import { DepartmentVerifier } from '../../models/DepartmentVerifier';
import { Department } from '../../models/Department';
import { User } from '../../models/User';
import { NotFoundError, ValidationError } from '../../errors';
import { findUserByEmail } from '../auth';
import { authorize, authorizeOnCollection, type Viewer } from '../../policies';
import { departmentVerifierPolicy } from '../../policies/verification';
import { VERIFICATION_MESSAGES } from '../../validation/verification';
import { DEPARTMENT_MESSAGES } from '../../validation/departments';
import { readTogether } from '../../db/readTogether';

/** The departments a user verifies (ids), for the menu and the review page. */
export async function verifierDepartmentIds(userId: number, db?: Knex): Promise<number[]> {
  const rows = await DepartmentVerifier.query(db)
    .where('userId', userId)
    .orderBy('departmentId')
    .select('departmentId');
  return rows.map((row) => row.departmentId);
}

/** Whether the user verifies any department (the account menu's Verification Requests). */
export async function isDepartmentVerifier(userId: number, db?: Knex): Promise<boolean> {
  return Boolean(await DepartmentVerifier.query(db).select('id').where('userId', userId).first());
}

/** Every department's verifiers, by department name then user name (admin dashboard). */
export async function listVerifiers(viewer: Viewer, db?: Knex): Promise<DepartmentVerifier[]> {
  authorizeOnCollection(departmentVerifierPolicy, viewer, 'list');
  return DepartmentVerifier.query(db)
    .modify(departmentVerifierPolicy.scope, viewer)
    .withGraphJoined('[department, user]')
    .orderBy('department.name')
    .orderBy('user.name')
    .orderBy('department_verifiers.id');
}

/** POST /api/admin/department-verifiers: 404 for an unknown user or department, 409 when already a verifier. */
export async function grantVerifier(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { departmentId: number; userId: number },
): Promise<DepartmentVerifier> {
  authorizeOnCollection(departmentVerifierPolicy, actor, 'grant');
  const [department, user] = await readTogether(trx, [
    () => Department.query(trx).findById(input.departmentId),
    () => User.query(trx).findById(input.userId),
  ]);
  if (!department) throw new NotFoundError(DEPARTMENT_MESSAGES.departmentNotFound);
  if (!user) throw new NotFoundError(VERIFICATION_MESSAGES.userNotFound);
  // A second grant violates department_verifiers_department_user_unique: a 409 with its message.
  const created = await DepartmentVerifier.query(trx).insertAndFetch({
    departmentId: department.id,
    userId: user.id,
    grantedById: actor.id,
  });
  return Object.assign(created, { department, user });
}

/** DELETE /api/admin/department-verifiers/{id} */
export async function removeVerifier(trx: Knex.Transaction, actor: Viewer, input: { id: number }): Promise<void> {
  const verifier = authorize(
    departmentVerifierPolicy,
    actor,
    'remove',
    await DepartmentVerifier.query(trx).findById(input.id),
  );
  await DepartmentVerifier.query(trx).deleteById(verifier.id);
}

/** The admin's plain form: the verifier named by e-mail (a 400 on the field when nobody has it). */
export async function grantVerifierByEmail(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { email: string; departmentId: number },
): Promise<DepartmentVerifier> {
  authorizeOnCollection(departmentVerifierPolicy, actor, 'grant');
  const user = await findUserByEmail(input.email, trx);
  if (!user) throw new ValidationError(VERIFICATION_MESSAGES.noSuchEmail, { email: VERIFICATION_MESSAGES.noSuchEmail });
  if (!(await Department.query(trx).findById(input.departmentId))) {
    const message = DEPARTMENT_MESSAGES.departmentNotFound;
    throw new ValidationError(message, { departmentId: message });
  }
  return grantVerifier(trx, actor, { departmentId: input.departmentId, userId: user.id });
}
