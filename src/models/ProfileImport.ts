import { BaseModel } from './BaseModel';
import type { ImportRow, ImportSource } from '../validation/imports';

/**
 * An uploaded LinkedIn export or JSON Resume file as its owner's preview: each row and the Turnout item it would
 * become, or why it is skipped (docs/decisions/import-and-json-resume.md). Short-lived: read only while fresh.
 */
export class ProfileImport extends BaseModel {
  static override tableName = 'profile_imports';
  static override jsonAttributes = ['rows'];

  id!: number;
  userId!: number;
  profileId!: number;
  source!: ImportSource;
  fileName!: string | null;
  rows!: ImportRow[];
  createdAt!: Date;
}
