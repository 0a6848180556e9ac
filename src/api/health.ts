import Router from '@koa/router';
import type { Knex } from 'knex';
import type { Lifecycle } from '../http/appContext';

/** Liveness (the process answers) and readiness (the database answers; not while shutting down). */
export function healthRoutes(db: Knex, lifecycle: Lifecycle): Router {
  const router = new Router();
  router.get('/health', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  router.get('/health/ready', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
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
  });
  return router;
}
