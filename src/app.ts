/**
 * Builds the Koa application. Before any middleware: `/health`, kept profile pages (visitors', and members'
 * whose session is in memory: nothing else needed), kept API answers and a visitor's landing page, answered early
 * (src/http/earlyAnswers.ts). Middleware runs in this order: request log → security headers → health →
 * compression → errors → static assets → body parsing → session and user → CSRF → API (only /api/…) or pages
 * (everything else) → 404.
 */
import type Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import type { AppContext, AppDeps } from './http/appContext';
import { AppWithEarlyAnswers } from './http/earlyAnswers';
import { requestLineWriter, requestLog } from './http/requestLog';
import { securityHeaderList, securityHeaders } from './http/securityHeaders';
import { errorHandler } from './http/errorHandler';
import { compression } from './http/compression';
import { staticAssets, favicon, robotsTxt } from './http/staticAssets';
import { sessionAndUser } from './http/session';
import { installClock } from './http/clock';
import { csrfProtection } from './http/csrf';
import { routesBySegment } from './http/routesBySegment';
import { NotFoundError, PayloadTooLargeError, ValidationError } from './errors';
import { answerLive, healthRoutes } from './api/health';
import { apiRouters } from './api';
import { PHOTO_UPLOAD_PATH } from './api/photos';
import { PORTRAIT_UPLOAD_PATH } from './pages/portraits';
import { createMediaStore } from './services/photos/store';
import { pageRouters } from './pages';
import { renderErrorPage, renderNotFound } from './render/errorPage';
import { RateLimits } from './http/rateLimit';
import { ProfileCache } from './pageCache/profileCache';
import { keptProfilePages, maybeKeptPage } from './pageCache/keptPages';
import { keptLandingPage, maybeLandingPage } from './pageCache/landingPage';
import { PageCache } from './pageCache/pageCache';
import { createAiProvider } from './services/ai/provider';
import { readGalleryPhotoForEditor } from './services/photos';
import { SessionActivity } from './services/sessionActivity';
import { SessionCache } from './services/sessionCache';
import { DepartmentReads } from './services/departments/departmentReads';
import { keptApiAnswers, maybeKeptApiAnswer } from './api/keptAnswers';
import { ChangeWatch } from './db/changeWatch';

/** The methods whose body is parsed (koa-body's own default, named so the app can skip it for the rest). */
const BODY_METHODS = [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH];
const hasParsedBody = new Set<string>(BODY_METHODS);

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

export function createApp(deps: AppDeps): Koa {
  const { config, db, logger } = deps;
  const lifecycle = deps.lifecycle ?? { shuttingDown: false };
  const app = new AppWithEarlyAnswers({ proxy: config.trustProxy, keys: [config.sessionSecret] });
  const mediaStore = deps.mediaStore ?? createMediaStore(config, logger);
  // The node's one LISTEN connection: every cache below subscribes to it (src/db/changeWatch.ts).
  const changes = deps.changes ?? new ChangeWatch(db, logger);
  const context: AppContext = {
    ...deps,
    departmentReads: deps.departmentReads ?? new DepartmentReads(config.departmentCache, db, changes),
    rateLimits: new RateLimits({ enabled: config.rateLimitsEnabled, store: config.rateLimitStore, db }),
    profileCache: ProfileCache.fromConfig(config, changes),
    pages: new PageCache(config.pageCache, config.pageCacheMaxBytes),
    ai: config.ai ? createAiProvider(config.ai) : null,
    mediaStore,
    sessionActivity: deps.sessionActivity ?? new SessionActivity(db, logger),
    readPhoto:
      deps.readPhoto ?? (async (viewer, ref) => ({ data: await readGalleryPhotoForEditor(viewer, ref, mediaStore) })),
  };
  app.silent = true; // errors are logged by errorHandler, not printed by Koa
  installClock(app, deps.clock);

  const sessionCache = deps.sessionCache ?? new SessionCache(config.sessionCache, changes);
  // Answers that need nothing else come before all the middleware (src/http/earlyAnswers.ts): `/health`, kept
  // profile pages (already compressed; a visitor's, or a member's whose session is in memory), kept API answers
  // (a member's own departments, session and links in memory) and a visitor's landing page. Each has the headers
  // and log line the middleware would give it; anything else goes on to the middleware.
  const keptSessions = {
    sessions: sessionCache,
    activity: context.sessionActivity,
    sessionMaxAgeMs: config.sessionMaxAgeMs,
  };
  const keptPages = keptProfilePages({ ...keptSessions, profileCache: context.profileCache, pages: context.pages });
  const keptApi = keptApiAnswers({ ...keptSessions, departmentReads: context.departmentReads });
  const landing = keptLandingPage(context.pages);
  app.early = {
    candidate: (method, url) =>
      maybeKeptPage(method, url) ||
      url.startsWith('/health') ||
      maybeKeptApiAnswer(method, url) ||
      maybeLandingPage(method, url),
    answer: (ctx, reply) =>
      answerLive(ctx, reply) || keptPages(ctx, reply) || keptApi(ctx, reply) || landing(ctx, reply),
    securityHeaders: securityHeaderList(config.baseUrl),
    writeLine: requestLineWriter(logger),
  };

  app.use(requestLog(logger));
  app.use(securityHeaders(config.baseUrl)); // first, so every answer (assets, errors, 404) carries them
  // Health checks need nothing else (`/health` is normally answered early, `/health/ready` here). It never
  // throws; errors past this point reach errorHandler.
  app.use(healthRoutes(db, lifecycle));
  app.use(compression());
  app.use(errorHandler(renderErrorPage(config)));
  app.use(staticAssets());
  app.use(favicon());
  app.use(robotsTxt());

  const bodyParser = koaBody({
    parsedMethods: BODY_METHODS,
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
  // Only the methods koa-body reads a body for reach it (the rest would only have their content type looked at);
  // a photo upload streams its own body (src/http/photoUpload.ts): never buffered whole before it is judged.
  app.use((ctx, next) =>
    !hasParsedBody.has(ctx.method) ||
    (ctx.method === 'POST' && (PHOTO_UPLOAD_PATH.test(ctx.path) || PORTRAIT_UPLOAD_PATH.test(ctx.path)))
      ? next()
      : bodyParser(ctx, next),
  );
  app.use(sessionAndUser(app, config, sessionCache, context.sessionActivity, deps.mailer));
  app.use(csrfProtection(config.baseUrl));

  // Every API route carries its own /api/… prefix and no page route does: a request is matched only against its
  // own half of the routes (a member's profile page no longer walks every API router's table first), and within
  // it only against the routers with a route for its path's first segment after /api (src/http/routesBySegment.ts).
  const api = routesBySegment(apiRouters(context), 2);
  const pages = routesBySegment(pageRouters(context), 1);
  app.use((ctx, next) => (isApiPath(ctx.path) ? api(ctx, next) : pages(ctx, next)));

  app.use(async (ctx) => {
    if (isApiPath(ctx.path)) throw new NotFoundError();
    await renderNotFound(ctx, config);
  });
  return app;
}
