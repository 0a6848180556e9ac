import type Koa from 'koa';
import type { Knex } from 'knex';
import type { Lifecycle } from '../http/appContext';
import type { EarlyReply } from '../http/earlyAnswers';

/** `/health`'s answer never changes: serialized once. */
const LIVE = Buffer.from(JSON.stringify({ status: 'ok' }));

const isHealthMethod = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * Liveness (the process answers), for GET and HEAD: answered before Koa's middleware (src/http/earlyAnswers.ts) —
 * load balancers call it several times a second.
 */
export function answerLive(ctx: Koa.Context, reply: EarlyReply): boolean {
  if (ctx.path !== '/health' || !isHealthMethod(ctx.method)) return false;
  reply.set('Cache-Control', 'no-store').set('Content-Type', 'application/json; charset=utf-8');
  reply.body = LIVE;
  return true;
}

/**
 * Liveness and readiness (the database answers; not while shutting down), for GET and HEAD. A plain middleware
 * rather than a router, before compression and sessions (src/app.ts). `/health` itself is normally answered
 * earlier (answerLive), the same way: this keeps the middleware path complete on its own.
 */
export function healthRoutes(db: Knex, lifecycle: Lifecycle): Koa.Middleware {
  return async (ctx, next) => {
    const { path } = ctx;
    if ((path !== '/health' && path !== '/health/ready') || !isHealthMethod(ctx.method)) return next();
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/json';
    if (path === '/health') {
      ctx.body = LIVE;
      return;
    }
    if (lifecycle.shuttingDown) {
      ctx.status = 503;
      ctx.body = { status: 'shutting_down' };
      return;
    }
    try {
      await db.raw('select 1');
      ctx.body = { status: 'ready', database: 'ok' };
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'unavailable', database: 'unreachable' };
    }
  };
}
