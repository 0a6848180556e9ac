/**
 * An administrator merges a duplicate department into the one kept (docs/decisions/pending-departments.md), in
 * the caller's one transaction: members' links, membership verifications, verifier rights and profiles that
 * name the removed department move to the kept one; the removed row is deleted and recorded in
 * department_merges, so its page redirects. Both rows are locked first (in id order), so a merge never races
 * another merge, an edit or a verification of either.
 *
 * Where a member has the same thing in both departments, one is kept: a link (primary if either was, listed if
 * either was), one pending and one approved verification (an approval also ends a pending request of the same
 * member), one verifier right. Declined and revoked requests are history and all move.
 */
import type { Knex } from 'knex';
import { ValidationError } from '../../errors';
import { Department } from '../../models/Department';
import { DepartmentMerge } from '../../models/DepartmentMerge';
import { adminDepartmentPolicy, authorize, authorizeOnCollection, type Viewer } from '../../policies';
import { CLOSE_MATCHES, closeDepartments } from './closeMatches';
import { DEPARTMENT_ADMIN_MESSAGES as M } from '../../validation/departmentAdmin';

export interface MergeResult {
  kept: Department;
  removed: Department;
  /** How many of each moved to the kept department. */
  moved: { links: number; verifications: number; verifiers: number; profiles: number };
}

async function lockBoth(trx: Knex.Transaction, actor: Viewer, keepId: number, removeId: number) {
  const rows = await Department.query(trx).whereIn('id', [keepId, removeId]).orderBy('id').forUpdate();
  const find = (id: number) =>
    authorize(
      adminDepartmentPolicy,
      actor,
      'merge',
      rows.find((row) => row.id === id),
    );
  return { kept: find(keepId), removed: find(removeId) };
}

/** Links: one per member; the kept link is primary or listed when either was. */
async function moveLinks(trx: Knex.Transaction, keepId: number, removeId: number): Promise<number> {
  const both = (await trx('user_departments as r')
    .join('user_departments as k', 'k.user_id', 'r.user_id')
    .where('r.department_id', removeId)
    .where('k.department_id', keepId)
    .select('r.id as removedLink', 'k.id as keptLink', 'r.is_primary as primary', 'r.listed as listed')) as {
    removedLink: number;
    keptLink: number;
    primary: boolean;
    listed: boolean;
  }[];
  for (const { removedLink, keptLink, primary, listed } of both) {
    await trx('user_departments').where('id', removedLink).delete();
    const patch = { ...(primary ? { is_primary: true } : {}), ...(listed ? { listed: true } : {}) };
    if (Object.keys(patch).length) await trx('user_departments').where('id', keptLink).update(patch);
  }
  return trx('user_departments').where('department_id', removeId).update({ department_id: keepId });
}

async function moveVerifications(trx: Knex.Transaction, keepId: number, removeId: number): Promise<number> {
  const pair = [keepId, removeId];
  // The same member pending (or approved) in both: the kept department's row stands.
  await trx('membership_verifications as r')
    .where('r.department_id', removeId)
    .whereIn('r.status', ['pending', 'approved'])
    .whereExists((q) =>
      q
        .select(trx.raw('1'))
        .from('membership_verifications as k')
        .where('k.department_id', keepId)
        .whereRaw('k.user_id = r.user_id and k.status = r.status'),
    )
    .delete();
  // An approval in either ends the member's pending request in the other.
  await trx('membership_verifications')
    .whereIn('department_id', pair)
    .where('status', 'pending')
    .whereIn(
      'user_id',
      trx('membership_verifications').select('user_id').whereIn('department_id', pair).where('status', 'approved'),
    )
    .delete();
  return trx('membership_verifications').where('department_id', removeId).update({ department_id: keepId });
}

async function moveVerifiers(trx: Knex.Transaction, keepId: number, removeId: number): Promise<number> {
  await trx('department_verifiers')
    .where('department_id', removeId)
    .whereIn('user_id', trx('department_verifiers').select('user_id').where('department_id', keepId))
    .delete();
  return trx('department_verifiers').where('department_id', removeId).update({ department_id: keepId });
}

/** POST /api/admin/departments/{id}/merge, body {intoId}: `removeId` merged into `keepId`. */
export async function mergeDepartments(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { keepId: number; removeId: number },
): Promise<MergeResult> {
  const { keepId, removeId } = input;
  if (keepId === removeId) throw new ValidationError(M.mergeSame, { intoId: M.mergeSame });
  const { kept, removed } = await lockBoth(trx, actor, keepId, removeId);
  const links = await moveLinks(trx, keepId, removeId);
  const verifications = await moveVerifications(trx, keepId, removeId);
  const verifiers = await moveVerifiers(trx, keepId, removeId);
  const profiles = await trx('profiles').where('department_id', removeId).update({ department_id: keepId });
  // Earlier merges into the removed row now lead to the kept one (a redirect stays one step).
  await DepartmentMerge.query(trx).patch({ keptId: keepId }).where('keptId', removeId);
  await Department.query(trx).deleteById(removeId);
  await DepartmentMerge.query(trx).insert({
    removedId: removeId,
    keptId: keepId,
    removedName: removed.name,
    mergedById: actor.id,
  });
  return { kept, removed, moved: { links, verifications, verifiers, profiles } };
}

/** The department a removed one was merged into, if it was (its page redirects there). */
export async function mergedInto(removedId: number): Promise<number | undefined> {
  return (await DepartmentMerge.query().findById(removedId))?.keptId;
}

/**
 * For each department, the others it may be merged into on the Departments tab: pending or verified, in the same
 * state, with a similar name and city (closeMatches.ts). Administrators only.
 */
export async function mergeCandidates(
  viewer: Viewer,
  departments: readonly Department[],
  db?: Knex,
): Promise<Map<number, Department[]>> {
  authorizeOnCollection(adminDepartmentPolicy, viewer, 'listPending');
  const candidates = new Map<number, Department[]>();
  for (const department of departments) {
    const close = await closeDepartments(db ?? Department.knex(), department, CLOSE_MATCHES + 1);
    candidates.set(
      department.id,
      close.filter((other) => other.id !== department.id),
    );
  }
  return candidates;
}
