/**
 * Reads a registry CSV upload (docs/decisions/pending-departments.md): `multipart/form-data` with the file in
 * `file` (the Departments tab's form, with or without script) or the CSV itself as `text/csv`, capped
 * (src/http/fileUpload.ts). The text fields beside the file (a form's `intent`, `_csrf`) are returned with it.
 */
import type Koa from 'koa';
import { DEPARTMENT_ADMIN_MESSAGES as M, REGISTRY_UPLOAD_MAX_BYTES } from '../validation/departmentAdmin';
import { readFileUpload } from './fileUpload';

export interface RegistryUpload {
  csv: Buffer;
  fileName: string | null;
  fields: Record<string, string>;
}

/** The upload in this request, or a 413 / 415 / 400 domain error. */
export async function readRegistryUpload(ctx: Koa.Context): Promise<RegistryUpload> {
  const { bytes, fileName, fields } = await readFileUpload(ctx, {
    maxBytes: REGISTRY_UPLOAD_MAX_BYTES,
    tooLarge: M.importTooLarge,
    fileRequired: M.importFileRequired,
    rawTypes: ['text/csv', 'text/plain'],
    unsupported: 'Send the registry CSV as multipart/form-data or text/csv',
  });
  return { csv: bytes, fileName, fields };
}
