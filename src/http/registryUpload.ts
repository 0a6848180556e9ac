/**
 * Reads a registry CSV upload (docs/decisions/pending-departments.md): `multipart/form-data` with the file in
 * `file` (the Departments tab's form, with or without script) or the CSV itself as `text/csv`. The general body
 * parser leaves multipart alone (src/app.ts), so the file is streamed through busboy with a byte cap: a declared
 * Content-Length over it answers 413 before a byte is read, a body that grows past it is cut off with 413.
 * The text fields beside the file (a form's `intent`, `_csrf`) are returned with it.
 */
import type Koa from 'koa';
import busboy from 'busboy';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors';
import { DEPARTMENT_ADMIN_MESSAGES as M, REGISTRY_UPLOAD_MAX_BYTES } from '../validation/departmentAdmin';

export interface RegistryUpload {
  csv: Buffer;
  fileName: string | null;
  fields: Record<string, string>;
}

const tooLarge = () => new PayloadTooLargeError(M.importTooLarge);
const noFile = () => new ValidationError(M.importFileRequired, { file: M.importFileRequired });

function refuseRest(ctx: Koa.Context): void {
  ctx.set('Connection', 'close');
  ctx.req.unpipe();
  ctx.req.pause();
}

function readMultipart(ctx: Koa.Context): Promise<RegistryUpload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        limits: { files: 1, fileSize: REGISTRY_UPLOAD_MAX_BYTES, fields: 10, fieldSize: 8 * 1024, parts: 20 },
      });
    } catch {
      reject(noFile());
      return;
    }
    const fields: Record<string, string> = {};
    let file: { csv: Buffer; name: string | null } | null = null;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      refuseRest(ctx);
      reject(error);
    };
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || file) return stream.resume();
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(tooLarge()));
      stream.on('end', () => (file = { csv: Buffer.concat(chunks), name: info.filename || null }));
    });
    parser.on('error', () => fail(noFile()));
    parser.on('close', () => {
      if (failed) return;
      if (!file?.csv.length) return reject(noFile());
      resolve({ csv: file.csv, fileName: file.name, fields });
    });
    ctx.req.pipe(parser);
  });
}

async function readText(ctx: Koa.Context): Promise<RegistryUpload> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > REGISTRY_UPLOAD_MAX_BYTES) {
      refuseRest(ctx);
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  if (!size) throw noFile();
  return { csv: Buffer.concat(chunks), fileName: null, fields: {} };
}

/** The upload in this request, or a 413 / 415 / 400 domain error. */
export async function readRegistryUpload(ctx: Koa.Context): Promise<RegistryUpload> {
  const length = Number(ctx.get('Content-Length'));
  if (Number.isFinite(length) && length > REGISTRY_UPLOAD_MAX_BYTES + 64 * 1024) {
    refuseRest(ctx);
    throw tooLarge();
  }
  if (ctx.is('multipart/form-data')) return readMultipart(ctx);
  if (ctx.is('text/csv', 'text/plain')) return readText(ctx);
  throw new UnsupportedMediaTypeError('Send the registry CSV as multipart/form-data or text/csv');
}
