/**
 * Reads a photo upload's body — the one route the general body parser leaves alone (src/app.ts), so a large
 * upload is never buffered whole before it is judged:
 * - `multipart/form-data`: the file part (`file`, `photo` or `photos`) and text fields (caption, category,
 *   tags, visibility, showOnMainProfile, folderId), streamed through busboy with a byte cap;
 * - `application/json`: the spec's payload, the image as a data URL in `url` (or `dataUrl`, `file`) beside the
 *   same fields (spec 02 §3 "url (data URL)").
 * A declared Content-Length over the cap answers 413 before a byte is read; a body that grows past it
 * (chunked, or lying) is cut off at the cap with 413.
 */
import type Koa from 'koa';
import busboy from 'busboy';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors';
import { PHOTO_LIMITS, PHOTO_MESSAGES, isHeic, parseDataUrl } from '../validation/photos';

export interface PhotoUploadBody {
  bytes: Buffer;
  originalName: string | null;
  fields: Record<string, unknown>;
}

/** Room for the form fields and multipart boundaries beside the file. */
const FIELDS_ALLOWANCE = 64 * 1024;
export const MULTIPART_LIMIT = PHOTO_LIMITS.maxBytes + FIELDS_ALLOWANCE;
/** A data URL is base64: 4 characters for 3 bytes. */
export const JSON_LIMIT = Math.ceil((PHOTO_LIMITS.maxBytes * 4) / 3) + FIELDS_ALLOWANCE;

const tooLarge = () => new PayloadTooLargeError(PHOTO_MESSAGES.tooLarge);

function declaredTooLarge(ctx: Koa.Context, limit: number): boolean {
  const length = Number(ctx.get('Content-Length'));
  return Number.isFinite(length) && length > limit;
}

/** Stops reading: the client is told at once and the connection is closed once the answer is sent. */
function refuseRest(ctx: Koa.Context): void {
  ctx.set('Connection', 'close');
  ctx.req.unpipe();
  ctx.req.pause();
}

async function readCapped(ctx: Koa.Context, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      refuseRest(ctx);
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function readMultipart(ctx: Koa.Context): Promise<PhotoUploadBody> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        limits: { files: 1, fileSize: PHOTO_LIMITS.maxBytes, fields: 20, fieldSize: 8 * 1024, parts: 30 },
      });
    } catch {
      reject(new ValidationError('Upload is not valid multipart/form-data'));
      return;
    }
    const fields: Record<string, unknown> = {};
    let file: { bytes: Buffer; name: string | null } | null = null;
    let failed: Error | null = null;
    const fail = (error: Error) => {
      if (failed) return;
      failed = error;
      refuseRest(ctx);
      reject(error);
    };
    parser.on('field', (name, value) => {
      if (name === 'tags' || name === 'tags[]') fields.tags = [...((fields.tags as string[]) ?? []), value];
      else fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (!['file', 'photo', 'photos'].includes(name) || file) {
        stream.resume();
        return;
      }
      if (isHeic({ name: info.filename ?? '', type: info.mimeType ?? '' })) {
        stream.resume();
        fail(new UnsupportedMediaTypeError(PHOTO_MESSAGES.heic));
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(tooLarge()));
      stream.on('end', () => {
        if (!failed) file = { bytes: Buffer.concat(chunks), name: info.filename || null };
      });
    });
    parser.on('error', () => fail(new ValidationError('Upload is not valid multipart/form-data')));
    parser.on('close', () => {
      if (failed) return;
      if (!file || !file.bytes.length)
        return reject(new ValidationError(PHOTO_MESSAGES.noFile, { file: PHOTO_MESSAGES.noFile }));
      resolve({ bytes: file.bytes, originalName: file.name, fields });
    });
    let size = 0;
    ctx.req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MULTIPART_LIMIT) fail(tooLarge());
    });
    ctx.req.pipe(parser);
  });
}

async function readJson(ctx: Koa.Context): Promise<PhotoUploadBody> {
  const text = (await readCapped(ctx, JSON_LIMIT)).toString('utf8');
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new ValidationError('Request body is not valid JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new ValidationError('Request body is not valid JSON');
  const source = [body.url, body.dataUrl, body.file].find((v) => typeof v === 'string') as string | undefined;
  const data = source ? parseDataUrl(source) : null;
  if (!data) throw new ValidationError(PHOTO_MESSAGES.noFile, { file: PHOTO_MESSAGES.noFile });
  const originalName =
    typeof body.originalName === 'string' ? body.originalName : typeof body.name === 'string' ? body.name : null;
  if (isHeic({ name: originalName ?? '', type: data.mime })) throw new UnsupportedMediaTypeError(PHOTO_MESSAGES.heic);
  const bytes = Buffer.from(data.base64, 'base64');
  if (bytes.length > PHOTO_LIMITS.maxBytes) throw tooLarge();
  if (!bytes.length) throw new ValidationError(PHOTO_MESSAGES.noFile, { file: PHOTO_MESSAGES.noFile });
  const { url: _url, dataUrl: _dataUrl, file: _file, ...fields } = body;
  return { bytes, originalName, fields };
}

/** The upload in this request, or a 413 / 415 / 400 domain error. */
export async function readPhotoUpload(ctx: Koa.Context): Promise<PhotoUploadBody> {
  if (ctx.is('multipart/form-data')) {
    if (declaredTooLarge(ctx, MULTIPART_LIMIT)) {
      refuseRest(ctx);
      throw tooLarge();
    }
    return readMultipart(ctx);
  }
  if (ctx.is('application/json')) {
    if (declaredTooLarge(ctx, JSON_LIMIT)) {
      refuseRest(ctx);
      throw tooLarge();
    }
    return readJson(ctx);
  }
  throw new UnsupportedMediaTypeError('Send the photo as multipart/form-data or as a data URL in JSON');
}
