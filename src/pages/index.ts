import type Router from '@koa/router';
import type { AppContext } from '../app';
import { accountSettingsRoutes } from './accountSettings';
import { authPageRoutes } from './auth';
import { homeRoutes } from './home';

/** Every page router. The catch-all 404 lives in app.ts. */
export function pageRouters(context: AppContext): Router[] {
  return [homeRoutes(context.config), authPageRoutes(context), accountSettingsRoutes(context)];
}
