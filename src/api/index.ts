import type Router from '@koa/router';
import type { AppContext } from '../http/appContext';
import { adminRoutes } from './admin';
import { adminDepartmentRoutes } from './adminDepartments';
import { aiRoutes } from './ai';
import { authRoutes } from './auth';
import { credentialRoutes } from './credentials';
import { endorsementRoutes } from './endorsements';
import { departmentRoutes } from './departments';
import { passkeyRoutes } from './passkeys';
import { profileListRoutes } from './profileLists';
import { photoRoutes } from './photos';
import { profileRoutes } from './profiles';
import { readinessRoutes } from './readiness';
import { sessionRoutes } from './sessions';
import { shareApiRoutes } from './share';
import { verificationRoutes } from './verification';

/** Every JSON API router; each carries its own /api/... prefix. */
export function apiRouters(context: AppContext): Router[] {
  return [
    authRoutes(context),
    sessionRoutes(),
    passkeyRoutes(context),
    departmentRoutes(context),
    readinessRoutes(context),
    credentialRoutes(),
    verificationRoutes(context),
    profileRoutes(),
    profileListRoutes(),
    endorsementRoutes(context),
    aiRoutes(context),
    photoRoutes(context),
    adminRoutes(context),
    adminDepartmentRoutes(context),
    shareApiRoutes(context),
  ];
}
