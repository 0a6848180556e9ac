/**
 * What routers receive: the app's dependencies and its per-app services. Declared here, not in src/app.ts,
 * so routers never import the module that imports them.
 */
import type { Knex } from 'knex';
import type { Config } from '../config';
import type { ChangeWatch } from '../db/changeWatch';
import type { Logger } from '../log';
import type { PageCache } from '../pageCache/pageCache';
import type { ProfileCache } from '../pageCache/profileCache';
import type { PhotoReader } from '../services/ai/assist';
import type { AiProvider } from '../services/ai/provider';
import type { Mailer } from '../services/mail';
import type { MediaStore } from '../services/photos/store';
import type { SessionActivity } from '../services/sessionActivity';
import type { SessionCache } from '../services/sessionCache';
import type { DepartmentReads } from '../services/departments/departmentReads';
import type { RateLimits } from './rateLimit';

/** Set while the process shuts down: readiness then answers 503 (src/api/health.ts). */
export interface Lifecycle {
  shuttingDown: boolean;
}

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
  /** The node's change watch, which every cache subscribes to; by default one per app (src/db/changeWatch.ts). */
  changes?: ChangeWatch;
  /** Signed-in sessions kept in memory; by default one per app, as the configuration says (SESSION_CACHE). */
  sessionCache?: SessionCache;
  /** Writes sessions' "last seen" at most once a minute, after the request (src/services/sessionActivity.ts). */
  sessionActivity?: SessionActivity;
  /** What this node keeps of departments; by default one per app, as the configuration says (DEPARTMENT_CACHE). */
  departmentReads?: DepartmentReads;
  /** The step-up window's clock (src/http/clock.ts); `Date.now` by default. Tests move it. */
  clock?: () => number;
}

export interface AppContext extends AppDeps {
  rateLimits: RateLimits;
  /** What this node knows of each profile's current version (src/pageCache/profileCache.ts). */
  profileCache: ProfileCache;
  /** Every kept page and share file, by page, viewer class and version (src/pageCache/pageCache.ts). */
  pages: PageCache;
  /** The AI model server, or null when AI assist is not configured (AI_BASE_URL, AI_MODEL). */
  ai: AiProvider | null;
  /** Where photo files live (local files or S3, src/services/photos/store.ts). */
  mediaStore: MediaStore;
  readPhoto: PhotoReader;
  sessionActivity: SessionActivity;
  departmentReads: DepartmentReads;
}
