/** The admin dashboard's department tools as the API answers them (docs/decisions/pending-departments.md). */
import type { DepartmentImport } from '../models/DepartmentImport';
import type { Viewer } from '../policies/viewer';
import type { MergeResult } from '../services/departments/merge';
import type { DepartmentImportJson, DepartmentMergeJson } from '../validation/departmentAdmin';
import { presentDepartment } from './departments';
import { iso } from './iso';

export function presentDepartmentImport(job: DepartmentImport): DepartmentImportJson {
  return {
    id: job.id,
    status: job.status,
    fileName: job.fileName,
    totalRows: job.totalRows,
    doneRows: job.doneRows,
    result:
      job.status === 'done'
        ? { added: job.added ?? 0, updated: job.updated ?? 0, unchanged: job.unchanged ?? 0, skipped: job.skipped ?? 0 }
        : null,
    error: job.error,
    startedAt: iso(job.startedAt),
    finishedAt: job.finishedAt ? iso(job.finishedAt) : null,
  };
}

export function presentDepartmentMerge(merge: MergeResult, viewer: Viewer): DepartmentMergeJson {
  return {
    kept: presentDepartment(merge.kept, viewer),
    removedId: merge.removed.id,
    removedName: merge.removed.name,
    moved: merge.moved,
  };
}
