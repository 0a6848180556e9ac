import { UniqueViolationError } from 'objection';

/** True for a unique-constraint violation, whether Objection wrapped it (pg) or not (embedded PGlite). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (error instanceof UniqueViolationError) return !constraint || error.constraint === constraint;
  const e = error as { code?: string; constraint?: string; nativeError?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.nativeError?.code;
  const name = e?.constraint ?? e?.nativeError?.constraint;
  return code === '23505' && (!constraint || name === constraint);
}
