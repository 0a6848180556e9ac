import { createRequire } from 'node:module';
import pino, { type Logger } from 'pino';
import type { Config } from './config';

/** Paths whose values never reach a log line. */
export const REDACT_PATHS = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'token',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.confirmPassword',
  '*.token',
  '*.passwordHash',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

export interface LogOutput {
  /** Whether stdout is a terminal (a person reading). */
  isTTY: boolean;
  /** Resolves pino-pretty's path; throws when it is not installed (e.g. `npm ci --omit=dev`). */
  resolvePretty: () => string;
}

const require = createRequire(import.meta.url);
const defaultOutput = (): LogOutput => ({
  isTTY: Boolean(process.stdout.isTTY),
  resolvePretty: () => require.resolve('pino-pretty'),
});

/**
 * Readable lines for a person at a terminal (`npm start`, `npm run dev`); JSON for machines: in production,
 * when piped or collected, and whenever pino-pretty is not installed (so a missing dev dependency can never
 * stop the server from starting).
 */
export function logFormat(nodeEnv: Config['nodeEnv'], output: LogOutput): 'pretty' | 'json' {
  if (nodeEnv === 'production' || !output.isTTY) return 'json';
  try {
    output.resolvePretty();
    return 'pretty';
  } catch {
    return 'json';
  }
}

/** The longest a written line waits in the buffer before it reaches stdout. */
export const LOG_FLUSH_MS = 250;

export function createLogger(
  config: Pick<Config, 'logLevel' | 'nodeEnv'>,
  output: LogOutput = defaultOutput(),
): Logger {
  const pretty = logFormat(config.nodeEnv, output) === 'pretty';
  const options = { level: config.logLevel, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  // A transport formats in a worker thread, off the request path.
  if (pretty)
    return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } });
  // JSON lines are written asynchronously and in batches: a request never waits for stdout, and lines gather
  // until there are 4 KB of them: one write (a thread-pool job and its wake-up) per ~25 request lines instead of one
  // per line or two on a busy server. A line waits at most LOG_FLUSH_MS when the server is quiet, and pino flushes
  // what is pending synchronously when the process exits.
  return pino(options, pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: LOG_FLUSH_MS }));
}

export type { Logger };
