/**
 * The account's security log (docs/decisions/security-events.md): enrol, disable, recovery code used, passkey added or removed, export
 * requested, deletion, … One row per event, written in the transaction of the change it records, so a rolled
 * back change leaves no event. `detail` is small and never holds a secret (no code, token, password or full IP).
 */
import type { Knex } from 'knex';
import { SecurityEvent } from '../models/SecurityEvent';
import type { Viewer } from '../policies/viewer';

export type SecurityEventKind =
  | 'totp_enrolled'
  | 'totp_disabled'
  | 'recovery_code_used'
  | 'recovery_codes_regenerated'
  | 'recovery_codes_retired'
  | 'passkey_added'
  | 'passkey_removed'
  | 'session_revoked'
  | 'other_sessions_revoked'
  | 'password_changed'
  | 'export_requested'
  | 'account_deleted'
  | 'email_change_requested'
  | 'email_changed'
  | 'email_change_cancelled'
  | 'password_reset'
  | 'readiness_shared'
  | 'readiness_withdrawn';

/** `actor` is who caused it (the user, an admin, or null for the system); an admin's id is kept in the detail. */
export async function recordSecurityEvent(
  trx: Knex.Transaction,
  actor: Viewer | null,
  input: { userId: number; kind: SecurityEventKind; detail?: Record<string, string | number | boolean | null> },
): Promise<SecurityEvent> {
  return SecurityEvent.query(trx).insertAndFetch({
    userId: input.userId,
    kind: input.kind,
    detail: input.detail ?? {},
  });
}

/** The newest events of one user, newest first (Security in Account Settings; the admin's user detail). */
export async function recentSecurityEvents(userId: number, limit = 50): Promise<SecurityEvent[]> {
  return SecurityEvent.query()
    .where({ userId })
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
}
