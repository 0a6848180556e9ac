/** One log line per request with a request id (also returned as X-Request-Id). Never logs bodies. */
import crypto from 'node:crypto';
import type Koa from 'koa';
import type { Logger } from '../log';

export function requestLog(logger: Logger): Koa.Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const id = /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    const started = process.hrtime.bigint();
    ctx.state.requestId = id;
    ctx.state.log = logger.child({ reqId: id });
    ctx.set('X-Request-Id', id);
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = { method: ctx.method, url: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 };
      if (ctx.status >= 500) (ctx.state.log as Logger).error(line, 'request failed');
      else if (ctx.path.startsWith('/assets/') || ctx.path.startsWith('/health'))
        (ctx.state.log as Logger).debug(line, 'request');
      else (ctx.state.log as Logger).info(line, 'request');
    }
  };
}
