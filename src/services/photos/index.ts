/**
 * A profile's photo gallery (spec 02 §§2–9): uploads, edits, moves, deletes, folders and links from widgets.
 * Mutations are fn(trx, actor, input, store) and return models; the media store comes last (an app dependency).
 *
 * Invariants:
 * - only those who may update the profile (owner, admins) write; a profile they may not read is not found;
 * - a profile's photos have positions 0..n-1 (the API's index): an upload takes n, a delete moves the later
 *   ones up; every upload or delete locks the profile row first, so concurrent writes take turns;
 * - image bytes live in the media store under a server-generated random key, never in the database; the
 *   files are written before the row (a row never names missing files) and removed only after the commit
 *   that removed their row (a rollback never loses a photo);
 * - a public photo's URLs are cached as immutable: when it stops being public its files move to a new key, so
 *   the old URL stops answering;
 * - links (items' photos, the profile image) are photo_links rows written by ./links.ts only: a photo of the
 *   same profile, within the caps; deleting a photo removes its links in the same statement (foreign keys
 *   that cascade); a photo that stops being public stops being the profile image;
 * - every write changes the profile's version through the database's trigger (its kept pages change).
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { Model, raw } from 'objection';
import { NotFoundError, ValidationError } from '../../errors';
import { listItemModel } from '../../models/ListItem';
import { Photo } from '../../models/Photo';
import { PhotoFolder } from '../../models/PhotoFolder';
import { Profile } from '../../models/Profile';
import { authorize, can, canSee, profilePolicy, visibilitiesFor, type Viewer } from '../../policies';
import { LISTS, type ItemRef } from '../../validation/lists';
import {
  PHOTO_LIMITS,
  PHOTO_MESSAGES,
  type FolderCreateInput,
  type PhotoLinkTarget,
  type PhotoUpdateInput,
  type PhotoUploadFields,
  type PhotoVariant,
} from '../../validation/photos';
import { findProfile } from '../profileReads';
import { removeFilesAfterCommit } from '../fileDeletions';
import { processImage, type ImageFrame, type ProcessedImage } from './image';
import {
  attachPhotoLinks,
  findPhotoUses,
  replacePhotoLinks,
  unlinkPortraits,
  type LinkedItem,
  type PhotoUse,
} from './links';
import { readAll, type MediaStore } from './store';
import { readTogether } from '../../db/readTogether';

export { createMediaStore, LocalMediaStore, S3MediaStore, type MediaStore } from './store';
export type { PhotoUse } from './links';

const EXTENSIONS = { webp: 'webp', jpeg: 'jpg' } as const;
export type PhotoFormat = keyof typeof EXTENSIONS;

/** A variant's key in the store. */
export const variantKey = (storageKey: string, variant: PhotoVariant, format: PhotoFormat) =>
  `photos/${storageKey}/${variant}.${EXTENSIONS[format]}`;

/** Every file a photo has. */
export const photoFileKeys = (storageKey: string) =>
  (['thumbnail', 'medium', 'large'] as const).flatMap((v) =>
    (['webp', 'jpeg'] as const).map((f) => variantKey(storageKey, v, f)),
  );

/** The path a variant is served on (src/http/media.ts). */
export const photoUrl = (storageKey: string, variant: PhotoVariant, format: PhotoFormat) =>
  `/media/${variantKey(storageKey, variant, format)}`;

const newStorageKey = () => randomBytes(16).toString('hex');

// ---------------------------------------------------------------------------------------------------------
// Files

/** An upload's files, written to the store and not yet in the database. */
export interface PreparedPhoto {
  storageKey: string;
  width: number;
  height: number;
  fileSize: number;
  variants: Photo['variants'];
}

/**
 * Checks and re-encodes an upload (src/services/photos/image.ts) and writes its variants under a new key.
 * Call before the transaction; if the transaction then fails, `discardPreparedPhoto`.
 */
export async function preparePhoto(
  bytes: Buffer,
  store: MediaStore,
  frame: ImageFrame = 'whole',
): Promise<PreparedPhoto> {
  const image: ProcessedImage = await processImage(bytes, frame);
  const storageKey = newStorageKey();
  try {
    await Promise.all(
      image.variants.map((v) =>
        store.put(
          variantKey(storageKey, v.variant, v.format),
          v.bytes,
          v.format === 'webp' ? 'image/webp' : 'image/jpeg',
        ),
      ),
    );
  } catch (error) {
    await discardPreparedPhoto(storageKey, store);
    throw error;
  }
  const variants = Object.fromEntries(
    image.variants.filter((v) => v.format === 'webp').map((v) => [v.variant, { width: v.width, height: v.height }]),
  ) as Photo['variants'];
  const large = image.variants.find((v) => v.variant === 'large' && v.format === 'webp')!;
  return { storageKey, width: image.width, height: image.height, fileSize: large.bytes.length, variants };
}

export async function discardPreparedPhoto(storageKey: string, store: MediaStore): Promise<void> {
  await store.delete(photoFileKeys(storageKey)).catch((error: unknown) => {
    store.logger.warn({ err: error, storageKey }, 'could not remove the files of a photo that was not stored');
  });
}

/** Removes these photos' files once `trx` has committed (never after a rollback; retried if the store fails). */
async function removePhotoFilesAfterCommit(
  trx: Knex.Transaction,
  storageKeys: string[],
  store: MediaStore,
): Promise<void> {
  await removeFilesAfterCommit(trx, storageKeys.flatMap(photoFileKeys), store);
}

/**
 * For account deletion: removes the files of every photo of this user's profile (or of this profile) once
 * `trx` commits. The rows go with the profile (ON DELETE CASCADE); call this in the same transaction, before
 * deleting the user or profile, so the keys are still there to read.
 */
export async function schedulePhotoFilesRemoval(
  trx: Knex.Transaction,
  owner: { userId: number } | { profileId: number },
  store: MediaStore,
): Promise<number> {
  const query = Photo.query(trx).select('photos.storageKey');
  if ('userId' in owner)
    query.join('profiles', 'profiles.id', 'photos.profileId').where('profiles.userId', owner.userId);
  else query.where('photos.profileId', owner.profileId);
  const keys = (await query).map((p) => p.storageKey);
  await removePhotoFilesAfterCommit(trx, keys, store);
  return keys.length;
}

/**
 * A stored variant's bytes (for the AI caption feature: `readPhotoVariant(photo, 'medium', store)`). JPEG by
 * default — every image model reads it.
 */
export async function readPhotoVariant(
  photo: Pick<Photo, 'storageKey'>,
  variant: PhotoVariant,
  store: MediaStore,
  format: PhotoFormat = 'jpeg',
): Promise<Buffer> {
  const object = await store.get(variantKey(photo.storageKey, variant, format));
  if (!object) throw new NotFoundError(PHOTO_MESSAGES.photoNotFound);
  return readAll(object.body);
}

/**
 * The medium, metadata-free JPEG of a gallery photo — by position or by id — for someone who may edit the
 * profile (the AI caption suggestion sends it to the vision model). 404 for anyone else or a missing photo.
 */
export async function readGalleryPhotoForEditor(
  viewer: Viewer,
  ref: { profileId: number; photoIndex: number | null; photoId: number | null },
  store: MediaStore,
): Promise<Buffer> {
  const profile = await Profile.query().findById(ref.profileId);
  if (!profile || !can(profilePolicy, viewer, 'update', profile)) throw new NotFoundError(PHOTO_MESSAGES.photoNotFound);
  const query = Photo.query().where('profileId', profile.id);
  const photo = await (ref.photoId !== null
    ? query.findById(ref.photoId)
    : query.where('position', ref.photoIndex ?? -1).first());
  if (!photo) throw new NotFoundError(PHOTO_MESSAGES.photoNotFound);
  return readPhotoVariant(photo, 'medium', store);
}

// ---------------------------------------------------------------------------------------------------------
// Reading

async function lockProfileForUpdate(trx: Knex.Transaction, actor: Viewer, profileId: number): Promise<Profile> {
  return authorize(profilePolicy, actor, 'update', await Profile.query(trx).findById(profileId).forUpdate());
}

/** Before an upload is read: may this viewer write this profile's photos? (404 / 401 / 403 as the policy says.) */
export async function checkCanWritePhotos(viewer: Viewer | null, profileId: number): Promise<Profile> {
  return authorize(profilePolicy, viewer, 'update', await Profile.query().findById(profileId));
}

/** A gallery position as stored: an index past Postgres `integer` is one no photo has. */
const storedPosition = (index: number) => (Number.isSafeInteger(index) && index <= 2_147_483_647 ? index : -1);

async function lockPhoto(trx: Knex.Transaction, profileId: number, index: number): Promise<Photo> {
  const photo = await Photo.query(trx)
    .where({ profileId, position: storedPosition(index) })
    .forUpdate()
    .first();
  if (!photo) throw new NotFoundError(PHOTO_MESSAGES.photoNotFound);
  return photo;
}

/** A folder of this profile, or none; a refusal names the field that was sent (`folderId`, `parentId`). */
async function checkFolder(
  trx: Knex.Transaction,
  profileId: number,
  folderId: number | null | undefined,
  field: 'folderId' | 'parentId' = 'folderId',
) {
  if (folderId === null || folderId === undefined) return;
  const folder = await PhotoFolder.query(trx).findById(folderId).where('profileId', profileId);
  if (!folder) throw new ValidationError(PHOTO_MESSAGES.folderNotFound, { [field]: PHOTO_MESSAGES.folderNotFound });
}

export interface Gallery {
  profile: Profile;
  photos: Photo[];
  folders: PhotoFolder[];
  /** Where the photos are used — only for those who may edit the profile. */
  uses: PhotoUse[] | null;
}

/** Where one photo is used, and whose it is (its uses are for those who may edit the owner's profile). */
export interface PhotoUsage {
  ownerId: number;
  uses: PhotoUse[];
}

/** The photos and folders of a profile this viewer may see, in gallery order. */
export async function findGallery(
  viewer: Viewer | null,
  input: { profileId: number } | { profile: Profile },
  db: Knex = Model.knex(),
): Promise<Gallery> {
  const profile =
    'profile' in input
      ? authorize(profilePolicy, viewer, 'read', input.profile)
      : authorize(profilePolicy, viewer, 'read', await Profile.query(db).findById(input.profileId));
  const editor = can(profilePolicy, viewer, 'update', profile);
  const readPhotos = () =>
    Photo.query(db)
      .where('profileId', profile.id)
      .whereIn('visibility', visibilitiesFor(viewer, profile.userId))
      .orderBy('position');
  const readFolders = async () => (editor ? PhotoFolder.query(db).where('profileId', profile.id).orderBy('id') : []);
  const readUsage = async () => (editor ? findPhotoUses(db, profile.id) : null);
  const [photos, folders, uses] = await readTogether(db, [readPhotos, readFolders, readUsage]);
  return { profile, photos, folders, uses };
}

/** Where one photo is used (for its editor). */
export async function usageOfPhoto(db: Knex, photo: Pick<Photo, 'id' | 'profileId'>): Promise<PhotoUsage> {
  const profile = await Profile.query(db).findById(photo.profileId).throwIfNotFound();
  return { ownerId: profile.userId, uses: await findPhotoUses(db, photo.profileId, photo.id) };
}

/** The photo a served URL names, if this viewer may see it. */
export async function findServedPhoto(viewer: Viewer | null, storageKey: string): Promise<Photo | null> {
  const photo = await Photo.query().findOne({ storageKey });
  if (!photo) return null;
  const profile = await Profile.query().findById(photo.profileId);
  if (!profile || !can(profilePolicy, viewer, 'read', profile)) return null;
  return canSee(viewer, profile.userId, photo.visibility) ? photo : null;
}

/** Whether a photo may be cached by anyone: public on a live profile. */
export async function isPubliclyCacheable(photo: Photo): Promise<boolean> {
  if (photo.visibility !== 'public') return false;
  const profile = await Profile.query().findById(photo.profileId);
  return profile?.profileStatus === 'live';
}

// ---------------------------------------------------------------------------------------------------------
// Writing

export async function addPhoto(
  trx: Knex.Transaction,
  actor: Viewer,
  input: {
    profileId: number;
    prepared: PreparedPhoto;
    originalName: string | null;
    originalSize: number;
    fields: PhotoUploadFields;
  },
): Promise<Photo> {
  const profile = await lockProfileForUpdate(trx, actor, input.profileId);
  const { fields, prepared } = input;
  await checkFolder(trx, profile.id, fields.folderId);
  const last = await Photo.query(trx)
    .where('profileId', profile.id)
    .max('position as last')
    .first()
    .castTo<{ last: number | null }>();
  const showOnMainProfile = fields.showOnMainProfile ?? (await mainProfileHasRoom(trx, profile.id));
  const photo = await Photo.query(trx).insertAndFetch({
    profileId: profile.id,
    position: last.last === null ? 0 : last.last + 1,
    caption: fields.caption ?? null,
    category: fields.category ?? 'milestone',
    folderId: fields.folderId ?? null,
    showOnMainProfile,
    visibility: fields.visibility ?? profile.defaultVisibility,
    tags: fields.tags ?? [],
    storageKey: prepared.storageKey,
    originalName: input.originalName?.slice(0, 255) || null,
    originalSize: input.originalSize,
    fileSize: prepared.fileSize,
    width: prepared.width,
    height: prepared.height,
    variants: prepared.variants,
  });
  return photo;
}

/**
 * An upload without an explicit choice goes on the main profile while fewer than its slots are taken there
 * (docs/decisions/photos-on-the-main-profile.md: a visitor's compact gallery is never empty while photos exist). The profile row is locked, so
 * concurrent uploads count in turn.
 */
async function mainProfileHasRoom(trx: Knex.Transaction, profileId: number): Promise<boolean> {
  const shown = await Photo.query(trx).where({ profileId, showOnMainProfile: true }).resultSize();
  return shown < PHOTO_LIMITS.mainProfileSlots;
}

/** Moves a photo's files to a new key (its old URLs stop answering); the old files go after commit. */
async function rekeyPhoto(trx: Knex.Transaction, photo: Photo, store: MediaStore): Promise<string> {
  const storageKey = newStorageKey();
  for (const key of photoFileKeys(photo.storageKey)) {
    const object = await store.get(key);
    if (!object) continue;
    await store.put(key.replace(photo.storageKey, storageKey), await readAll(object.body), object.contentType);
  }
  await removePhotoFilesAfterCommit(trx, [photo.storageKey], store);
  return storageKey;
}

export async function updatePhoto(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { profileId: number; index: number; fields: PhotoUpdateInput },
  store: MediaStore,
): Promise<Photo> {
  const profile = await lockProfileForUpdate(trx, actor, input.profileId);
  const photo = await lockPhoto(trx, profile.id, input.index);
  const { fields } = input;
  await checkFolder(trx, profile.id, fields.folderId);
  const patch: Partial<Photo> = {};
  for (const key of ['caption', 'category', 'folderId', 'showOnMainProfile', 'visibility', 'tags'] as const) {
    if (fields[key] !== undefined) (patch as Record<string, unknown>)[key] = fields[key];
  }
  if (photo.visibility === 'public' && fields.visibility && fields.visibility !== 'public') {
    await unlinkPortraits(trx, photo);
    patch.storageKey = await rekeyPhoto(trx, photo, store);
  }
  const updated = await Photo.query(trx).patchAndFetchById(photo.id, {
    ...patch,
    version: raw('version + 1'),
  });
  return updated;
}

/** Moves a photo into a folder of the profile, or out of every folder (null). */
export async function movePhoto(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { profileId: number; index: number; folderId: number | null },
  store: MediaStore,
): Promise<Photo> {
  return updatePhoto(
    trx,
    actor,
    { profileId: input.profileId, index: input.index, fields: { folderId: input.folderId } },
    store,
  );
}

/** Removes a photo, its links (they cascade), and (after commit) its files. */
export async function deletePhoto(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { profileId: number; index: number },
  store: MediaStore,
): Promise<void> {
  const profile = await lockProfileForUpdate(trx, actor, input.profileId);
  const photo = await lockPhoto(trx, profile.id, input.index);
  await Photo.query(trx).deleteById(photo.id);
  await Photo.query(trx)
    .where('profileId', profile.id)
    .where('position', '>', photo.position)
    .patch({ position: raw('position - 1') });
  await removePhotoFilesAfterCommit(trx, [photo.storageKey], store);
}

export async function createFolder(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { profileId: number } & FolderCreateInput,
): Promise<PhotoFolder> {
  const profile = await lockProfileForUpdate(trx, actor, input.profileId);
  await checkFolder(trx, profile.id, input.parentId, 'parentId');
  const folder = await PhotoFolder.query(trx).insertAndFetch({
    profileId: profile.id,
    name: input.name,
    type: 'custom',
    color: input.color ?? '#6b7280',
    description: input.description ?? null,
    parentId: input.parentId ?? null,
  });
  return folder;
}

export interface SetLinksResult {
  target: PhotoLinkTarget;
  photos: Photo[];
  item: LinkedItem | null;
  profile: Profile;
}

/**
 * The photo-links API: sets the photos linked to one item (or the profile image), in order, replacing what
 * was there (./links.ts checks the photos and the caps). An empty list unlinks.
 */
export async function setPhotoLinks(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { profileId: number; target: PhotoLinkTarget; item: ItemRef | null; photoIds: number[] },
): Promise<SetLinksResult> {
  const profile = await lockProfileForUpdate(trx, actor, input.profileId);
  const link = (itemId: number | null) =>
    replacePhotoLinks(trx, profile, { target: input.target, itemId, photoIds: input.photoIds, field: 'photoIds' });
  if (input.target === 'profile') {
    const photos = await link(null);
    return { target: input.target, photos, item: null, profile: (await findProfile(actor, profile.id, trx))! };
  }
  if (!input.item) throw new NotFoundError(PHOTO_MESSAGES.linkTargetNotFound);
  const list = LISTS.find((l) => l.key === input.target)!;
  const Item = listItemModel(list);
  const query = Item.query(trx).where('profileId', profile.id).forUpdate().first();
  const item = await ('index' in input.item
    ? query.where('position', input.item.index)
    : query.where('id', input.item.id));
  if (!item) throw new NotFoundError(PHOTO_MESSAGES.linkTargetNotFound);
  const photos = await link(item.id);
  const updated = await Item.query(trx).patchAndFetchById(item.id, {
    version: raw('version + 1'),
  });
  const [linked] = await attachPhotoLinks(trx, list, [updated]);
  return { target: input.target, photos, item: linked!, profile };
}
