/** Photos and folders as JSON (src/validation/photos.ts types), for the viewer. */
import type { Photo } from '../models/Photo';
import type { PhotoFolder } from '../models/PhotoFolder';
import { canSee, type Viewer } from '../policies';
import { photoUrl, type Gallery } from '../services/photos';
import {
  PHOTO_VARIANTS,
  type PhotoFolderJson,
  type PhotoGalleryJson,
  type PhotoJson,
  type PhotoLinkJson,
  type PhotoVariant,
} from '../validation/photos';
import { iso } from './iso';

/**
 * One photo. `usage` (where it is used) is given only to those who may edit the profile. A photo the viewer
 * may not see is never presented (the queries filter; this checks again when the owner is known).
 */
export function presentPhoto(photo: Photo, usage: PhotoLinkJson[] | null = null): PhotoJson {
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
      originalName: usage ? photo.originalName : null,
      originalSize: photo.originalSize,
      compressionRatio: photo.originalSize ? Math.round((photo.fileSize / photo.originalSize) * 1000) / 1000 : 1,
      dimensions: { width: photo.width, height: photo.height },
      thumbnail: url('thumbnail'),
      medium: url('medium'),
      large: url('large'),
    },
    sources,
    linkedWidgets: usage,
    version: photo.version,
  };
}

export function presentFolder(folder: PhotoFolder): PhotoFolderJson {
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
  const { profile, usage } = gallery;
  return {
    profileId: profile.id,
    photoGallery: gallery.photos
      .filter((photo) => canSee(viewer, profile.userId, photo.visibility))
      .map((photo) => presentPhoto(photo, usage ? (usage.get(photo.id) ?? []) : null)),
    photoFolders: gallery.folders.map(presentFolder),
  };
}
