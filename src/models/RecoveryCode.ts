import { BaseModel } from './BaseModel';

/** A one-time recovery code, stored as a keyed hash (src/services/twoFactor/recoveryCodes.ts). */
export class RecoveryCode extends BaseModel {
  static override tableName = 'recovery_codes';

  id!: number;
  userId!: number;
  /** HMAC-SHA-256 of the user id and the code (hex). */
  codeDigest!: string;
  usedAt!: Date | null;
  createdAt!: Date;
}
