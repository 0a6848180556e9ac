/**
 * The only module that reads process.env. Everything else receives a typed Config.
 * Defaults are chosen so `npm start` works on a fresh machine with no settings at all.
 */
import path from 'node:path';
import { loadWalletConfig, type WalletConfig } from './walletConfig';

export type NodeEnv = 'development' | 'production' | 'test';

/** Where uploaded media is stored when S3_BUCKET is set (src/services/photos/store.ts). */
export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export interface Config {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  /** Public origin used in e-mailed links and the CSRF origin check. */
  baseUrl: string;
  /** Postgres connection string; when undefined the embedded PGlite database under dataDir is used. */
  databaseUrl: string | undefined;
  /** Milliseconds a query waits for a database connection before the request answers 503. */
  databaseAcquireTimeoutMs: number;
  dataDir: string;
  sessionSecret: string;
  /**
   * Encrypts the departments' credential signing keys at rest (CREDENTIAL_KEY; docs/decisions/verifiable-credentials.md).
   * Required in production and refused when short or published, like SESSION_SECRET; in development and tests a
   * key derived from the session secret.
   */
  credentialKey: string;
  /** Apple and Google Wallet passes of the membership card, each on when configured (src/walletConfig.ts). */
  wallet: WalletConfig;
  /** Session lifetime in milliseconds. */
  sessionMaxAgeMs: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  adminName: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  productName: string;
  feedbackUrl: string | undefined;
  logLevel: string;
  /** Run migrations and seeds at start (on by default; tests turn it off when they migrate themselves). */
  migrateOnStart: boolean;
  /** Milliseconds to wait for in-flight requests at shutdown before closing anyway. */
  shutdownGraceMs: number;
  /** Trust X-Forwarded-* headers (behind a reverse proxy). */
  trustProxy: boolean;
  /** Disable rate limits (never in production; used by load benchmarks and most tests) — all but the two-factor lockout. */
  rateLimitsEnabled: boolean;
  /** Keep rendered public pages per profile version (PAGE_CACHE); off only to measure what it saves. */
  pageCache: boolean;
  /** The page cache's memory bound, compressed copies included (PAGE_CACHE_MB). */
  pageCacheMaxBytes: number;
  /** Keep rendered parts of pages (a profile's read sections) per content (RENDER_CACHE); off only to measure. */
  renderCache: boolean;
  /** Keep signed-in sessions in memory, dropped on every change (SESSION_CACHE); off only to measure it. */
  sessionCache: boolean;
  /** Keep department search answers and users' department links per node (DEPARTMENT_CACHE); off only to measure. */
  departmentCache: boolean;
  /** Where rate-limit counters live: memory (one node) or postgres (shared by several nodes). */
  rateLimitStore: 'memory' | 'postgres';
  /** Address shown on the registration page for requesting an invite. */
  accessRequestEmail: string | undefined;
  /** Where photo files live when no S3 bucket is configured (MEDIA_DIR, default ./data/media). */
  mediaDir: string;
  /** An S3-compatible bucket for photo files (S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, …). */
  s3: S3Settings | undefined;
  /** When the daily expiry-reminder job runs, a cron line in UTC (REMINDERS_CRON, default 13:00 UTC). */
  remindersCron: string;
  /** Run the reminder job's worker in this process (REMINDERS_WORKER, default on; also runs the account-data job). */
  remindersWorker: boolean;
  /** Exports whose photos take more bytes than this are prepared in the background and e-mailed (EXPORT_INLINE_MAX_MB, 50). */
  exportInlineMaxBytes: number;
  /** The AI assist's model server (AI_BASE_URL…); null when not configured: no AI controls, the AI routes answer 503. */
  ai: AiConfig | null;
}

/** Any OpenAI-compatible chat-completions endpoint (a hosted API, Ollama, llama.cpp's server, vLLM). */
export interface AiConfig {
  /** The API root the paths are appended to, e.g. https://api.openai.com/v1 or http://localhost:11434/v1. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` when set (local servers usually need none). */
  apiKey: string | undefined;
  /** The text model (enhancement). */
  model: string;
  /** The vision model (photo captions); the text model when unset. */
  visionModel: string;
  /** Milliseconds a model call may take before it is abandoned (AI_TIMEOUT_MS). */
  timeoutMs: number;
}

type Env = Record<string, string | undefined>;

function str(env: Env, key: string): string | undefined {
  const value = env[key]?.trim();
  return value ? value : undefined;
}

function int(env: Env, key: string, fallback: number): number {
  const raw = str(env, key);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${key} must be a non-negative integer, got "${raw}"`);
  return value;
}

function bool(env: Env, key: string, fallback: boolean): boolean {
  const raw = str(env, key);
  if (raw === undefined) return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

const DEV_SESSION_SECRET = 'turnout-development-secret-change-me';

/** The shortest session secret production accepts: 32 characters (256 bits of base64 is 43). */
export const MIN_SESSION_SECRET_LENGTH = 32;

/**
 * Secrets anyone can read in this repository: the development fallback, the placeholder in .env.example and
 * the fallback docker-compose.yml once had. A server signing cookies with one of them can be forged against,
 * so production refuses them (test/unit/config-secrets.test.ts keeps this list in step with .env.example).
 */
export const PUBLISHED_SECRETS: readonly string[] = [
  DEV_SESSION_SECRET,
  'change-me-to-a-long-random-string',
  'please-change-this-session-secret',
  'change-me-to-another-long-random-string',
];

const MAKE_ONE = 'Make one with: openssl rand -base64 48';

/** Why a production secret named `name` is refused, or null when it is fine (`risk`: what a known value allows). */
function secretProblem(name: string, secret: string | undefined, risk: string): string | null {
  if (!secret) return `${name} must be set in production. ${MAKE_ONE}`;
  if (PUBLISHED_SECRETS.includes(secret)) {
    return `${name} is a published example value; anyone could ${risk} with it. ${MAKE_ONE}`;
  }
  if (secret.length < MIN_SESSION_SECRET_LENGTH) {
    return `${name} must be at least ${MIN_SESSION_SECRET_LENGTH} characters in production (it has ${secret.length}). ${MAKE_ONE}`;
  }
  return null;
}

/** Why a production session secret is refused, or null when it is fine. */
export function sessionSecretProblem(secret: string | undefined): string | null {
  return secretProblem('SESSION_SECRET', secret, 'forge sessions');
}

/** Why a production credential key is refused, or null when it is fine (docs/decisions/verifiable-credentials.md). */
export function credentialKeyProblem(key: string | undefined): string | null {
  return secretProblem('CREDENTIAL_KEY', key, 'read the departments’ signing keys from a database copy');
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnvRaw = str(env, 'NODE_ENV') ?? 'development';
  const nodeEnv: NodeEnv = nodeEnvRaw === 'production' || nodeEnvRaw === 'test' ? nodeEnvRaw : 'development';
  const port = int(env, 'PORT', 3000);
  const sessionSecret = str(env, 'SESSION_SECRET');
  const secretProblem = nodeEnv === 'production' ? sessionSecretProblem(sessionSecret) : null;
  if (secretProblem) throw new Error(secretProblem);
  const credentialKey = str(env, 'CREDENTIAL_KEY');
  const keyProblem = nodeEnv === 'production' ? credentialKeyProblem(credentialKey) : null;
  if (keyProblem) throw new Error(keyProblem);
  const dataDir = path.resolve(str(env, 'DATA_DIR') ?? 'data');
  return {
    nodeEnv,
    port,
    host: str(env, 'HOST') ?? '0.0.0.0',
    baseUrl: (str(env, 'BASE_URL') ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    databaseUrl: str(env, 'DATABASE_URL'),
    databaseAcquireTimeoutMs: int(env, 'DB_ACQUIRE_TIMEOUT_MS', 5000),
    dataDir,
    sessionSecret: sessionSecret ?? DEV_SESSION_SECRET,
    credentialKey: credentialKey ?? `credential-key:${sessionSecret ?? DEV_SESSION_SECRET}`,
    wallet: loadWalletConfig(env),
    sessionMaxAgeMs: int(env, 'SESSION_MAX_AGE_DAYS', 30) * 24 * 60 * 60 * 1000,
    adminEmail: str(env, 'ADMIN_EMAIL')?.toLowerCase(),
    adminPassword: str(env, 'ADMIN_PASSWORD'),
    adminName: str(env, 'ADMIN_NAME') ?? 'Administrator',
    smtpUrl: str(env, 'SMTP_URL'),
    mailFrom: str(env, 'MAIL_FROM') ?? 'Turnout <no-reply@turnout.local>',
    productName: str(env, 'PRODUCT_NAME') ?? 'Turnout',
    feedbackUrl: str(env, 'FEEDBACK_URL'),
    logLevel: str(env, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    migrateOnStart: bool(env, 'MIGRATE_ON_START', true),
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 10_000),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    rateLimitsEnabled: bool(env, 'RATE_LIMITS', true),
    pageCache: bool(env, 'PAGE_CACHE', true),
    pageCacheMaxBytes: int(env, 'PAGE_CACHE_MB', 64) * 1024 * 1024,
    renderCache: bool(env, 'RENDER_CACHE', true),
    sessionCache: bool(env, 'SESSION_CACHE', true),
    departmentCache: bool(env, 'DEPARTMENT_CACHE', true),
    rateLimitStore: str(env, 'RATE_LIMIT_STORE') === 'postgres' ? 'postgres' : 'memory',
    accessRequestEmail: str(env, 'ACCESS_REQUEST_EMAIL') ?? str(env, 'ADMIN_EMAIL'),
    mediaDir: path.resolve(str(env, 'MEDIA_DIR') ?? path.join(dataDir, 'media')),
    s3: s3Settings(env),
    remindersCron: str(env, 'REMINDERS_CRON') ?? '0 13 * * *',
    remindersWorker: bool(env, 'REMINDERS_WORKER', true),
    exportInlineMaxBytes: int(env, 'EXPORT_INLINE_MAX_MB', 50) * 1024 * 1024,
    ai: aiConfig(env),
  };
}

/** AI assist is on when AI_BASE_URL and AI_MODEL are both set; one without the other is a mistake worth stopping for. */
function aiConfig(env: Env): AiConfig | null {
  const baseUrl = str(env, 'AI_BASE_URL');
  const model = str(env, 'AI_MODEL');
  if (!baseUrl && !model) return null;
  if (!baseUrl || !model)
    throw new Error('AI_BASE_URL and AI_MODEL must be set together (or neither, to turn AI assist off)');
  if (!/^https?:\/\//i.test(baseUrl)) throw new Error(`AI_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: str(env, 'AI_API_KEY'),
    model,
    visionModel: str(env, 'AI_VISION_MODEL') ?? model,
    timeoutMs: int(env, 'AI_TIMEOUT_MS', 30_000) || 30_000,
  };
}

function s3Settings(env: Env): S3Settings | undefined {
  const bucket = str(env, 'S3_BUCKET');
  if (!bucket) return undefined;
  return {
    bucket,
    endpoint: str(env, 'S3_ENDPOINT'),
    region: str(env, 'S3_REGION') ?? 'us-east-1',
    accessKeyId: str(env, 'S3_ACCESS_KEY_ID'),
    secretAccessKey: str(env, 'S3_SECRET_ACCESS_KEY'),
    // MinIO and most self-hosted stores want path-style URLs; AWS accepts both.
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', Boolean(str(env, 'S3_ENDPOINT'))),
  };
}
