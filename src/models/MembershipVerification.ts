import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { Department } from './Department';
import { User } from './User';

export type MembershipVerificationStatus = 'pending' | 'approved' | 'declined' | 'revoked';

/**
 * A member's request to be verified in a department, and its decision (docs/decisions/verified-membership.md). Rows are history: at most
 * one pending and one approved per member and department (partial unique indexes).
 */
export class MembershipVerification extends BaseModel {
  static override tableName = 'membership_verifications';

  id!: number;
  userId!: number;
  departmentId!: number;
  status!: MembershipVerificationStatus;
  requestedAt!: Date;
  decidedAt!: Date | null;
  decidedById!: number | null;
  reason!: string | null;
  department?: Department;
  user?: User;
  decidedBy?: User | null;

  static override relationMappings = (): RelationMappings => ({
    department: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Department,
      join: { from: 'membership_verifications.departmentId', to: 'departments.id' },
    },
    user: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'membership_verifications.userId', to: 'users.id' },
    },
    decidedBy: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'membership_verifications.decidedById', to: 'users.id' },
    },
  });
}
