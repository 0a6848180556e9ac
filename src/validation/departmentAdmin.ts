/**
 * The admin dashboard's department tools beyond the spec's queue (docs/decisions/pending-departments.md):
 * merging a duplicate into the department kept, and importing the full registry CSV by upload. Shared by the
 * server and the islands.
 */
import { number, object, string } from 'yup';
import { id, trimmed } from './common';
import type { DepartmentJson } from './departments';
import type { FormState } from './forms';

export const DEPARTMENT_ADMIN_MESSAGES = {
  mergeIntoRequired: 'Choose the department to keep',
  mergeSame: 'A department cannot be merged into itself',
  merged: (removed: string, kept: string) => `${removed} was merged into ${kept}.`,
  mergeFailed: 'Departments not merged',
  importFileRequired: 'Choose the registry CSV file to import',
  importNotCsv: 'The file is not a registry CSV (it needs name, city and state columns)',
  importTooLarge: 'The file is larger than the import takes (50 MB)',
  importFailed: 'The import failed; nothing was changed.',
  importNotFound: 'Import not found',
  importStarted: 'Import started',
} as const;

export const DEPARTMENT_ADMIN_LABELS = {
  mergeTitle: 'Merge duplicates',
  mergeDescription:
    'Everything that names the duplicate — members, verifications, verifiers, profiles — moves to the department kept, and the duplicate’s page leads there.',
  duplicate: 'Duplicate (removed)',
  keep: 'Department to keep',
  merge: 'Merge',
  importTitle: 'Import the full registry',
  importDescription:
    'Upload the U.S. Fire Administration’s National Fire Department Registry CSV (about 27,000 departments). New departments are added as official; existing ones are updated; administrators’ decisions stand.',
  importFile: 'Registry CSV',
  importButton: 'Import',
  importing: 'Importing…',
} as const;

/** The biggest registry CSV an upload takes (the full registry is ~5 MB). */
export const REGISTRY_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

/** POST /api/admin/departments/{id}/merge: the department `id` is merged into `intoId`. */
export const departmentMergeSchema = object({
  intoId: id(DEPARTMENT_ADMIN_MESSAGES.mergeIntoRequired),
});

/** The no-script merge form on the Departments tab (`intent=merge`). */
export const departmentMergeFormSchema = object({
  id: id(DEPARTMENT_ADMIN_MESSAGES.mergeIntoRequired),
  intoId: id(DEPARTMENT_ADMIN_MESSAGES.mergeIntoRequired),
  returnTo: string().transform(trimmed).default('/admin?tab=departments'),
});

/** The merge's answer: the kept department and how much moved. */
export interface DepartmentMergeJson {
  kept: DepartmentJson;
  removedId: number;
  removedName: string;
  moved: { links: number; verifications: number; verifiers: number; profiles: number };
}

export type DepartmentImportStatus = 'running' | 'done' | 'failed';

/** An import job as the progress bar reads it (GET /api/admin/departments/imports/{id}). */
export interface DepartmentImportJson {
  id: number;
  status: DepartmentImportStatus;
  fileName: string | null;
  totalRows: number;
  doneRows: number;
  result: { added: number; updated: number; unchanged: number; skipped: number } | null;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

/** `?import=` on the Departments tab: the import whose result the page shows. */
export const departmentImportQuery = object({ import: number().integer().positive().optional() });

/** How often the progress bar asks for the import's state. */
export const IMPORT_POLL_MS = 500;

/** A line the Departments tab shows once at its top after a post (a merge, an import, a refusal). */
export interface DepartmentTabStatus {
  tone: 'ok' | 'danger';
  text: string;
}

/** The Departments tab's island props (docs/decisions/pending-departments.md). */
export interface AdminDepartmentsTabJson {
  initialDepartments: DepartmentJson[];
  /** Per pending department, the close departments it may be merged into (same state, similar name and city). */
  mergeCandidates: Record<number, DepartmentJson[]>;
  latestImport: DepartmentImportJson | null;
  status: DepartmentTabStatus | null;
  /** A refused no-script merge: which department's form, and its state (the proof it asks for). */
  mergeForm: { id: number; state: FormState } | null;
}
