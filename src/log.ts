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

export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>): Logger {
  const pretty = config.nodeEnv === 'development' && process.stdout.isTTY;
  return pino({
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } } : {}),
  });
}

export type { Logger };
