import { BaseModel } from './BaseModel';

export type DataExportStatus = 'queued' | 'ready' | 'used' | 'expired';

/** An export prepared in the background (docs/decisions/data-export.md); its link's token is stored hashed and works once. */
export class DataExport extends BaseModel {
  static override tableName = 'data_exports';

  id!: number;
  userId!: number;
  status!: DataExportStatus;
  tokenHash!: string | null;
  fileKey!: string | null;
  fileSize!: number | string | null;
  requestedAt!: Date;
  readyAt!: Date | null;
  expiresAt!: Date | null;
  usedAt!: Date | null;
}
