import { BaseModel } from './BaseModel';

export type DepartmentImportStatus = 'running' | 'done' | 'failed';

/** An upload of the registry CSV on the admin dashboard and its progress (docs/decisions/pending-departments.md). */
export class DepartmentImport extends BaseModel {
  static override tableName = 'department_imports';

  id!: number;
  status!: DepartmentImportStatus;
  fileName!: string | null;
  totalRows!: number;
  doneRows!: number;
  added!: number | null;
  updated!: number | null;
  unchanged!: number | null;
  skipped!: number | null;
  error!: string | null;
  startedById!: number | null;
  startedAt!: Date;
  finishedAt!: Date | null;
}
