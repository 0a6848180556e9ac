/**
 * The image pipeline: what an upload really is (its magic bytes, never its name or declared type), whether
 * it is small enough to decode, and its re-encoding with sharp — rotated upright by its EXIF orientation,
 * every metadata block (EXIF with GPS, XMP, IPTC, ICC comments) dropped, and three variants each in WebP
 * and a JPEG fallback. Only the pixels survive: bytes appended to a file (an HTML payload after a JPEG) are
 * not carried over.
 */
import { availableParallelism } from 'node:os';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { UnsupportedMediaTypeError, ValidationError } from '../../errors';
import {
  PHOTO_LIMITS,
  PHOTO_MESSAGES,
  PHOTO_VARIANTS,
  PHOTO_VARIANT_SIZES,
  type PhotoDimensions,
  type PhotoVariant,
} from '../../validation/photos';

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The image type its first bytes prove, or why it is refused. */
export function sniffImage(bytes: Buffer): ImageKind {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  // ISO base media (HEIC/HEIF/AVIF): `ftyp` at offset 4.
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const brand = bytes.toString('latin1', 8, 12);
    if (/^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(brand))
      throw new UnsupportedMediaTypeError(PHOTO_MESSAGES.heic);
  }
  throw new UnsupportedMediaTypeError(PHOTO_MESSAGES.notAnImage);
}

export interface EncodedVariant {
  variant: PhotoVariant;
  format: 'webp' | 'jpeg';
  bytes: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  width: number;
  height: number;
  variants: EncodedVariant[];
}

// libvips threads per image, and no operation cache (every upload is new).
sharp.concurrency(2);
sharp.cache(false);

/**
 * At most this many uploads are decoded and encoded at once (the others wait their turn): a burst of uploads
 * costs time, not memory — each holds one decoded image of at most 1200 px plus its input.
 */
const PROCESSING_SLOTS = Math.max(1, Math.min(4, availableParallelism()));
let busy = 0;
const waiting: Array<() => void> = [];

async function inSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (busy >= PROCESSING_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else busy++;
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  }
}

/**
 * Re-encodes an upload. Throws UnsupportedMediaTypeError for anything but JPEG, PNG or WebP,
 * ValidationError for a decompression bomb (more than PHOTO_LIMITS.maxPixels) or an image sharp cannot read.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  sniffImage(input);
  return inSlot(() => encode(input));
}

async function encode(input: Buffer): Promise<ProcessedImage> {
  const options = { limitInputPixels: PHOTO_LIMITS.maxPixels, failOn: 'error' as const, sequentialRead: true };
  let meta: Metadata;
  try {
    // The header alone: a 30000×30000 PNG is refused here, before a pixel is decoded.
    meta = await sharp(input, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw new ValidationError(PHOTO_MESSAGES.processingDescription);
  }
  if (!meta.width || !meta.height || meta.width * meta.height > PHOTO_LIMITS.maxPixels) {
    throw new ValidationError(PHOTO_MESSAGES.tooManyPixels);
  }
  const largest = PHOTO_VARIANT_SIZES.large;
  let base: { data: Buffer; info: OutputInfo };
  try {
    // Decode once: upright, at most the large size (JPEG shrink-on-load makes a 12 MP decode cheap), sRGB.
    base = await sharp(input, options)
      .rotate()
      .resize(largest, largest, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ValidationError(PHOTO_MESSAGES.processingDescription);
  }
  const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } };
  const jobs = PHOTO_VARIANTS.flatMap((variant) =>
    (['webp', 'jpeg'] as const).map(async (format): Promise<EncodedVariant> => {
      const size = PHOTO_VARIANT_SIZES[variant];
      let pipeline = sharp(base.data, raw).resize(size, size, { fit: 'inside', withoutEnlargement: true });
      // No withMetadata(): sharp writes no EXIF, XMP, IPTC or ICC block.
      pipeline =
        format === 'webp'
          ? pipeline.webp({ quality: 80, effort: 2 })
          : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: false });
      const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
      return { variant, format, bytes: data, width: info.width, height: info.height };
    }),
  );
  const variants = await Promise.all(jobs);
  const upright: PhotoDimensions =
    (meta.orientation ?? 1) >= 5
      ? { width: meta.height, height: meta.width }
      : { width: meta.width, height: meta.height };
  return { ...upright, variants };
}
