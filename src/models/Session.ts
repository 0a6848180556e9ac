import { BaseModel } from './BaseModel';

export class Session extends BaseModel {
  static override tableName = 'sessions';

  id!: number;
  tokenHash!: string;
  userId!: number;
  data!: Record<string, unknown>;
  createdAt!: Date;
  expiresAt!: Date;
}
