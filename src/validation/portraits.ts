/**
 * The career page's pictures (docs/decisions/headshot-and-banner.md): the headshot (the profile image) and the
 * banner, each one of the owner's public photos, chosen from the gallery or uploaded. Shared by the page's forms
 * (src/pages/portraits.tsx) and its tests.
 */
import { mixed, object, type InferType } from 'yup';
import { id } from './common';

export const PORTRAIT_KINDS = ['headshot', 'banner'] as const;
export type PortraitKind = (typeof PORTRAIT_KINDS)[number];

export const PORTRAIT_MESSAGES = {
  kind: 'Choose the headshot or the banner',
  photo: 'Choose one of your public photos',
  headshotSet: { title: 'Headshot updated', description: 'It now shows on your profile and its share image.' },
  headshotRemoved: { title: 'Headshot removed', description: 'Your initials show in its place.' },
  bannerSet: { title: 'Banner updated', description: 'It now shows across the top of your profile.' },
  bannerRemoved: { title: 'Banner removed', description: 'Your profile shows its plain banner.' },
} as const;

const kind = mixed<PortraitKind>()
  .oneOf([...PORTRAIT_KINDS], PORTRAIT_MESSAGES.kind)
  .required(PORTRAIT_MESSAGES.kind);

/** POST /profiles/{id}/portrait: a gallery photo as the headshot or banner; no photo (`photoId` empty) removes it. */
export const portraitChoiceSchema = object({
  kind,
  photoId: id(PORTRAIT_MESSAGES.photo)
    .nullable()
    .transform((value: unknown, original: unknown) => (original === '' || original === undefined ? null : value))
    .defined(PORTRAIT_MESSAGES.photo),
});
export type PortraitChoice = InferType<typeof portraitChoiceSchema>;

/** POST /profiles/{id}/portrait/upload (multipart): the file part is read beside these fields. */
export const portraitUploadSchema = object({ kind });

/** The notice after a post (`?saved=`), in the spec's words of a toast. */
export const portraitNotice = (kind: PortraitKind, removed: boolean) =>
  PORTRAIT_MESSAGES[`${kind}${removed ? 'Removed' : 'Set'}`];
