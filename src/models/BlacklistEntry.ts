import { BaseModel } from './BaseModel';

export type BlacklistType = 'email' | 'domain';

export class BlacklistEntry extends BaseModel {
  static override tableName = 'blacklist';

  id!: number;
  type!: BlacklistType;
  value!: string;
  reason!: string | null;
  isActive!: boolean;
  createdAt!: Date;
  createdBy!: number | null;
}
