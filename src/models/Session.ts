import { BaseModel } from './BaseModel';

export class Session extends BaseModel {
  static override tableName = 'sessions';

  id!: number;
  tokenHash!: string;
  userId!: number;
  data!: Record<string, unknown>;
  createdAt!: Date;
  expiresAt!: Date;
  /** As sent at sign-in, and parsed once then (src/services/devices.ts); null for sessions made without one. */
  userAgent!: string | null;
  browser!: string | null;
  os!: string | null;
  /** When the session last proved who holds it (docs/api.md "Step-up"); null until it does. */
  provedAt!: Date | null;
  /** Written at most once a minute (src/services/sessionActivity.ts). */
  lastSeenAt!: Date;
}
