import type Router from '@koa/router';
import type { AppContext } from '../http/appContext';
import { adminRoutes } from './admin';
import { aiRoutes } from './ai';
import { authRoutes } from './auth';
import { departmentRoutes } from './departments';
import { passkeyRoutes } from './passkeys';
import { profileListRoutes } from './profileLists';
import { photoRoutes } from './photos';
import { profileRoutes } from './profiles';
import { shareApiRoutes } from './share';

/** Every JSON API router; each carries its own /api/... prefix. */
export function apiRouters(context: AppContext): Router[] {
  return [
    authRoutes(context),
    passkeyRoutes(context),
    departmentRoutes(),
    profileRoutes(),
    profileListRoutes(),
    aiRoutes(context),
    photoRoutes(context),
    adminRoutes(context),
    shareApiRoutes(context),
  ];
}
