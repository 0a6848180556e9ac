/**
 * Builds the Koa application. Middleware runs in this order: request log → compression → errors →
 * static assets and health (no session needed) → body parsing → session and user → CSRF → API → pages → 404.
 */
import Koa from 'koa';
import compress from 'koa-compress';
import { koaBody } from 'koa-body';
import type { Knex } from 'knex';
import type { Config } from './config';
import type { Logger } from './log';
import { requestLog } from './http/requestLog';
import { securityHeaders } from './http/securityHeaders';
import { errorHandler } from './http/errorHandler';
import { staticAssets, favicon } from './http/staticAssets';
import { sessionMiddleware, loadUser } from './http/session';
import { csrfProtection } from './http/csrf';
import { NotFoundError, PayloadTooLargeError, ValidationError } from './errors';
import { healthRoutes, type Lifecycle } from './api/health';
import { apiRouters } from './api';
import { PHOTO_UPLOAD_PATH } from './api/photos';
import { createMediaStore, type MediaStore } from './services/photos/store';
import { pageRouters } from './pages';
import { renderErrorPage, renderNotFound } from './pages/render';
import type { Mailer } from './services/mail';
import { RateLimits } from './http/rateLimit';
import { ProfileCache } from './pages/profileCache';
import { keptProfilePages } from './pages/profiles';
import { createAiProvider, type AiProvider } from './services/ai/provider';
import type { PhotoReader } from './services/ai/assist';
import { readGalleryPhotoForEditor } from './services/photos';

export interface AppDeps {
  config: Config;
  db: Knex;
  logger: Logger;
  mailer: Mailer;
  lifecycle?: Lifecycle;
  /** Reads a gallery photo for photo analysis; by default its medium, metadata-free variant from the store. */
  readPhoto?: PhotoReader;
  /** The photo store; by default the one the configuration names. */
  mediaStore?: MediaStore;
}

/** What routers receive: the deps plus per-app services. */
export interface AppContext extends AppDeps {
  rateLimits: RateLimits;
  /** Rendered profile pages and what decides their freshness (src/pages/profileCache.ts). */
  profileCache: ProfileCache;
  /** The AI model server, or null when AI assist is not configured (AI_BASE_URL, AI_MODEL). */
  ai: AiProvider | null;
  /** Where photo files live (local files or S3, src/services/photos/store.ts). */
  mediaStore: MediaStore;
  readPhoto: PhotoReader;
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
    readPhoto:
      deps.readPhoto ?? (async (viewer, ref) => ({ data: await readGalleryPhotoForEditor(viewer, ref, mediaStore) })),
  };
  app.silent = true; // errors are logged by errorHandler, not printed by Koa

  app.use(requestLog(logger));
  app.use(securityHeaders(config.baseUrl)); // first, so every answer (assets, errors, 404) carries them
  app.use(compress({ threshold: 1024, br: false }));
  app.use(errorHandler(renderErrorPage(config)));
  app.use(staticAssets());
  app.use(favicon());
  const health = healthRoutes(db, lifecycle);
  app.use(health.routes());
  app.use(keptProfilePages(context.profileCache)); // visitors' kept pages need no session or routing

  const bodyParser = koaBody({
    json: true,
    jsonLimit: '1mb',
    text: false,
    urlencoded: true, // plain HTML form posts (src/pages/formAction.ts)
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
  app.use(sessionMiddleware(app, config));
  app.use(loadUser());
  app.use(csrfProtection(config.baseUrl));

  for (const router of [...apiRouters(context), ...pageRouters(context)]) app.use(router.routes());

  app.use(async (ctx) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) throw new NotFoundError();
    await renderNotFound(ctx, config);
  });
  return app;
}
