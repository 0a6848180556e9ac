/**
 * One log line per request with a request id (also returned as X-Request-Id). Never logs bodies.
 * The line is written by the app's logger itself (`reqId` among its fields), not by a per-request child: most
 * requests log nothing else, so `ctx.state.log` (the child that tags a route's own lines with the request id)
 * is made the first time something asks for it.
 */
import crypto from 'node:crypto';
import type Koa from 'koa';
import type { Logger } from '../log';

const REQUEST_ID = /^[\w-]{1,64}$/;

/**
 * A request's `ctx.state`: its id, and `log`, the child logger that tags a route's lines with that id, made the
 * first time something asks for it (a class, so no property is defined per request). Routes add their own fields.
 */
class RequestState {
  readonly #logger: Logger;
  #child: Logger | undefined;

  constructor(
    readonly requestId: string,
    logger: Logger,
  ) {
    this.#logger = logger;
  }

  get log(): Logger {
    return (this.#child ??= this.#logger.child({ reqId: this.requestId }));
  }
}

export function requestLog(logger: Logger): Koa.Middleware {
  // The request line's fields are fixed (no body, no header, no query string): none is a redacted path, and
  // redaction's wildcard paths cost ten times the line itself (~55 µs against ~6 µs), so it is written without.
  const lines = logger.child({}, { redact: { paths: [] } });
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const reqId = REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    const started = process.hrtime.bigint();
    ctx.state = new RequestState(reqId, logger);
    ctx.res.setHeader('X-Request-Id', reqId);
    let failed = false;
    try {
      await next();
    } catch (error) {
      failed = true; // Koa answers it (500 unless the error says otherwise); errorHandler normally catches first
      throw error;
    } finally {
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
      const status = failed ? 500 : ctx.status;
      const line = { reqId, method: ctx.method, url: ctx.path, status, ms };
      if (status >= 500) lines.error(line, 'request failed');
      else if (ctx.path.startsWith('/assets/') || ctx.path.startsWith('/health')) lines.debug(line, 'request');
      else lines.info(line, 'request');
    }
  };
}
