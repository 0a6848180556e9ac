import { BaseModel } from './BaseModel';
import type { PhotoLinkTarget } from '../validation/photos';

/**
 * A gallery photo linked to a list item, or the profile image (migrations/20261123008000_photo_links.ts).
 * The item is named by its table's column (`timelineId`, `incidentId`, …; none for the profile image), each a
 * foreign key that cascades; `itemId` is the database's own copy of whichever is set (0 for the profile image).
 */
export class PhotoLink extends BaseModel {
  static override tableName = 'photo_links';

  id!: number;
  profileId!: number;
  photoId!: number;
  target!: PhotoLinkTarget;
  timelineId!: number | null;
  statusUpdateId!: number | null;
  incidentId!: number | null;
  awardId!: number | null;
  fireStationId!: number | null;
  /** Generated: never written. */
  itemId!: number;
  /** 0-based order among the item's photos (below the target's cap). */
  position!: number;
}

/** Each list target's item column on photo_links. */
export const LINK_ITEM_COLUMN = {
  timeline: 'timelineId',
  statusUpdates: 'statusUpdateId',
  incidents: 'incidentId',
  awards: 'awardId',
  fireStations: 'fireStationId',
} as const satisfies Record<Exclude<PhotoLinkTarget, 'profile'>, keyof PhotoLink>;
