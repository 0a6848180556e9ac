import { BaseModel } from './BaseModel';

/** A one-time recovery code, stored as an argon2id hash (docs/decisions/two-factor.md). */
export class RecoveryCode extends BaseModel {
  static override tableName = 'recovery_codes';

  id!: number;
  userId!: number;
  codeHash!: string;
  usedAt!: Date | null;
  createdAt!: Date;
}
