/** Photos, folders, their uses and links as JSON (src/validation/photos.ts types), for the viewer. */
import type { Photo } from '../models/Photo';
import type { PhotoFolder } from '../models/PhotoFolder';
import type { Profile } from '../models/Profile';
import { canSee, isOwnerOrAdmin, type Viewer } from '../policies';
import { photoUrl, type Gallery, type PhotoUsage, type SetLinksResult } from '../services/photos';
import type { LISTS } from '../validation/lists';
import {
  PHOTO_VARIANTS,
  type PhotoFolderJson,
  type PhotoGalleryJson,
  type PhotoJson,
  type PhotoLinkJson,
  type PhotoLinksJson,
  type PhotoVariant,
} from '../validation/photos';
import type { GalleryFilter, GalleryView } from '../validation/gallery';
import { iso } from './iso';
import { presentListItem } from './lists';

/**
 * The profile's image as every viewer sees it: its linked photo's medium JPEG, else the external image URL. Here,
 * not in presenters/profiles.ts, so the photo-links answer shows it without the two presenters importing each other.
 */
export function presentProfileImage(profile: Pick<Profile, 'imageStorageKey' | 'profileImageUrl'>): string | null {
  return profile.imageStorageKey ? photoUrl(profile.imageStorageKey, 'medium', 'jpeg') : profile.profileImageUrl;
}

/** The banner as every viewer sees it: its photo's large JPEG while that photo is public (profilesWithUsername). */
export function presentBanner(profile: Pick<Profile, 'bannerStorageKey'>): string | null {
  return profile.bannerStorageKey ? photoUrl(profile.bannerStorageKey, 'large', 'jpeg') : null;
}

/** Where a photo is used (spec 02 §3 linkedWidgets): for those who may edit its profile only, else null. */
export function presentPhotoUsage(usage: PhotoUsage | null, viewer: Viewer | null): PhotoLinkJson[] | null {
  if (!usage || !isOwnerOrAdmin(viewer, usage.ownerId)) return null;
  return usage.uses.map((use) => ({ widgetType: use.target, itemId: use.itemId, context: use.title }));
}

/**
 * One photo. Its uses and original file name are for those who may edit the profile (`usage` names the
 * owner). A photo the viewer may not see is never presented (the queries filter; presentGallery checks again).
 */
export function presentPhoto(photo: Photo, viewer: Viewer | null, usage: PhotoUsage | null = null): PhotoJson {
  const linkedWidgets = presentPhotoUsage(usage, viewer);
  const sources = Object.fromEntries(
    PHOTO_VARIANTS.map((variant) => [
      variant,
      {
        webp: photoUrl(photo.storageKey, variant, 'webp'),
        jpeg: photoUrl(photo.storageKey, variant, 'jpeg'),
        width: photo.variants[variant]?.width ?? photo.width,
        height: photo.variants[variant]?.height ?? photo.height,
      },
    ]),
  ) as PhotoJson['sources'];
  const url = (variant: PhotoVariant) => sources[variant].webp;
  return {
    id: photo.id,
    index: photo.position,
    caption: photo.caption,
    category: photo.category,
    folderId: photo.folderId,
    showOnMainProfile: photo.showOnMainProfile,
    visibility: photo.visibility,
    uploadDate: iso(photo.uploadDate),
    tags: photo.tags ?? [],
    url: sources.large.jpeg,
    metadata: {
      fileSize: photo.fileSize,
      // A file's name can say more than its owner meant to share: editors only.
      originalName: linkedWidgets ? photo.originalName : null,
      originalSize: photo.originalSize,
      compressionRatio: photo.originalSize ? Math.round((photo.fileSize / photo.originalSize) * 1000) / 1000 : 1,
      dimensions: { width: photo.width, height: photo.height },
      thumbnail: url('thumbnail'),
      medium: url('medium'),
      large: url('large'),
    },
    sources,
    linkedWidgets,
    version: photo.version,
  };
}

/** A folder; folders are read by those who may edit the profile only (findGallery), whoever they are. */
export function presentFolder(folder: PhotoFolder, _viewer: Viewer | null): PhotoFolderJson {
  return {
    id: folder.id,
    name: folder.name,
    type: folder.type,
    color: folder.color,
    description: folder.description,
    parentId: folder.parentId,
    createdDate: iso(folder.createdDate),
  };
}

/** The gallery as the API answers it (spec 02 §7 "profile with photoGallery"). */
export function presentGallery(gallery: Gallery, viewer: Viewer | null): PhotoGalleryJson {
  const { profile, uses } = gallery;
  const usageOf = (photo: Photo): PhotoUsage | null =>
    uses ? { ownerId: profile.userId, uses: uses.filter((use) => use.photoId === photo.id) } : null;
  return {
    profileId: profile.id,
    photoGallery: gallery.photos
      .filter((photo) => canSee(viewer, profile.userId, photo.visibility))
      .map((photo) => presentPhoto(photo, viewer, usageOf(photo))),
    photoFolders: gallery.folders.map((folder) => presentFolder(folder, viewer)),
  };
}

/** The answer of PUT …/photo-links/… (docs/api.md): the linked photos, the changed item or profile image. */
export function presentPhotoLinks(
  result: SetLinksResult,
  list: (typeof LISTS)[number] | undefined,
  viewer: Viewer,
): PhotoLinksJson {
  const { target, photos, item, profile } = result;
  return {
    target,
    photoIds: photos.map((p) => p.id),
    photos: photos.map((p) => presentPhoto(p, viewer)),
    item: item && list ? presentListItem(list, item, viewer, profile.userId) : null,
    profileImage: target === 'profile' ? presentProfileImage(profile) : undefined,
  };
}

/**
 * The full gallery's filter and the folders it offers (only id and name: a folder's other fields are for those
 * who may edit), with the query parameters its form and links keep.
 */
export function presentGalleryView(
  filter: GalleryFilter,
  folders: Pick<PhotoFolder, 'id' | 'name'>[],
  keep: Record<string, string>,
): GalleryView {
  return { filter, folders: folders.map(({ id, name }) => ({ id, name })), keep };
}
