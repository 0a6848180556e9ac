import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { Department } from './Department';
import { User } from './User';

/** A user a site admin made verifier for one department (docs/decisions/verified-membership.md): they decide that department's requests. */
export class DepartmentVerifier extends BaseModel {
  static override tableName = 'department_verifiers';

  id!: number;
  departmentId!: number;
  userId!: number;
  grantedById!: number | null;
  grantedAt!: Date;
  department?: Department;
  user?: User;

  static override relationMappings = (): RelationMappings => ({
    department: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Department,
      join: { from: 'department_verifiers.departmentId', to: 'departments.id' },
    },
    user: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'department_verifiers.userId', to: 'users.id' },
    },
  });
}
