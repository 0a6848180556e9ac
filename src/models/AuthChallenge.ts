import { BaseModel } from './BaseModel';

export type AuthChallengeKind = 'second_factor' | 'enrol' | 'passkey_register' | 'passkey_login';

/** Short-lived, single-use sign-in state, keyed by a SHA-256 of its token (docs/decisions/two-factor.md, docs/decisions/passkeys.md). */
export class AuthChallenge extends BaseModel {
  static override tableName = 'auth_challenges';
  static override idColumn = 'tokenHash';

  tokenHash!: string;
  userId!: number | null;
  kind!: AuthChallengeKind;
  expiresAt!: Date;
  createdAt!: Date;
}
