import { BaseModel } from './BaseModel';

/** A folder of a profile's gallery (spec 02 §3 "Photo folder"). */
export class PhotoFolder extends BaseModel {
  static override tableName = 'photo_folders';
  static override hasUpdatedAt = true;

  id!: number;
  profileId!: number;
  name!: string;
  type!: 'custom' | 'system';
  color!: string;
  description!: string | null;
  parentId!: number | null;
  createdDate!: Date;
  createdAt!: Date;
  updatedAt!: Date;
}
