/**
 * The one place errors become responses. Known HttpErrors keep their status and message; client errors raised by Koa keep
 * their status; an unreachable database is a 503 with Retry-After; anything else is a 500 with a generic message
 * and a log line.
 * Under /api the answer is JSON `{error, fields?}`; elsewhere an HTML error page.
 */
import type Koa from 'koa';
import { HttpError, TooManyRequestsError } from './errors';
import type { Logger } from '../log';
import { isDatabaseUnavailable } from '../db/errors';

/** A lost database is temporary: 503 with a hint when to retry, never a 500. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';

export type ErrorPageRenderer = (ctx: Koa.Context, status: number, message: string) => string;

function toHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  // Errors thrown by Koa or its middleware with an explicit client status (e.g. ctx.throw(400)).
  const e = error as { status?: number; expose?: boolean; message?: string };
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    return new HttpError(e.status, e.expose && e.message ? e.message : 'Bad request');
  }
  return undefined;
}

export function errorHandler(renderErrorPage: ErrorPageRenderer): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const known = toHttpError(error);
      const unavailable = !known && isDatabaseUnavailable(error);
      const status = known?.status ?? (unavailable ? 503 : 500);
      const message = known?.message ?? (unavailable ? UNAVAILABLE_MESSAGE : 'Something went wrong. Please try again.');
      const log = ctx.state.log as Logger | undefined;
      if (unavailable) log?.warn({ err: error }, 'database unavailable');
      else if (!known) log?.error({ err: error }, 'unhandled error');
      if (error instanceof TooManyRequestsError) ctx.set('Retry-After', String(error.retryAfterSeconds));
      if (unavailable) ctx.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
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
