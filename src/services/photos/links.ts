/**
 * Photo links (spec 02 §§5, 7, 9): which gallery photos an item shows, and the profile image. The one way a
 * link is written — by the photo-links API, the list routes (`photo`, `photos`, `primaryPhoto`,
 * `stationPhoto`), and the profile's `profileImage` — and read.
 *
 * Invariants (the database keeps them too: migrations/20261123008000_photo_links.ts):
 * - a link names a photo of the item's own profile (so, of the profile's owner);
 * - at most the target's cap (PHOTO_LINK_TARGETS: incidents 5, awards 3, the others 1), each photo once;
 * - the profile image is a public photo;
 * - deleting a photo, an item or a profile removes its links (foreign keys that cascade).
 * The caller holds the profile's lock; the database's trigger bumps the profile's version for each link written.
 */
import type { Knex } from 'knex';
import { ValidationError } from '../../errors';
import { type ListItem } from '../../models/ListItem';
import { Photo } from '../../models/Photo';
import { LINK_ITEM_COLUMN, PhotoLink } from '../../models/PhotoLink';
import { Profile } from '../../models/Profile';
import { LISTS, type ListDefinition } from '../../validation/lists';
import { PHOTO_LINK_TARGETS, PHOTO_MESSAGES, type PhotoLinkTarget } from '../../validation/photos';
import type { Visibility } from '../../validation/visibility';

/** A linked photo as an item carries it: enough for the presenter to show it to those who may see it. */
export interface LinkedPhoto {
  photoId: number;
  visibility: Visibility;
}

/** An item with its photo links (attachPhotoLinks). */
export type LinkedItem = ListItem & { photoLinks?: LinkedPhoto[] };

type ListTarget = Exclude<PhotoLinkTarget, 'profile'>;

const isListTarget = (key: string): key is ListTarget => key in LINK_ITEM_COLUMN;

/** The link target of a list (its key), or null for a list without photos. */
export const linkTargetOf = (list: ListDefinition): ListTarget | null =>
  list.photoFields && isListTarget(list.key) ? list.key : null;

/**
 * Replaces the photos linked to one item (`itemId`) or, for 'profile', the profile image, by these, in order.
 * A refusal names `field` (the field that was sent: `photoIds`, `photos`, `profileImage`…).
 */
export async function replacePhotoLinks(
  trx: Knex.Transaction,
  profile: Pick<Profile, 'id'>,
  input: { target: PhotoLinkTarget; itemId: number | null; photoIds: number[]; field: string },
): Promise<Photo[]> {
  const { target, itemId, field } = input;
  const refuse = (message: string): never => {
    throw new ValidationError(message, { [field]: message });
  };
  const photoIds = [...new Set(input.photoIds)];
  const { max } = PHOTO_LINK_TARGETS[target];
  if (photoIds.length > max) refuse(PHOTO_MESSAGES.tooManyLinked(max));
  const found = photoIds.length ? await Photo.query(trx).where('profileId', profile.id).whereIn('id', photoIds) : [];
  const photos = photoIds.map((id) => found.find((p) => p.id === id) ?? refuse(PHOTO_MESSAGES.photoNotFound));
  if (target === 'profile' && photos.some((p) => p.visibility !== 'public')) refuse(PHOTO_MESSAGES.profileImagePublic);

  const links = PhotoLink.query(trx).where({ profileId: profile.id, target });
  if (isListTarget(target)) links.where(LINK_ITEM_COLUMN[target], itemId!);
  await links.delete();
  if (photos.length) {
    await PhotoLink.query(trx).insert(
      photos.map((photo, position) => ({
        profileId: profile.id,
        photoId: photo.id,
        target,
        ...(isListTarget(target) ? { [LINK_ITEM_COLUMN[target]]: itemId } : {}),
        position,
      })),
    );
  }
  return photos;
}

const idsOf = (value: unknown): number[] =>
  (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]).map(Number);

/**
 * A list write's photo fields (`photo`, `photos`, `primaryPhoto`, `stationPhoto` — the definition's
 * `photoFields`), applied to the item's links; fields not sent change nothing. A `first` field is the first
 * linked photo: on a list that also has `all` (awards) it is put first of the photos (null: left as they are);
 * on the others it is the one photo (null unlinks).
 */
export async function writePhotoFields(
  trx: Knex.Transaction,
  profile: Pick<Profile, 'id'>,
  input: { list: ListDefinition; itemId: number; fields: Record<string, unknown> },
): Promise<void> {
  const { list, itemId, fields } = input;
  const target = linkTargetOf(list);
  if (!target) return;
  const kinds = Object.entries(list.photoFields ?? {});
  const all = kinds.find(([, kind]) => kind === 'all')?.[0];
  const first = kinds.find(([, kind]) => kind === 'first')?.[0];
  const sentAll = all !== undefined && fields[all] !== undefined;
  const sentFirst = first !== undefined && fields[first] !== undefined;
  if (!sentAll && !sentFirst) return;
  let photoIds: number[];
  if (all === undefined) photoIds = idsOf(fields[first!]);
  else {
    const photos = sentAll ? idsOf(fields[all]) : await linkedPhotoIds(trx, target, itemId);
    photoIds = sentFirst && fields[first!] !== null ? [...idsOf(fields[first!]), ...photos] : photos;
  }
  await replacePhotoLinks(trx, profile, { target, itemId, photoIds, field: (sentAll ? all : first)! });
}

/**
 * Takes a photo off the profile image and the banner (it stopped being public: both are shown to everyone,
 * docs/decisions/headshot-and-banner.md).
 */
export async function unlinkPortraits(trx: Knex.Transaction, photo: Pick<Photo, 'id' | 'profileId'>) {
  await PhotoLink.query(trx).where({ profileId: photo.profileId, target: 'profile', photoId: photo.id }).delete();
  await Profile.query(trx).where({ id: photo.profileId, bannerPhotoId: photo.id }).patch({ bannerPhotoId: null });
}

/** The ids of the photos linked to an item, in order. */
export async function linkedPhotoIds(db: Knex, target: ListTarget, itemId: number): Promise<number[]> {
  const links = await PhotoLink.query(db).where(LINK_ITEM_COLUMN[target], itemId).orderBy('position');
  return links.map((l) => l.photoId);
}

/** A link with its photo's visibility (what an item carries, and where it belongs). */
export type LinkRow = Pick<PhotoLink, 'target' | 'itemId' | 'photoId'> & LinkedPhoto;

/** Links with their photo's visibility, in order. */
const linkRows = (db?: Knex) =>
  PhotoLink.query(db)
    .select('photoLinks.target', 'photoLinks.itemId', 'photoLinks.photoId', 'photos.visibility')
    .join('photos', 'photos.id', 'photoLinks.photoId')
    .orderBy('photoLinks.position')
    .castTo<LinkRow[]>();

/** Every link of a profile's list items (not its profile image), with its photo's visibility, in order. */
export const findProfileItemLinks = (profileId: number, db?: Knex) =>
  linkRows(db).where('photoLinks.profileId', profileId).whereNot('photoLinks.target', 'profile');

/** Sets each item's `photoLinks` from `links` (those of its list's target; the others are ignored). */
export function setPhotoLinks<T extends ListItem>(
  list: ListDefinition,
  items: T[],
  links: LinkRow[],
): Array<T & LinkedItem> {
  const target = linkTargetOf(list);
  if (!target) return items;
  const byItem = new Map<number, LinkedPhoto[]>(items.map((item) => [item.id, []]));
  for (const { target: linked, itemId, photoId, visibility } of links) {
    if (linked === target) byItem.get(itemId)?.push({ photoId, visibility });
  }
  for (const item of items as Array<T & LinkedItem>) item.photoLinks = byItem.get(item.id);
  return items;
}

/** Sets each item's `photoLinks` (every linked photo with its visibility, in order): one query. */
export async function attachPhotoLinks<T extends ListItem>(
  db: Knex,
  list: ListDefinition,
  items: T[],
): Promise<Array<T & LinkedItem>> {
  const target = linkTargetOf(list);
  if (!target || !items.length) return items;
  const links = await linkRows(db).whereIn(
    `photoLinks.${LINK_ITEM_COLUMN[target]}`,
    items.map((item) => item.id),
  );
  return setPhotoLinks(list, items, links);
}

/** Where a photo is used (spec 02 §3 "Linked uses"): the widget, the item and its title. */
export interface PhotoUse {
  photoId: number;
  target: PhotoLinkTarget;
  itemId: number | null;
  title: string;
}

/** Every use of the photos of a profile (optionally of one photo), in a stable order. */
export async function findPhotoUses(db: Knex, profileId: number, photoId?: number): Promise<PhotoUse[]> {
  const query = PhotoLink.query(db).where('profileId', profileId).orderBy(['target', 'itemId', 'position']);
  if (photoId !== undefined) query.where('photoId', photoId);
  const links = await query;
  const titles = new Map<string, string>();
  for (const list of LISTS) {
    const target = linkTargetOf(list);
    const ids = links.filter((l) => l.target === target).map((l) => l.itemId);
    if (!target || !ids.length) continue;
    const title = list.titleField ? (list.stored?.[list.titleField] ?? list.titleField) : 'id';
    const rows = (await db(list.table).select('id', `${title} as title`).whereIn('id', ids)) as Array<{
      id: number;
      title: unknown;
    }>;
    for (const row of rows) titles.set(`${target}:${row.id}`, String(row.title ?? ''));
  }
  return links.map((link) => ({
    photoId: link.photoId,
    target: link.target,
    itemId: link.target === 'profile' ? null : link.itemId,
    title: link.target === 'profile' ? 'Profile image' : (titles.get(`${link.target}:${link.itemId}`) ?? ''),
  }));
}
