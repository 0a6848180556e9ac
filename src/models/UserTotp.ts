import { BaseModel } from './BaseModel';

/** A user's authenticator app (docs/decisions/two-factor.md). The secret is sealed (src/services/twoFactor/secretBox.ts). */
export class UserTotp extends BaseModel {
  static override tableName = 'user_totp';
  static override idColumn = 'userId';

  userId!: number;
  secretSealed!: string;
  confirmedAt!: Date | null;
  /** The newest 30-second step a code was accepted for (bigint: a string from pg). */
  lastUsedStep!: string | number | null;
  createdAt!: Date;
}
