import type Router from '@koa/router';
import type { AppDeps } from '../app';
import { homeRoutes } from './home';

/** Every page router. The catch-all 404 lives in app.ts. */
export function pageRouters(deps: AppDeps): Router[] {
  return [homeRoutes(deps.config)];
}
