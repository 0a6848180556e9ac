/**
 * The image pipeline: what an upload really is (its magic bytes, never its name or declared type), whether
 * it is small enough to decode, and its re-encoding with sharp — rotated upright by its EXIF orientation,
 * every metadata block (EXIF with GPS, XMP, IPTC, ICC comments) dropped, and three variants each in WebP
 * and a JPEG fallback. Only the pixels survive: bytes appended to a file (an HTML payload after a JPEG) are
 * not carried over.
 */
import { availableParallelism } from 'node:os';
import type { Metadata, OutputInfo, Sharp } from 'sharp';
import { UnsupportedMediaTypeError, ValidationError } from '../../errors';
import {
  PHOTO_LIMITS,
  PHOTO_MESSAGES,
  PHOTO_VARIANTS,
  PHOTO_VARIANT_SIZES,
  type PhotoDimensions,
  type PhotoVariant,
} from '../../validation/photos';
import { loadSharp } from './sharp';

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

/** How an upload is framed: as it is, or cut to its middle square (a headshot: docs/decisions/headshot-and-banner.md). */
export type ImageFrame = 'whole' | 'square';

/**
 * Re-encodes an upload. Throws UnsupportedMediaTypeError for anything but JPEG, PNG or WebP,
 * ValidationError for a decompression bomb (more than PHOTO_LIMITS.maxPixels) or an image sharp cannot read.
 */
export async function processImage(input: Buffer, frame: ImageFrame = 'whole'): Promise<ProcessedImage> {
  sniffImage(input);
  return inSlot(() => encode(input, frame));
}

/** A sharp pipeline over already decoded pixels (no decode: the pixels are read as they are). */
function rawImage(
  sharp: Awaited<ReturnType<typeof loadSharp>>,
  { data, info }: { data: Buffer; info: OutputInfo },
): Sharp {
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

async function encode(input: Buffer, frame: ImageFrame): Promise<ProcessedImage> {
  const sharp = await loadSharp();
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
  // A square is the middle of the picture, as large as its shorter side allows (never enlarged).
  const side = Math.min(largest, meta.width, meta.height);
  const fit =
    frame === 'square'
      ? ([side, side, { fit: 'cover', position: 'centre' }] as const)
      : ([largest, largest, { fit: 'inside', withoutEnlargement: true }] as const);
  let base: { data: Buffer; info: OutputInfo };
  try {
    // Decode once: upright, at most the large size (JPEG shrink-on-load makes a 12 MP decode cheap), sRGB.
    base = await sharp(input, options)
      .rotate()
      .resize(...fit)
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ValidationError(PHOTO_MESSAGES.processingDescription);
  }
  // One decode per upload. Each size is resized once from the decoded image (not from a smaller variant: the
  // rounding of its width and height must not depend on another), and its WebP and JPEG are clones of that one
  // sharp input of resized pixels.
  const sized = await Promise.all(
    PHOTO_VARIANTS.map(async (variant): Promise<EncodedVariant[]> => {
      const size = PHOTO_VARIANT_SIZES[variant];
      const pixels =
        Math.max(base.info.width, base.info.height) > size
          ? rawImage(
              sharp,
              await rawImage(sharp, base)
                .resize(size, size, { fit: 'inside', withoutEnlargement: true })
                .raw()
                .toBuffer({ resolveWithObject: true }),
            )
          : rawImage(sharp, base);
      // No withMetadata(): sharp writes no EXIF, XMP, IPTC or ICC block.
      const [webp, jpeg] = await Promise.all([
        pixels.clone().webp({ quality: 80, effort: 2 }).toBuffer({ resolveWithObject: true }),
        pixels
          .clone()
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 82, mozjpeg: false })
          .toBuffer({ resolveWithObject: true }),
      ]);
      return [
        { variant, format: 'webp', bytes: webp.data, width: webp.info.width, height: webp.info.height },
        { variant, format: 'jpeg', bytes: jpeg.data, width: jpeg.info.width, height: jpeg.info.height },
      ];
    }),
  );
  const variants = sized.flat();
  if (frame === 'square') return { width: base.info.width, height: base.info.height, variants: sized.flat() };
  const upright: PhotoDimensions =
    (meta.orientation ?? 1) >= 5
      ? { width: meta.height, height: meta.width }
      : { width: meta.width, height: meta.height };
  return { ...upright, variants };
}
