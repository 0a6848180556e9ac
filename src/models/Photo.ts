import { BaseModel } from './BaseModel';
import type { PhotoCategory, PhotoDimensions, PhotoVariant } from '../validation/photos';
import type { Visibility } from '../validation/visibility';

/**
 * A gallery photo (spec 02 §3 "Photo"). Its bytes live in the media store under `storageKey`
 * (src/services/photos/store.ts), never in the database.
 */
export class Photo extends BaseModel {
  static override tableName = 'photos';
  static override hasUpdatedAt = true;
  static override jsonAttributes = ['tags', 'variants'];

  id!: number;
  profileId!: number;
  /** 0-based place in the profile's gallery; the API's index. */
  position!: number;
  caption!: string | null;
  category!: PhotoCategory;
  folderId!: number | null;
  showOnMainProfile!: boolean;
  visibility!: Visibility;
  uploadDate!: Date;
  tags!: string[];
  storageKey!: string;
  originalName!: string | null;
  originalSize!: number;
  fileSize!: number;
  width!: number;
  height!: number;
  variants!: Record<PhotoVariant, PhotoDimensions>;
  version!: number;
  createdAt!: Date;
  updatedAt!: Date;
}
