/**
 * Reads one uploaded file: `multipart/form-data` with the file in `file` (a page's form, with or without script)
 * or the file itself as the body (one of `rawTypes`). The general body parser leaves multipart alone
 * (src/app.ts), so the file is streamed through busboy with a byte cap: a declared Content-Length over it answers
 * 413 before a byte is read, a body that grows past it is cut off with 413. The text fields beside the file
 * (a form's `intent`) are returned with it. Every upload reads through here: the registry CSV, the profile import,
 * proof documents and photos (src/http/photoUpload.ts adds the photo's JSON data-URL form).
 */
import type Koa from 'koa';
import busboy from 'busboy';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors';

export interface FileUpload {
  bytes: Buffer;
  fileName: string | null;
  fields: Record<string, string>;
  /** The values of each of `listFields` sent (none: absent). */
  lists: Record<string, string[]>;
}

export interface FileUploadOptions {
  maxBytes: number;
  /** The 413's message. */
  tooLarge: string;
  /** The 400's message when no file (or an empty one) was sent. */
  fileRequired: string;
  /** Body types taken as the file itself (besides multipart). */
  rawTypes: string[];
  /** The 415's message. */
  unsupported: string;
  /** The part names the file may come in (default: `file` only). */
  fileFields?: readonly string[];
  /** A file refused from its name and type before a byte of it is kept (a type never taken): the error to answer. */
  refuseFile?: (file: { name: string; type: string }) => Error | undefined;
  /** Fields that may come more than once, collected in `lists` (`tags` and `tags[]` both count as `tags`). */
  listFields?: readonly string[];
}

/** Room for the text fields and multipart boundaries beside the file. */
export const FIELDS_ALLOWANCE = 64 * 1024;

function refuseRest(ctx: Koa.Context): void {
  ctx.set('Connection', 'close');
  ctx.req.unpipe();
  ctx.req.pause();
}

function readMultipart(ctx: Koa.Context, options: FileUploadOptions): Promise<FileUpload> {
  const noFile = () => new ValidationError(options.fileRequired, { file: options.fileRequired });
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        limits: { files: 1, fileSize: options.maxBytes, fields: 20, fieldSize: 8 * 1024, parts: 30 },
      });
    } catch {
      reject(noFile());
      return;
    }
    const fields: Record<string, string> = {};
    const lists: Record<string, string[]> = {};
    const fileFields = options.fileFields ?? ['file'];
    let file: { bytes: Buffer; name: string | null } | null = null;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      refuseRest(ctx);
      reject(error);
    };
    parser.on('field', (name, value) => {
      const list = name.endsWith('[]') ? name.slice(0, -2) : name;
      if (options.listFields?.includes(list)) (lists[list] ??= []).push(value);
      else fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (!fileFields.includes(name) || file) return stream.resume();
      const refused = options.refuseFile?.({ name: info.filename ?? '', type: info.mimeType ?? '' });
      if (refused) {
        stream.resume();
        return fail(refused);
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(new PayloadTooLargeError(options.tooLarge)));
      stream.on('end', () => {
        if (!failed) file = { bytes: Buffer.concat(chunks), name: info.filename || null };
      });
    });
    parser.on('error', () => fail(noFile()));
    parser.on('close', () => {
      if (failed) return;
      if (!file?.bytes.length) return reject(noFile());
      resolve({ bytes: file.bytes, fileName: file.name, fields, lists });
    });
    ctx.req.pipe(parser);
  });
}

async function readRaw(ctx: Koa.Context, options: FileUploadOptions): Promise<FileUpload> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > options.maxBytes) {
      refuseRest(ctx);
      throw new PayloadTooLargeError(options.tooLarge);
    }
    chunks.push(chunk as Buffer);
  }
  if (!size) throw new ValidationError(options.fileRequired, { file: options.fileRequired });
  return { bytes: Buffer.concat(chunks), fileName: null, fields: {}, lists: {} };
}

/** The upload in this request, or a 413 / 415 / 400 domain error. */
export async function readFileUpload(ctx: Koa.Context, options: FileUploadOptions): Promise<FileUpload> {
  const length = Number(ctx.get('Content-Length'));
  if (Number.isFinite(length) && length > options.maxBytes + FIELDS_ALLOWANCE) {
    refuseRest(ctx);
    throw new PayloadTooLargeError(options.tooLarge);
  }
  if (ctx.is('multipart/form-data')) return readMultipart(ctx, options);
  if (options.rawTypes.length && ctx.is(...options.rawTypes)) return readRaw(ctx, options);
  throw new UnsupportedMediaTypeError(options.unsupported);
}
