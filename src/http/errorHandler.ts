/**
 * The one place errors become responses. Domain errors (src/errors.ts) map to their status here; a unique-key
 * violation from the database becomes a 409 with its meaning (src/db/constraints.ts), a value it cannot take (a
 * NUL character, a number out of range: badValueMessage) a 400; client errors raised by
 * Koa keep their status; an unreachable database is a 503 with Retry-After (src/db/errors.ts
 * isDatabaseUnavailable); anything else is a 500 with a generic message and a log line.
 * Under /api the answer is JSON `{error, fields?}`; elsewhere an HTML error page.
 */
import type Koa from 'koa';
import {
  BadGatewayError,
  ConflictError,
  DomainError,
  ForbiddenError,
  GatewayTimeoutError,
  NotFoundError,
  PayloadTooLargeError,
  PreconditionFailedError,
  ReauthenticationRequiredError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../errors';
import { GENERIC_CONFLICT, UNIQUE_CONSTRAINTS } from '../db/constraints';
import { badValueMessage, isDatabaseUnavailable, uniqueViolation } from '../db/errors';
import type { Logger } from '../log';

export type ErrorPageRenderer = (ctx: Koa.Context, status: number, message: string) => Buffer;

interface ErrorAnswer {
  status: number;
  message: string;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
  /** A step-up refusal (docs/api.md "Step-up"): the API answer carries it, a plain form asks for the proof. */
  reauthentication?: { secondFactorRequired: boolean };
}

const STATUS_BY_CLASS: Array<[new (...args: never[]) => DomainError, number]> = [
  [ValidationError, 400],
  [UnauthorizedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [PreconditionFailedError, 412],
  [PayloadTooLargeError, 413],
  [UnsupportedMediaTypeError, 415],
  [TooManyRequestsError, 429],
  [BadGatewayError, 502],
  [ServiceUnavailableError, 503],
  [GatewayTimeoutError, 504],
];

/** The answer for a known error, or undefined for a bug (a 500). */
export function answerFor(error: unknown): ErrorAnswer | undefined {
  if (error instanceof DomainError) {
    const status = STATUS_BY_CLASS.find(([cls]) => error instanceof cls)?.[1] ?? 500;
    const fields = (error as { fields?: Record<string, string> }).fields;
    const retryAfterSeconds = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
    const reauthentication =
      error instanceof ReauthenticationRequiredError ? { secondFactorRequired: error.secondFactorRequired } : undefined;
    return { status, message: error.message, fields, retryAfterSeconds, reauthentication };
  }
  if (isDatabaseUnavailable(error)) {
    return answerFor(new ServiceUnavailableError());
  }
  const badValue = badValueMessage(error);
  if (badValue !== undefined) return answerFor(new ValidationError(badValue));
  const constraint = uniqueViolation(error);
  if (constraint !== undefined) {
    const meaning = UNIQUE_CONSTRAINTS[constraint];
    if (!meaning) return { status: 409, message: GENERIC_CONFLICT };
    return {
      status: 409,
      message: meaning.message,
      fields: meaning.field ? { [meaning.field]: meaning.message } : undefined,
    };
  }
  // Errors thrown by Koa or its middleware with an explicit client status (e.g. ctx.throw(400)).
  const e = error as { status?: number; expose?: boolean; message?: string };
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    return { status: e.status, message: e.expose && e.message ? e.message : 'Bad request' };
  }
  return undefined;
}

export function errorHandler(renderErrorPage: ErrorPageRenderer): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const known = answerFor(error);
      const status = known?.status ?? 500;
      const message = known?.message ?? 'Something went wrong. Please try again.';
      const log = ctx.state.log as Logger | undefined;
      if (!known) log?.error({ err: error }, 'unhandled error');
      if (!known && process.env.READINESS_LOG) console.error('DEBUG', error);
      else if (status === 503) log?.warn({ err: error }, 'service unavailable');
      if (known?.retryAfterSeconds) ctx.set('Retry-After', String(known.retryAfterSeconds));
      ctx.status = status;
      if (ctx.path.startsWith('/api/') || ctx.path === '/api' || !ctx.accepts('html')) {
        ctx.body = known?.reauthentication
          ? { error: message, reauthenticationRequired: true, ...known.reauthentication, fields: known.fields }
          : known?.fields
            ? { error: message, fields: known.fields }
            : { error: message };
      } else {
        ctx.type = 'html';
        ctx.body = renderErrorPage(ctx, status, message);
      }
    }
  };
}
