import { BaseModel } from './BaseModel';

/** Stored files to remove once their rows are gone; removed by the account-data job if the first try failed. */
export class PendingFileDeletion extends BaseModel {
  static override tableName = 'pending_file_deletions';

  id!: string;
  keys!: string[];
  attempts!: number;
  lastError!: string | null;
  createdAt!: Date;
}
