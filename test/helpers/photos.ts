/** Test data for photos: a gallery row inserted directly (no files), at the end of the profile's gallery. */
import { randomBytes } from 'node:crypto';
import { Photo } from '../../src/models/Photo';
import type { Visibility } from '../../src/validation/visibility';

export async function insertPhotoFor(
  profileId: number,
  attributes: { visibility?: Visibility; caption?: string } & Partial<
    Pick<Photo, 'category' | 'tags' | 'folderId' | 'showOnMainProfile'>
  > = {},
): Promise<Photo> {
  const last = (await Photo.query().where({ profileId }).max('position as last').first()) as unknown as {
    last: number | null;
  };
  return Photo.query().insertAndFetch({
    profileId,
    position: last.last === null ? 0 : last.last + 1,
    visibility: attributes.visibility ?? 'public',
    caption: attributes.caption ?? null,
    ...(attributes.category ? { category: attributes.category } : {}),
    ...(attributes.tags ? { tags: attributes.tags } : {}),
    ...(attributes.folderId !== undefined ? { folderId: attributes.folderId } : {}),
    ...(attributes.showOnMainProfile !== undefined ? { showOnMainProfile: attributes.showOnMainProfile } : {}),
    storageKey: randomBytes(16).toString('hex'),
    originalSize: 100,
    fileSize: 100,
    width: 10,
    height: 10,
    variants: {
      thumbnail: { width: 10, height: 10 },
      medium: { width: 10, height: 10 },
      large: { width: 10, height: 10 },
    },
  } as Partial<Photo>);
}
