/**
 * A plain form post that carries a file (the headshot and banner page, proof documents): the file is read and
 * prepared — checked, re-encoded, written to the store — before the transaction, so no connection is held while
 * sharp or pdf-lib works. A failure to read or prepare it is the form's to show (`uploadFailure`, formAction's
 * `limit`), and the files of an upload that ends up not stored (a refusal, a rollback) are discarded.
 */
import type Koa from 'koa';
import type { FormActionContext } from './formAction';

export interface FormUploadState<P> {
  upload?: P;
  /** Why the upload could not be read or prepared: the form shows it (a 400), or the error page (413, 415). */
  uploadError?: unknown;
}

export function readFormUpload<P, B extends { fields: Record<string, unknown> }>(options: {
  /** May this viewer write here? Throws before a byte is read. */
  check: (ctx: Koa.Context) => Promise<unknown>;
  /** The upload reader: src/http/photoUpload.ts for photos, src/http/fileUpload.ts for any other file. */
  read: (ctx: Koa.Context) => Promise<B>;
  prepare: (body: B) => Promise<P>;
  discard: (prepared: P) => Promise<void>;
}): Koa.Middleware {
  return async (ctx, next) => {
    await options.check(ctx);
    const state = ctx.state as FormUploadState<P>;
    try {
      const body = await options.read(ctx);
      (ctx.request as { body?: unknown }).body = body.fields; // what formAction reads, as a form post's body
      state.upload = await options.prepare(body);
    } catch (error) {
      state.uploadError = error;
    }
    let stored = false;
    try {
      await next();
      stored = ctx.status === 303;
    } finally {
      if (state.upload && !stored) await options.discard(state.upload);
    }
  };
}

/** formAction's `limit` for an upload form: the upload's own failure comes before the fields' messages. */
export async function uploadFailure(ctx: FormActionContext): Promise<void> {
  const { uploadError } = ctx.state as FormUploadState<unknown>;
  if (uploadError) throw uploadError;
}
