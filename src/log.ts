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

export function createLogger(
  config: Pick<Config, 'logLevel' | 'nodeEnv'>,
  output: LogOutput = defaultOutput(),
): Logger {
  const pretty = logFormat(config.nodeEnv, output) === 'pretty';
  const options = { level: config.logLevel, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  // A transport formats in a worker thread, off the request path.
  if (pretty)
    return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } });
  // JSON lines are written asynchronously: a request never waits for stdout, and lines logged while a write is
  // in flight go out together in the next one. Nothing waits in a buffer when the server is idle (minLength 0),
  // and pino flushes what is pending synchronously when the process exits.
  return pino(options, pino.destination({ dest: 1, sync: false, minLength: 0 }));
}

export type { Logger };
