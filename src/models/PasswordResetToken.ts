import { BaseModel } from './BaseModel';

export class PasswordResetToken extends BaseModel {
  static override tableName = 'password_reset_tokens';

  id!: number;
  userId!: number;
  tokenHash!: string;
  expiresAt!: Date;
  usedAt!: Date | null;
  createdAt!: Date;
}
