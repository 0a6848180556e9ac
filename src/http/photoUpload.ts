/**
 * Reads a photo upload's body — a route the general body parser leaves alone (src/app.ts), so a large upload is
 * never buffered whole before it is judged. Both forms read through readFileUpload (src/http/fileUpload.ts):
 * - `multipart/form-data`: the file part (`file`, `photo` or `photos`) and text fields (caption, category,
 *   tags, visibility, showOnMainProfile, folderId);
 * - `application/json`: the spec's payload, the image as a data URL in `url` (or `dataUrl`, `file`) beside the
 *   same fields (docs/spec/02-profiles-widgets.md §3 "url (data URL)").
 */
import type Koa from 'koa';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors';
import { PHOTO_LIMITS, PHOTO_MESSAGES, isHeic, parseDataUrl } from '../validation/photos';
import { FIELDS_ALLOWANCE, readFileUpload, type FileUploadOptions } from './fileUpload';

export interface PhotoUploadBody {
  bytes: Buffer;
  originalName: string | null;
  fields: Record<string, unknown>;
}

/** A data URL is base64: 4 characters for 3 bytes. */
const JSON_BYTES = Math.ceil((PHOTO_LIMITS.maxBytes * 4) / 3) + FIELDS_ALLOWANCE;

const heic = () => new UnsupportedMediaTypeError(PHOTO_MESSAGES.heic);

const MULTIPART: FileUploadOptions = {
  maxBytes: PHOTO_LIMITS.maxBytes,
  tooLarge: PHOTO_MESSAGES.tooLarge,
  fileRequired: PHOTO_MESSAGES.noFile,
  rawTypes: [],
  unsupported: 'Send the photo as multipart/form-data or as a data URL in JSON',
  fileFields: ['file', 'photo', 'photos'],
  refuseFile: (file) => (isHeic(file) ? heic() : undefined),
  listFields: ['tags'],
};

const JSON_BODY: FileUploadOptions = { ...MULTIPART, maxBytes: JSON_BYTES, rawTypes: ['application/json'] };

const notJson = () => new ValidationError('Request body is not valid JSON');

function photoFromJson(text: string): PhotoUploadBody {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw notJson();
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw notJson();
  const { url, dataUrl, file, ...fields } = body as Record<string, unknown>;
  const source = [url, dataUrl, file].find((v) => typeof v === 'string') as string | undefined;
  const data = source ? parseDataUrl(source) : null;
  if (!data) throw new ValidationError(PHOTO_MESSAGES.noFile, { file: PHOTO_MESSAGES.noFile });
  const named = [fields.originalName, fields.name].find((v) => typeof v === 'string') as string | undefined;
  const originalName = named ?? null;
  if (isHeic({ name: originalName ?? '', type: data.mime })) throw heic();
  const bytes = Buffer.from(data.base64, 'base64');
  if (bytes.length > PHOTO_LIMITS.maxBytes) throw new PayloadTooLargeError(PHOTO_MESSAGES.tooLarge);
  if (!bytes.length) throw new ValidationError(PHOTO_MESSAGES.noFile, { file: PHOTO_MESSAGES.noFile });
  return { bytes, originalName, fields };
}

/** The upload in this request, or a 413 / 415 / 400 domain error. */
export async function readPhotoUpload(ctx: Koa.Context): Promise<PhotoUploadBody> {
  if (ctx.is('application/json')) return photoFromJson((await readFileUpload(ctx, JSON_BODY)).bytes.toString('utf8'));
  const upload = await readFileUpload(ctx, MULTIPART);
  return { bytes: upload.bytes, originalName: upload.fileName, fields: { ...upload.fields, ...upload.lists } };
}
