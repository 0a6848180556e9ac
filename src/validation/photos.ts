/**
 * Photos (spec 02 §§2–9 "Photo Gallery", "Photo", "Photo folder", photo links): the JSON shapes the API
 * returns and islands receive, the spec's messages word for word, the limits, and the request schemas.
 * Shared by the server and the islands (no server imports).
 */
import { array, boolean, mixed, number, object, string, type InferType } from 'yup';
import { id, trimmed } from './common';
import type { ListItemJson } from './lists/define';
import { VISIBILITIES, type Visibility } from './visibility';

export const PHOTO_CATEGORIES = ['milestone', 'action', 'training', 'ceremony'] as const;
export type PhotoCategory = (typeof PHOTO_CATEGORIES)[number];

export const PHOTO_VARIANTS = ['thumbnail', 'medium', 'large'] as const;
export type PhotoVariant = (typeof PHOTO_VARIANTS)[number];
/** Longest side of each stored variant, in pixels (never enlarged). */
export const PHOTO_VARIANT_SIZES: Record<PhotoVariant, number> = { thumbnail: 320, medium: 800, large: 1200 };

/** Upload limits (spec 02 §5 "PNG, JPG, WebP up to 10MB each"; §9 browser compression). */
export const PHOTO_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  /** Decoded pixels an upload may have (a 30000×30000 PNG is a decompression bomb). */
  maxPixels: 50_000_000,
  compressMaxDimension: 1200,
  compressQuality: 0.8,
  captionMax: 500,
  tagMax: 50,
  tagsMax: 20,
  folderNameMax: 100,
  folderDescriptionMax: 500,
  /** Default cap of the Photo Manager's selection (spec 02 §5); the timeline uses 1. */
  maxSelection: 10,
  /** Photos the main profile's compact gallery shows (spec 02 §9); an upload goes on it while it has fewer. */
  mainProfileSlots: 4,
} as const;

/** The widgets a photo can be linked to, with their caps (spec 02 §§5, 9; docs/decisions/photos.md). */
export const PHOTO_LINK_TARGETS = {
  timeline: { max: 1, defaultCategory: 'milestone' },
  statusUpdates: { max: 1, defaultCategory: 'milestone' },
  incidents: { max: 5, defaultCategory: 'action' },
  awards: { max: 3, defaultCategory: 'ceremony' },
  fireStations: { max: 1, defaultCategory: 'action' },
  profile: { max: 1, defaultCategory: 'milestone' },
} as const satisfies Record<string, { max: number; defaultCategory: PhotoCategory }>;
export type PhotoLinkTarget = keyof typeof PHOTO_LINK_TARGETS;
export const PHOTO_LINK_TARGET_KEYS = Object.keys(PHOTO_LINK_TARGETS) as PhotoLinkTarget[];

export interface LinkableItem {
  /** The item's id; null for the profile image (no item). */
  id: number | null;
  title: string;
  photoIds: number[];
}

/**
 * The widgets whose photos are linked in edit mode: the lists with a Photo Manager, and the profile image. Every
 * list with a photo field in spec 02 §3 has one: timeline (photo), status updates (photo), incidents (photos),
 * awards (photos), fire stations (stationPhoto) — §3 counts a photo's uses across all of them.
 */
export type Target = PhotoLinkTarget;
export type LinkableList = Exclude<Target, 'profile'>;
const LINKABLE_LISTS: readonly string[] = [
  'timeline',
  'statusUpdates',
  'incidents',
  'awards',
  'fireStations',
] satisfies LinkableList[];

/** The list (by its key) whose items get photos through the Photo Manager, or null. */
export const linkableList = (key: string): LinkableList | null =>
  LINKABLE_LISTS.includes(key) ? (key as LinkableList) : null;

/** A presented list item as the photo links show it: its title and linked photo ids (the server's `photoIds`). */
export function linkableItem(item: Record<string, unknown> & { id: number; photoIds?: number[] }): LinkableItem {
  return {
    id: item.id,
    title: String(item.event ?? item.title ?? item.stationName ?? item.name ?? ''),
    photoIds: item.photoIds ?? [],
  };
}

/** Default photo category per widget (spec 02 §9). */
export const DEFAULT_PHOTO_CATEGORY: Record<string, PhotoCategory> = {
  timeline: 'milestone',
  incidents: 'action',
  awards: 'ceremony',
  certifications: 'training',
  gear: 'action',
  specialUnits: 'action',
  profile: 'milestone',
};

export const PHOTO_MESSAGES = {
  // spec 02 §§5, 8 (word for word)
  noImagesTitle: 'No Images Selected',
  noImages: 'Please select valid image files',
  uploadHelp: 'PNG, JPG, WebP up to 10MB each',
  mainProfileDefault: 'New photos go on your main profile while it shows fewer than 4.',
  heic: 'HEIC files are not supported',
  deleteFailed: 'Failed to delete photo',
  deleteFailedDescription: 'Please try again later.',
  compressionFailed: 'Compression failed',
  compressionFailedDescription: 'Will upload original files.',
  uploadFailedTitle: 'Upload Failed',
  uploadFailedDescription: 'There was an error uploading your photos. Please try again.',
  processingTitle: 'Error processing image',
  processingDescription: 'Please try again with a different image.',
  timelineSaveFailed: 'Failed to save timeline event',
  timelineSaveFailedDescription: 'Please save the timeline event manually before uploading photos.',
  linkFailed: 'Failed to link photo',
  linkFailedDescription: 'Please save the timeline event first and try again.',
  uploadedButNotLinked: 'Photo uploaded but linking failed.',
  uploadPhotoFailed: 'Failed to upload photo.',
  uploadFailed: 'Failed to upload',
  allFailed: (n: number) => `All ${n} photos failed to upload`,
  profileIdMissing: 'Profile ID not available',
  canvasUnavailable: 'Canvas context not available',
  loadImageFailed: (file: string) => `Failed to load image: ${file}`,
  folderNameRequired: 'Folder name is required',
  // the server's own answers
  tooLarge: 'Photos can be at most 10MB each',
  notAnImage: 'Please select valid image files',
  tooManyPixels: 'This image has too many pixels to process',
  noFile: 'Please choose a photo to upload',
  photoNotFound: 'Photo not found',
  folderNotFound: 'Folder not found',
  linkTargetNotFound: 'Item not found',
  tooManyLinked: (max: number) =>
    max === 1 ? 'Only one photo can be linked here' : `At most ${max} photos can be linked here`,
  profileImagePublic: 'The profile image must be a public photo',
  caption: `Caption must be at most ${PHOTO_LIMITS.captionMax} characters`,
  category: 'Category must be milestone, action, training or ceremony',
  visibility: 'Visibility must be public, authenticated or private',
  tag: `Tags must be at most ${PHOTO_LIMITS.tagMax} characters`,
  tags: `At most ${PHOTO_LIMITS.tagsMax} tags`,
  tagText: 'Tags must be text',
  color: 'Color must be a hex color like #6b7280',
  safeToDelete: 'This photo is not used anywhere. It is safe to delete.',
} as const;

export interface PhotoDimensions {
  width: number;
  height: number;
}

/** Where a photo is used (spec 02 §3 linkedWidgets). `itemId` is the item's id; `context` its title. */
export interface PhotoLinkJson {
  widgetType: PhotoLinkTarget;
  itemId: number | null;
  context: string;
}

export interface PhotoSourceJson {
  /** Each variant's WebP URL and its JPEG fallback. */
  webp: string;
  jpeg: string;
  width: number;
  height: number;
}

export interface PhotoJson {
  id: number;
  /** Its position in the profile's gallery (the API's index). */
  index: number;
  caption: string | null;
  category: PhotoCategory;
  folderId: number | null;
  showOnMainProfile: boolean;
  visibility: Visibility;
  uploadDate: string;
  tags: string[];
  /** The large JPEG (spec 02 §3 `url`, `fileUrl`). */
  url: string;
  metadata: {
    fileSize: number;
    originalName: string | null;
    originalSize: number;
    compressionRatio: number;
    dimensions: PhotoDimensions;
    thumbnail: string;
    medium: string;
    large: string;
  };
  sources: Record<PhotoVariant, PhotoSourceJson>;
  /** Where it is used; only for those who may edit the profile (null for others). */
  linkedWidgets: PhotoLinkJson[] | null;
  version: number;
}

export interface PhotoFolderJson {
  id: number;
  name: string;
  type: 'custom' | 'system';
  color: string;
  description: string | null;
  parentId: number | null;
  createdDate: string;
}

export interface PhotoGalleryJson {
  profileId: number;
  photoGallery: PhotoJson[];
  photoFolders: PhotoFolderJson[];
}

/** The answer of PUT /api/profiles/{id}/photo-links/… (docs/api.md): the linked photos and the changed item. */
export interface PhotoLinksJson {
  target: PhotoLinkTarget;
  photoIds: number[];
  photos: PhotoJson[];
  /** The list item as presented, with its new version (null for the profile image). */
  item: ListItemJson | null;
  profileImage?: string | null;
}

const trimmedOrNull = (max: number, message: string) =>
  string()
    .typeError(message)
    .transform(trimmed)
    .max(max, message)
    .nullable()
    .transform((value: unknown, original: unknown) =>
      typeof original === 'string' && original.trim() === '' ? null : value,
    );

/** Tags: trimmed, blanks dropped, duplicates ignored (spec 02 §5). */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

/**
 * Tags are text: a list of strings, or one comma-separated string. Anything else (an object, numbers) is
 * turned into a non-list before the items are cast, so it is one 400 on `tags`, never "[object Object]".
 */
const tagsSchema = array(
  string().typeError(PHOTO_MESSAGES.tagText).max(PHOTO_LIMITS.tagMax, PHOTO_MESSAGES.tag).defined(),
)
  .typeError(PHOTO_MESSAGES.tagText)
  .transform((value: unknown) =>
    typeof value === 'string'
      ? normalizeTags(value.split(','))
      : Array.isArray(value)
        ? value.every((v) => typeof v === 'string')
          ? normalizeTags(value.flatMap((v: string) => v.split(',')))
          : { notText: value }
        : value,
  )
  .max(PHOTO_LIMITS.tagsMax, PHOTO_MESSAGES.tags);

const photoFieldShape = {
  caption: trimmedOrNull(PHOTO_LIMITS.captionMax, PHOTO_MESSAGES.caption),
  category: mixed<PhotoCategory>().oneOf([...PHOTO_CATEGORIES], PHOTO_MESSAGES.category),
  visibility: mixed<Visibility>().oneOf([...VISIBILITIES], PHOTO_MESSAGES.visibility),
  showOnMainProfile: boolean().typeError('Show on main profile must be true or false'),
  tags: tagsSchema,
  folderId: id(PHOTO_MESSAGES.folderNotFound).nullable().notRequired(),
};

/** The fields sent with an upload (multipart fields or the JSON body beside its data URL). */
export const photoUploadFieldsSchema = object(photoFieldShape);
export type PhotoUploadFields = InferType<typeof photoUploadFieldsSchema>;

/** PATCH /api/profiles/{id}/photos/{index} */
export const photoUpdateSchema = object(photoFieldShape);
export type PhotoUpdateInput = InferType<typeof photoUpdateSchema>;

/** PATCH /api/profiles/{id}/photos/{index}/move */
export const photoMoveSchema = object({
  folderId: id(PHOTO_MESSAGES.folderNotFound).nullable().defined(PHOTO_MESSAGES.folderNotFound),
});

/** POST /api/profiles/{id}/folders (spec 02 §7: name, type, color, description, createdDate). */
export const folderCreateSchema = object({
  name: string()
    .typeError(PHOTO_MESSAGES.folderNameRequired)
    .transform(trimmed)
    .required(PHOTO_MESSAGES.folderNameRequired)
    .max(PHOTO_LIMITS.folderNameMax, `Folder name must be at most ${PHOTO_LIMITS.folderNameMax} characters`),
  type: mixed<'custom' | 'system'>().oneOf(['custom'], 'Only custom folders can be created').default('custom'),
  color: string()
    .transform(trimmed)
    .matches(/^#[0-9a-fA-F]{6}$/, PHOTO_MESSAGES.color)
    .default('#6b7280'),
  description: trimmedOrNull(PHOTO_LIMITS.folderDescriptionMax, 'Description must be at most 500 characters'),
  parentId: id(PHOTO_MESSAGES.folderNotFound).nullable().notRequired(),
  // createdDate is the server's: a client's clock is not trusted (the field is accepted and ignored).
});
export type FolderCreateInput = InferType<typeof folderCreateSchema>;

/** PUT /api/profiles/{id}/photo-links/{target}[/{item}] — the photos linked to one item, in order. */
export const photoLinksSchema = object({
  photoIds: array(id(PHOTO_MESSAGES.photoNotFound).defined())
    .required('photoIds is required')
    .transform((value: unknown) => (Array.isArray(value) ? [...new Set(value)] : value)),
});
export type PhotoLinksInput = InferType<typeof photoLinksSchema>;

/** A data URL's parts, or null when it is not a base64 data URL. */
export function parseDataUrl(value: string): { mime: string; base64: string } | null {
  const match = /^data:([a-z0-9.+/-]+)?(?:;[a-z0-9=.-]+)*;base64,/i.exec(value.slice(0, 200));
  return match ? { mime: (match[1] ?? '').toLowerCase(), base64: value.slice(match[0].length) } : null;
}

/** HEIC/HEIF by name or type: refused before compressing (spec 02 §5). */
export const isHeic = (file: { name: string; type: string }) =>
  /\.(heic|heif)$/i.test(file.name) || /^image\/hei[cf]/i.test(file.type);

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

const INDEX = /^(0|[1-9][0-9]*)$/;
/**
 * A photo's index in a URL: all digits ("0", "12"), however large — a position no photo has is the same
 * "Photo not found" whatever its size (src/services/photos: past Postgres integer, none). Anything else
 * names nothing (404).
 */
export const photoIndex = () =>
  number()
    .transform((value: unknown, original: unknown) =>
      typeof original === 'string' ? (INDEX.test(original) ? Number(original) : NaN) : value,
    )
    .typeError(PHOTO_MESSAGES.photoNotFound)
    .min(0, PHOTO_MESSAGES.photoNotFound)
    .required(PHOTO_MESSAGES.photoNotFound);

export const photoParams = object({ id: id(), index: photoIndex() });
/** A widget whose items link photos (the profile image has its own route: no item). */
export const photoLinkListSchema = () =>
  mixed<Exclude<PhotoLinkTarget, 'profile'>>()
    .oneOf(
      PHOTO_LINK_TARGET_KEYS.filter((key) => key !== 'profile'),
      'No such widget',
    )
    .required('No such widget');
