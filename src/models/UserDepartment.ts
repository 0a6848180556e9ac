import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { Department } from './Department';

/** A user's link to a department; at most one per user is primary (a partial unique index). */
export class UserDepartment extends BaseModel {
  static override tableName = 'user_departments';

  id!: number;
  userId!: number;
  departmentId!: number;
  isPrimary!: boolean;
  addedAt!: Date;
  /** Shown on the department's page when the membership is verified (docs/decisions/verified-membership.md); off by default. */
  listed!: boolean;
  department?: Department;

  static override relationMappings = (): RelationMappings => ({
    department: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Department,
      join: { from: 'user_departments.departmentId', to: 'departments.id' },
    },
  });
}
