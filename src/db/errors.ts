import { UniqueViolationError } from 'objection';
import { NUL_TEXT_MESSAGE } from '../validation/common';

/**
 * The unique constraint a database error violated (its name, or '' when unnamed), or undefined when the
 * error is not a unique violation — whether Objection wrapped it (pg) or not (embedded PGlite).
 */
export function uniqueViolation(error: unknown): string | undefined {
  if (error instanceof UniqueViolationError) return error.constraint ?? '';
  const e = error as { code?: string; constraint?: string; nativeError?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.nativeError?.code;
  if (code !== '23505') return undefined;
  return e?.constraint ?? e?.nativeError?.constraint ?? '';
}

/**
 * Data exceptions caused by a request's values that the schemas let through: text with a NUL character
 * ("invalid byte sequence for encoding UTF8: 0x00", 22021; in JSON 22P05), a number past its column's range
 * (22003), a malformed number or date (22P02, 22007, 22008), text past a varchar's length (22001). The input
 * was bad, not the server: the error handler answers 400 with this message (the transaction rolls back).
 */
const BAD_VALUE_MESSAGES: Record<string, string> = {
  '22021': NUL_TEXT_MESSAGE,
  '22P05': NUL_TEXT_MESSAGE,
  '22003': 'A number is out of range',
  '22P02': 'A value is not in the expected format',
  '22007': 'A date is not valid',
  '22008': 'A date is out of range',
  '22001': 'A text is too long',
};

export function badValueMessage(error: unknown): string | undefined {
  const e = error as { code?: string; nativeError?: { code?: string } };
  const code = e?.code ?? e?.nativeError?.code;
  return code === undefined ? undefined : BAD_VALUE_MESSAGES[code];
}

/** Socket-level failures: the database host refused, dropped or never answered the connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Postgres SQLSTATEs meaning "the server cannot serve you right now": class 08 (connection exception),
 * 57P01-57P03 (admin/crash shutdown, cannot connect now, e.g. starting up) and 53300 (too many connections).
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);
}

/**
 * node-postgres reports a socket closed mid-conversation with these messages and no code
 * (knex prefixes the query: "select … - Connection terminated unexpectedly").
 */
const TERMINATED_MESSAGE = /(^|- )Connection terminated( unexpectedly| due to connection timeout)?$/;

/**
 * True when the error means the database cannot be reached (as opposed to a bad query): the error handler
 * answers these with 503 and Retry-After, since retrying later can succeed. Looks through the wrappers
 * Objection (nativeError), Node (AggregateError.errors) and `cause` chains put around the driver's error.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as {
    name?: string;
    code?: unknown;
    message?: unknown;
    nativeError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  // knex gave up waiting for a pool connection (acquireConnectionTimeout): the database is not answering.
  if (e.name === 'KnexTimeoutError') return true;
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || isUnavailableSqlState(e.code))) return true;
  if (typeof e.message === 'string' && TERMINATED_MESSAGE.test(e.message)) return true;
  const inner = [e.nativeError, e.cause, ...(Array.isArray(e.errors) ? e.errors : [])];
  return inner.some((item) => item !== error && isDatabaseUnavailable(item, depth + 1));
}
