/**
 * The folders a viewer may filter the full photo gallery by (spec 02 §2 "Photo Gallery": folders): those that
 * hold at least one photo the viewer may see. A folder has no visibility of its own, so a folder of only
 * private (or members-only) photos — its name included — never reaches a viewer who may not see them, and
 * asking for it by id is answered exactly like asking for a folder that does not exist.
 */
import type { Knex } from 'knex';
import { Model } from 'objection';
import { Photo } from '../../models/Photo';
import { PhotoFolder } from '../../models/PhotoFolder';
import type { Profile } from '../../models/Profile';
import { visibilitiesFor, type Viewer } from '../../policies';

/** This viewer's folders of the profile's gallery, oldest first (only `id` and `name` are read). */
export async function galleryFolders(
  viewer: Viewer | null,
  profile: Pick<Profile, 'id' | 'userId'>,
  options: { folderId?: number } = {},
  db: Knex = Model.knex(),
): Promise<Pick<PhotoFolder, 'id' | 'name'>[]> {
  const query = PhotoFolder.query(db)
    .select('photoFolders.id', 'photoFolders.name')
    .where('photoFolders.profileId', profile.id)
    .whereExists(
      Photo.query(db)
        .whereColumn('photos.folderId', 'photoFolders.id')
        .whereIn('photos.visibility', visibilitiesFor(viewer, profile.userId)),
    )
    .orderBy('photoFolders.id');
  if (options.folderId !== undefined) query.where('photoFolders.id', options.folderId);
  return query;
}

/** True when this viewer may filter by the folder: it is the profile's and holds a photo they may see. */
export async function isGalleryFolder(
  viewer: Viewer | null,
  profile: Pick<Profile, 'id' | 'userId'>,
  folderId: number,
  db: Knex = Model.knex(),
): Promise<boolean> {
  return (await galleryFolders(viewer, profile, { folderId }, db)).length > 0;
}
