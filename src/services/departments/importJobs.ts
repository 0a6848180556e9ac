/**
 * Registry imports started from the admin dashboard (docs/decisions/pending-departments.md): each upload is a
 * department_imports row, its progress written as the import goes (outside the import's own transaction, so the
 * progress bar — on any node — reads it while the import runs) and its counts or failure when it ends. The
 * import itself runs in src/db/departmentImportJob.ts, one transaction, through importDepartments (the CLI's
 * service).
 */
import type { Knex } from 'knex';
import { DepartmentImport } from '../../models/DepartmentImport';
import { adminDepartmentPolicy, authorizeOnCollection, type Viewer } from '../../policies';
import type { ImportResult } from './registryImport';
import { DEPARTMENT_ADMIN_MESSAGES } from '../../validation/departmentAdmin';
import { NotFoundError } from '../../errors';

/** A new running import of `totalRows` rows, started by an administrator. */
export async function createImportJob(
  db: Knex,
  actor: Viewer,
  input: { fileName: string | null; totalRows: number },
): Promise<DepartmentImport> {
  authorizeOnCollection(adminDepartmentPolicy, actor, 'import');
  return DepartmentImport.query(db).insertAndFetch({
    status: 'running',
    fileName: input.fileName,
    totalRows: input.totalRows,
    doneRows: 0,
    startedById: actor.id,
  });
}

export async function recordImportProgress(db: Knex, input: { id: number; doneRows: number }): Promise<void> {
  await DepartmentImport.query(db).patch({ doneRows: input.doneRows }).where({ id: input.id, status: 'running' });
}

/** The import ended: its counts, or (nothing written: its transaction rolled back) its failure. */
export async function finishImportJob(
  db: Knex,
  input: { id: number; result: ImportResult } | { id: number; error: string },
): Promise<DepartmentImport> {
  const patch =
    'result' in input
      ? { status: 'done' as const, ...input.result }
      : { status: 'failed' as const, error: input.error, doneRows: 0 };
  return DepartmentImport.query(db).patchAndFetchById(input.id, { ...patch, finishedAt: new Date() });
}

/** GET /api/admin/departments/imports/{id}: administrators only; 404 for an unknown id. */
export async function findImportJob(viewer: Viewer, input: { id: number }, db?: Knex): Promise<DepartmentImport> {
  authorizeOnCollection(adminDepartmentPolicy, viewer, 'import');
  const job = await DepartmentImport.query(db).findById(input.id);
  if (!job) throw new NotFoundError(DEPARTMENT_ADMIN_MESSAGES.importNotFound);
  return job;
}

/** The latest import, for the Departments tab (administrators only). */
export async function latestImportJob(viewer: Viewer, db?: Knex): Promise<DepartmentImport | undefined> {
  authorizeOnCollection(adminDepartmentPolicy, viewer, 'import');
  return DepartmentImport.query(db).orderBy('id', 'desc').first();
}
