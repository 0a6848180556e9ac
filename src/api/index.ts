import type Router from '@koa/router';
import type { AppDeps } from '../app';

/** Every JSON API router, mounted under /api by its own paths. */
export function apiRouters(_deps: AppDeps): Router[] {
  return [];
}
