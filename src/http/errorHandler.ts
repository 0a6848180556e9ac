/**
 * The one place errors become responses. Known HttpErrors keep their status and message; body-parser
 * errors (bad JSON, too large) become 400/413; anything else is a 500 with a generic message and a log line.
 * Under /api the answer is JSON `{error, fields?}`; elsewhere an HTML error page.
 */
import type Koa from 'koa';
import { HttpError, TooManyRequestsError } from './errors';
import type { Logger } from '../log';

export type ErrorPageRenderer = (ctx: Koa.Context, status: number, message: string) => string;

function toHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  const e = error as { status?: number; statusCode?: number; expose?: boolean; message?: string; type?: string };
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 413) return new HttpError(413, 'Request body is too large');
    if (e.type === 'entity.parse.failed') return new HttpError(400, 'Request body is not valid JSON');
    return new HttpError(status, e.expose && e.message ? e.message : 'Bad request');
  }
  return undefined;
}

export function errorHandler(renderErrorPage: ErrorPageRenderer): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const known = toHttpError(error);
      const status = known?.status ?? 500;
      const message = known?.message ?? 'Something went wrong. Please try again.';
      if (!known) (ctx.state.log as Logger | undefined)?.error({ err: error }, 'unhandled error');
      if (error instanceof TooManyRequestsError) ctx.set('Retry-After', String(error.retryAfterSeconds));
      ctx.status = status;
      if (ctx.path.startsWith('/api/') || ctx.path === '/api' || !ctx.accepts('html')) {
        ctx.body = known?.fields ? { error: message, fields: known.fields } : { error: message };
      } else {
        ctx.type = 'html';
        ctx.body = renderErrorPage(ctx, status, message);
      }
    }
  };
}
