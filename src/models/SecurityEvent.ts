import { BaseModel } from './BaseModel';

/** Something that happened to an account's sign-in (docs/decisions/security-events.md). `detail` never holds a secret. */
export class SecurityEvent extends BaseModel {
  static override tableName = 'security_events';

  id!: string;
  userId!: number;
  kind!: string;
  detail!: Record<string, unknown>;
  createdAt!: Date;
}
