import { BaseModel } from './BaseModel';

/**
 * A department an administrator merged into another (docs/decisions/pending-departments.md): the removed row is
 * gone, and its page redirects to the kept department's.
 */
export class DepartmentMerge extends BaseModel {
  static override tableName = 'department_merges';
  static override idColumn = 'removedId';

  removedId!: number;
  keptId!: number;
  removedName!: string;
  mergedById!: number | null;
  mergedAt!: Date;
}
