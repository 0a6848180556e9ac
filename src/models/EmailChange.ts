import { BaseModel } from './BaseModel';

/** A change of the account's address waiting for its confirmation (src/services/emailChanges.ts). */
export class EmailChange extends BaseModel {
  static override tableName = 'email_changes';

  id!: number;
  userId!: number;
  oldEmail!: string;
  newEmail!: string;
  confirmTokenHash!: string;
  cancelTokenHash!: string;
  createdAt!: Date;
  expiresAt!: Date;
  confirmedAt!: Date | null;
  cancelledAt!: Date | null;
}
