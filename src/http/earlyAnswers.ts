/**
 * Answers given before Koa's middleware runs: `/health`, kept profile pages (src/pageCache/keptPages.ts), kept API
 * answers (src/api/keptAnswers.ts) and a visitor's landing page (src/pageCache/landingPage.ts).
 * These are the busiest requests and need none of the middleware's work — no session, body, routing or
 * compression — so each is answered from a Koa context (the same request getters the middleware would read:
 * path, query, cookies, address) with its headers written in one `writeHead` from a list, the security headers
 * worked out once, and the request line written straight to the log (src/http/requestLog.ts). Every answer has
 * exactly the headers, status, body and log line the middleware path gives for the same request
 * (test/integration/early-answers.test.ts); anything an early answer does not take goes on to Koa unchanged.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import Koa from 'koa';
import { loggedPath, msSince, requestIdOf, type RequestLineWriter } from './requestLog';

/**
 * An early answer being put together: status, headers in the order the middleware path sets them (the request id
 * and security headers first), and the body. Each header is set once.
 */
export class EarlyReply {
  status = 200;
  body: Buffer | undefined;
  readonly headers: string[];
  /** Content-Length is among `headers` already (setLength). */
  lengthSet = false;
  /** The pattern of the route this answer stands for, logged as the middleware logs it (src/http/requestLog.ts). */
  route: string | undefined;

  constructor(reqId: string, securityHeaders: readonly string[]) {
    this.headers = ['X-Request-Id', reqId, ...securityHeaders];
  }

  set(name: string, value: string): this {
    this.headers.push(name, value);
    return this;
  }

  /** Content-Length of the body here, in the middleware path's order; otherwise it comes last. */
  setLength(): this {
    this.lengthSet = true;
    return this.set('Content-Length', String(this.body?.length ?? 0));
  }
}

/** Answers the request into `reply` and returns true, or returns false (nothing written) to let Koa answer it. */
export type EarlyAnswer = (ctx: Koa.Context, reply: EarlyReply) => boolean;

/** Whether an early answer might take a request, from its method and raw URL alone (before any context is built). */
export type EarlyCandidate = (method: string | undefined, url: string) => boolean;

export interface EarlyAnswers {
  candidate: EarlyCandidate;
  answer: EarlyAnswer;
  /** The security headers as a flat [name, value, …] list. */
  securityHeaders: readonly string[];
  writeLine: RequestLineWriter;
}

/**
 * A Koa application whose request listener (`callback()`) gives early answers first. Servers are made from
 * `callback()` as with any Koa app (src/server.ts, test/helpers/app.ts).
 */
export class AppWithEarlyAnswers extends Koa {
  early: EarlyAnswers | undefined;

  override callback() {
    const handle = super.callback();
    const early = this.early;
    if (!early) return handle;
    return (req: Parameters<typeof handle>[0], res: Parameters<typeof handle>[1]) => {
      const answered = early.candidate(req.method, req.url ?? '/')
        ? answerEarly(this, early, req as IncomingMessage, res as ServerResponse)
        : false;
      return answered ? Promise.resolve() : handle(req, res);
    };
  }
}

function answerEarly(app: Koa, early: EarlyAnswers, req: IncomingMessage, res: ServerResponse): boolean {
  const started = process.hrtime.bigint();
  const ctx = app.createContext(req, res);
  const reqId = requestIdOf(req.headers['x-request-id']);
  const reply = new EarlyReply(reqId, early.securityHeaders);
  let answered = false;
  try {
    answered = early.answer(ctx, reply);
  } catch {
    // Nothing is written before an answer is complete: the middleware path answers (and reports) it.
  }
  if (!answered) {
    // A look that set a header on the response (a bad cookie signature's clearing cookie) leaves none behind:
    // the middleware path sets what it sets itself, once.
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    return false;
  }
  const { body, status } = reply;
  if (body && status !== 304 && !reply.lengthSet) reply.set('Content-Length', String(body.length));
  res.writeHead(status, reply.headers);
  res.end(body && status !== 304 && req.method !== 'HEAD' ? body : undefined);
  early.writeLine({ reqId, method: ctx.method, url: reply.route ?? loggedPath(ctx), status, ms: msSince(started) });
  return true;
}
