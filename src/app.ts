/**
 * Builds the Koa application. Middleware runs in this order: request log → security headers → health and
 * kept profile pages (visitors', and members' whose session is in memory: nothing else needed) → compression → errors → static assets → body parsing → session and
 * user → CSRF → API (only /api/…) or pages (everything else) → 404.
 */
import Koa from 'koa';
import compress from 'koa-compress';
import { koaBody } from 'koa-body';
import type { AppContext, AppDeps } from './http/appContext';
import { requestLog } from './http/requestLog';
import { securityHeaders } from './http/securityHeaders';
import { errorHandler } from './http/errorHandler';
import { staticAssets, favicon, robotsTxt } from './http/staticAssets';
import { sessionMiddleware, loadUser } from './http/session';
import { csrfProtection } from './http/csrf';
import { NotFoundError, PayloadTooLargeError, ValidationError } from './errors';
import { healthRoutes } from './api/health';
import { apiRouters } from './api';
import { PHOTO_UPLOAD_PATH } from './api/photos';
import { createMediaStore } from './services/photos/store';
import { pageRouters } from './pages';
import { renderErrorPage, renderNotFound } from './render/errorPage';
import { RateLimits } from './http/rateLimit';
import { ProfileCache } from './pageCache/profileCache';
import { keptProfilePages } from './pageCache/keptPages';
import { createAiProvider } from './services/ai/provider';
import { readGalleryPhotoForEditor } from './services/photos';
import { SessionActivity } from './services/sessionActivity';
import { SessionCache } from './services/sessionCache';

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** Middleware run one after another, as `app.use` would: each goes on to the next when it does not answer. */
function inOrder(middleware: Koa.Middleware[]): Koa.Middleware {
  return (ctx, next) => {
    const step = (i: number): Promise<unknown> =>
      i === middleware.length ? next() : Promise.resolve(middleware[i]!(ctx, () => step(i + 1)));
    return step(0) as Promise<void>;
  };
}

export function createApp(deps: AppDeps): Koa {
  const { config, db, logger } = deps;
  const lifecycle = deps.lifecycle ?? { shuttingDown: false };
  const app = new Koa({ proxy: config.trustProxy, keys: [config.sessionSecret] });
  const mediaStore = deps.mediaStore ?? createMediaStore(config, logger);
  const context: AppContext = {
    ...deps,
    rateLimits: new RateLimits({ enabled: config.rateLimitsEnabled, store: config.rateLimitStore, db }),
    profileCache: ProfileCache.fromConfig(config, db, logger),
    ai: config.ai ? createAiProvider(config.ai) : null,
    mediaStore,
    sessionActivity: deps.sessionActivity ?? new SessionActivity(db, logger),
    readPhoto:
      deps.readPhoto ?? (async (viewer, ref) => ({ data: await readGalleryPhotoForEditor(viewer, ref, mediaStore) })),
  };
  app.silent = true; // errors are logged by errorHandler, not printed by Koa

  app.use(requestLog(logger));
  app.use(securityHeaders(config.baseUrl)); // first, so every answer (assets, errors, 404) carries them
  // Answers that need nothing else come before everything else: health checks, and visitors' kept pages (already
  // compressed, no session, no routing). Neither throws; errors past this point reach errorHandler.
  app.use(healthRoutes(db, lifecycle));
  const sessionCache = deps.sessionCache ?? new SessionCache(config.sessionCache, db, { logger });
  app.use(
    keptProfilePages({ profileCache: context.profileCache, sessions: sessionCache, activity: context.sessionActivity }),
  );
  app.use(compress({ threshold: 1024, br: false }));
  app.use(errorHandler(renderErrorPage(config)));
  app.use(staticAssets());
  app.use(favicon());
  app.use(robotsTxt());

  const bodyParser = koaBody({
    json: true,
    jsonLimit: '1mb',
    text: false,
    urlencoded: true, // plain HTML form posts (src/http/formAction.ts)
    formLimit: '32kb',
    multipart: false,
    jsonStrict: true,
    onError: (error) => {
      if ((error as { status?: number }).status === 413) throw new PayloadTooLargeError();
      throw new ValidationError('Request body is not valid JSON');
    },
  });
  // A photo upload streams its own body (src/http/photoUpload.ts): never buffered whole before it is judged.
  app.use((ctx, next) => (ctx.method === 'POST' && PHOTO_UPLOAD_PATH.test(ctx.path) ? next() : bodyParser(ctx, next)));
  app.use(sessionMiddleware(app, config, sessionCache, deps.mailer));
  app.use(loadUser(context.sessionActivity));
  app.use(csrfProtection(config.baseUrl));

  // Every API route carries its own /api/… prefix and no page route does: a request is matched only against its
  // own half of the routes (a member's profile page no longer walks every API router's table first).
  const api = inOrder(apiRouters(context).map((router) => router.routes() as Koa.Middleware));
  const pages = inOrder(pageRouters(context).map((router) => router.routes() as Koa.Middleware));
  app.use((ctx, next) => (isApiPath(ctx.path) ? api(ctx, next) : pages(ctx, next)));

  app.use(async (ctx) => {
    if (isApiPath(ctx.path)) throw new NotFoundError();
    await renderNotFound(ctx, config);
  });
  return app;
}
