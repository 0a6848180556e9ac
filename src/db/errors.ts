import { UniqueViolationError } from 'objection';

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
