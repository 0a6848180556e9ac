/**
 * The career page's pictures (docs/decisions/headshot-and-banner.md), written by those who may update the profile
 * (profilePolicy: the owner, and admins as for every profile field); anyone else is refused by the policy.
 *
 * Invariants:
 * - the headshot is the profile image, a photo link (./links.ts): one of the profile's own public photos; setting
 *   it drops an external image address (never both);
 * - the banner is `profiles.banner_photo_id`, one of the profile's own public photos (a composite foreign key);
 * - both are shown to everyone, so neither is ever a photo that is not public: choosing one is refused, a photo
 *   that stops being public stops being either (unlinkPortraits), and a deleted one leaves both (cascade / set
 *   null) — the page falls back to the initials and the plain banner;
 * - an uploaded headshot is cut to its middle square; either upload is a new public gallery photo, kept off the
 *   main profile's photo strip, through the one photo pipeline (EXIF and every other block dropped).
 */
import type { Knex } from 'knex';
import { ValidationError } from '../../errors';
import { Photo } from '../../models/Photo';
import { Profile } from '../../models/Profile';
import { authorize, profilePolicy, type Viewer } from '../../policies';
import { PORTRAIT_MESSAGES, type PortraitKind } from '../../validation/portraits';
import { addPhoto, type PreparedPhoto } from './index';
import { replacePhotoLinks } from './links';

const refuse = (): never => {
  throw new ValidationError(PORTRAIT_MESSAGES.photo, { photoId: PORTRAIT_MESSAGES.photo });
};

/** Sets (or with `photoId` null removes) the headshot or the banner; answers the profile's id. */
export async function choosePortrait(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { profileId: number; kind: PortraitKind; photoId: number | null },
): Promise<Profile> {
  const profile = authorize(
    profilePolicy,
    actor,
    'update',
    await Profile.query(trx).findById(input.profileId).forUpdate(),
  );
  const { photoId } = input;
  const photo = photoId === null ? null : await Photo.query(trx).findOne({ id: photoId, profileId: profile.id });
  if (photoId !== null && photo?.visibility !== 'public') refuse();
  if (input.kind === 'banner') {
    await Profile.query(trx).findById(profile.id).patch({ bannerPhotoId: photoId });
    return profile;
  }
  await replacePhotoLinks(trx, profile, {
    target: 'profile',
    itemId: null,
    photoIds: photoId === null ? [] : [photoId],
    field: 'photoId',
  });
  if (photoId !== null && profile.profileImageUrl) {
    await Profile.query(trx).findById(profile.id).patch({ profileImageUrl: null });
  }
  return profile;
}

/** An upload (already prepared outside the transaction) added to the gallery as a public photo and chosen. */
export async function uploadPortrait(
  trx: Knex.Transaction,
  actor: Viewer,
  input: {
    profileId: number;
    kind: PortraitKind;
    prepared: PreparedPhoto;
    originalName: string | null;
    originalSize: number;
  },
): Promise<Profile> {
  const { kind, ...upload } = input;
  const photo = await addPhoto(trx, actor, {
    ...upload,
    fields: { visibility: 'public', showOnMainProfile: false, category: 'milestone', tags: [] },
  });
  return choosePortrait(trx, actor, { profileId: input.profileId, kind, photoId: photo.id });
}
