import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { User } from './User';

export class BetaCode extends BaseModel {
  static override tableName = 'beta_codes';

  id!: number;
  code!: string;
  maxUses!: number;
  currentUses!: number;
  expiresAt!: Date | null;
  notes!: string | null;
  isActive!: boolean;
  createdAt!: Date;
  createdBy!: number | null;
  usedBy?: User[];

  static override relationMappings = (): RelationMappings => ({
    usedBy: {
      relation: BaseModel.ManyToManyRelation,
      modelClass: User,
      join: {
        from: 'beta_codes.id',
        through: { from: 'beta_code_uses.beta_code_id', to: 'beta_code_uses.user_id', extra: ['usedAt'] },
        to: 'users.id',
      },
    },
  });
}
