/**
 * The only module that reads process.env. Everything else receives a typed Config.
 * Defaults are chosen so `npm start` works on a fresh machine with no settings at all.
 */
import path from 'node:path';
import type { S3Settings } from './services/photos/store';

export type NodeEnv = 'development' | 'production' | 'test';

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
  /** Disable rate limits (never in production; used by load benchmarks and most tests). */
  rateLimitsEnabled: boolean;
  /** Keep rendered public pages per profile version (PAGE_CACHE); off only to measure what it saves. */
  pageCache: boolean;
  /** The page cache's memory bound, compressed copies included (PAGE_CACHE_MB). */
  pageCacheMaxBytes: number;
  /** Keep signed-in sessions in memory, dropped on every change (SESSION_CACHE); off only to measure it. */
  sessionCache: boolean;
  /** Where rate-limit counters live: memory (one node) or postgres (shared by several nodes). */
  rateLimitStore: 'memory' | 'postgres';
  /** Address shown on the registration page for requesting an invite. */
  accessRequestEmail: string | undefined;
  /** Where photo files live when no S3 bucket is configured (MEDIA_DIR, default ./data/media). */
  mediaDir: string;
  /** An S3-compatible bucket for photo files (S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, …). */
  s3: S3Settings | undefined;
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

export function loadConfig(env: Env = process.env): Config {
  const nodeEnvRaw = str(env, 'NODE_ENV') ?? 'development';
  const nodeEnv: NodeEnv = nodeEnvRaw === 'production' || nodeEnvRaw === 'test' ? nodeEnvRaw : 'development';
  const port = int(env, 'PORT', 3000);
  const sessionSecret = str(env, 'SESSION_SECRET');
  if (nodeEnv === 'production' && (!sessionSecret || sessionSecret.length < 16)) {
    throw new Error('SESSION_SECRET must be set (16 characters or more) in production');
  }
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
    sessionCache: bool(env, 'SESSION_CACHE', true),
    rateLimitStore: str(env, 'RATE_LIMIT_STORE') === 'postgres' ? 'postgres' : 'memory',
    accessRequestEmail: str(env, 'ACCESS_REQUEST_EMAIL') ?? str(env, 'ADMIN_EMAIL'),
    mediaDir: path.resolve(str(env, 'MEDIA_DIR') ?? path.join(dataDir, 'media')),
    s3: s3Settings(env),
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
