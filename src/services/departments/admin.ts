/**
 * Department verification on the admin dashboard (spec 01 §§2, 4, 7): the pending queue (user-added
 * departments, oldest first, departments_pending_index), editing a department's name and place, and moving a
 * department to verified or rejected. A rejected department disappears from search and can no longer be
 * linked (src/policies/departments.ts); users who already linked it keep their link (docs/decisions/admin-dashboard.md).
 */
import type { Knex } from 'knex';
import { Department } from '../../models/Department';
import { adminDepartmentPolicy, authorize, authorizeOnCollection, type Viewer } from '../../policies';
import type { DepartmentCreateInput } from '../../validation/departments';

export async function listPendingDepartments(viewer: Viewer, db?: Knex): Promise<Department[]> {
  authorizeOnCollection(adminDepartmentPolicy, viewer, 'listPending');
  return Department.query(db)
    .modify(adminDepartmentPolicy.scope, viewer)
    .where('verificationStatus', 'pending')
    .orderBy('createdAt')
    .orderBy('id');
}

async function patchDepartment(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { id: number; action: 'edit' | 'verify' },
  patch: Partial<Pick<Department, 'name' | 'city' | 'state' | 'county' | 'country' | 'verificationStatus'>>,
): Promise<Department> {
  const department = await Department.query(trx).findById(input.id).forUpdate();
  return authorize(adminDepartmentPolicy, actor, input.action, department).$query(trx).patchAndFetch(patch);
}

/** PATCH /api/admin/departments/{id}: name, city, state, county, country (the add-department rules). */
export async function editDepartment(
  trx: Knex.Transaction,
  actor: Viewer,
  input: DepartmentCreateInput & { id: number },
): Promise<Department> {
  return patchDepartment(
    trx,
    actor,
    { id: input.id, action: 'edit' },
    {
      name: input.name,
      city: input.city,
      state: input.state,
      county: input.county ?? null,
      country: input.country,
    },
  );
}

/** PATCH /api/admin/departments/{id}/verify, body {status}: verified or rejected. */
export async function verifyDepartment(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { id: number; status: 'verified' | 'rejected' },
): Promise<Department> {
  return patchDepartment(trx, actor, { id: input.id, action: 'edit' }, { verificationStatus: input.status });
}
