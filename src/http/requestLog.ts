/**
 * One log line per request with a request id (also returned as X-Request-Id). Never logs bodies, query strings
 * or a path's own values: a routed request logs its route's pattern (`/calendar/:file`, `/account/export/:token`),
 * since a path can be the secret (a calendar feed, an export link, an unsubscribe token); an unrouted one (an
 * asset — named by its content hash — as it is; a 404, its path with every token-like run masked).
 * The line is written by the app's logger itself (`reqId` among its fields), not by a per-request child: most
 * requests log nothing else, so `ctx.state.log` (the child that tags a route's own lines with the request id)
 * is made the first time something asks for it.
 */
import crypto from 'node:crypto';
import type Koa from 'koa';
import pino from 'pino';
import type { Logger } from '../log';

const REQUEST_ID = /^[\w-]{1,64}$/;

/** The request's own id when it sent a usable one (X-Request-Id), else a new one. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}

/** What a request line says. `reqId` is a request id (word characters and dashes only). */
export interface RequestLineFields {
  reqId: string;
  method: string;
  url: string;
  status: number;
  ms: number;
}

/** Writes one request line: `error` for a 5xx, `debug` for assets and health checks, else `info`. */
export type RequestLineWriter = (line: RequestLineFields) => void;

const { lsCacheSym, timeSym, chindingsSym, streamSym, endSym, mixinSym, formattersSym, hooksSym, nestedKeySym } =
  pino.symbols;
const LEVELS = { error: 50, info: 30, debug: 20 } as const;
type LineLevel = keyof typeof LEVELS;

const lineLevel = (status: number, path: string): LineLevel =>
  status >= 500 ? 'error' : path.startsWith('/assets/') || path.startsWith('/health') ? 'debug' : 'info';

/**
 * The request line, written as pino writes it (same destination, level, time, bindings, field order and message:
 * `{"level":30,"time":…,"pid":…,"hostname":…,"reqId":…,"method":…,"url":…,"status":…,"ms":…,"msg":"request"}`)
 * but without pino's per-call work — merging, a loop over the fields with a serializer lookup each, redaction
 * (none of these fields is a redacted path; its wildcards cost ten times the line). A logger whose lines pino
 * would shape differently (a mixin, a log formatter, a write hook, a nested key, a pretty stream that reads the
 * last object) gets the ordinary call instead.
 */
export function requestLineWriter(logger: Logger): RequestLineWriter {
  const lines = logger.child({}, { redact: { paths: [] } });
  const internals = lines as unknown as Record<symbol, unknown>;
  const stream = internals[streamSym] as { write: (line: string) => void; [key: symbol]: unknown } | undefined;
  const formatters = internals[formattersSym] as { log?: unknown } | undefined;
  const hooks = internals[hooksSym] as { streamWrite?: unknown } | undefined;
  const plain =
    stream &&
    typeof stream.write === 'function' &&
    stream[pino.symbols.needsMetadataGsym] !== true &&
    !internals[mixinSym] &&
    !formatters?.log &&
    !hooks?.streamWrite &&
    !internals[nestedKeySym] &&
    lines.levels.values.info === LEVELS.info;
  if (!plain) {
    return (line) => {
      const level = lineLevel(line.status, line.url);
      lines[level](line, level === 'error' ? 'request failed' : 'request');
    };
  }
  const starts = internals[lsCacheSym] as Record<number, string>;
  const time = internals[timeSym] as () => string;
  const chindings = internals[chindingsSym] as string;
  const end = internals[endSym] as string;
  return (line) => {
    const level = lineLevel(line.status, line.url);
    if (!lines.isLevelEnabled(level)) return;
    const ms = Number.isFinite(line.ms) ? line.ms : null;
    stream.write(
      `${starts[LEVELS[level]]}${time()}${chindings},"reqId":${JSON.stringify(line.reqId)},"method":${JSON.stringify(line.method)},"url":${JSON.stringify(line.url)},"status":${line.status},"ms":${ms},"msg":"${level === 'error' ? 'request failed' : 'request'}"${end}`,
    );
  };
}

/** Milliseconds since `started` (process.hrtime.bigint()), to a tenth. */
export const msSince = (started: bigint): number => Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;

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

/** A segment that could be a token or secret: 16 or more characters of a token's alphabet, or a long hex run. */
const TOKEN_LIKE = /[A-Za-z0-9_~.=+%-]{16,}/g;

/** What the line says of where the request went: the matched route's pattern, else the path with tokens masked. */
export function loggedPath(ctx: Koa.Context): string {
  const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  if (typeof route === 'string') return route;
  return ctx.path.startsWith('/assets/') ? ctx.path : ctx.path.replace(TOKEN_LIKE, ':token');
}

export function requestLog(logger: Logger): Koa.Middleware {
  const writeLine = requestLineWriter(logger);
  return async (ctx, next) => {
    const reqId = requestIdOf(ctx.req.headers['x-request-id']);
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
      writeLine({
        reqId,
        method: ctx.method,
        url: loggedPath(ctx),
        status: failed ? 500 : ctx.status,
        ms: msSince(started),
      });
    }
  };
}
