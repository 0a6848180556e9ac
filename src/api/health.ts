import type Koa from 'koa';
import type { Knex } from 'knex';
import type { Lifecycle } from '../http/appContext';

/** `/health`'s answer never changes: serialized once. */
const LIVE = JSON.stringify({ status: 'ok' });

/**
 * Liveness (the process answers) and readiness (the database answers; not while shutting down), for GET and
 * HEAD. A plain middleware rather than a router: load balancers call it several times a second, and it runs
 * before compression and sessions (src/app.ts).
 */
export function healthRoutes(db: Knex, lifecycle: Lifecycle): Koa.Middleware {
  return async (ctx, next) => {
    const { path } = ctx;
    if ((path !== '/health' && path !== '/health/ready') || (ctx.method !== 'GET' && ctx.method !== 'HEAD'))
      return next();
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
