/**
 * The admin audit trail: every admin action writes one log line — who (actor id and role), what (the action)
 * and the target — once its transaction has committed (a refused or rolled-back action writes none; its
 * request line says what happened). Lines carry `audit: true` so they can be filtered from the request log.
 */
import type { Knex } from 'knex';
import { afterCommit } from '../db/transaction';
import type { Logger } from '../log';
import type { Viewer } from '../policies/viewer';

export interface AuditEntry {
  action: string;
  target: { type: string; id?: number | string; [detail: string]: unknown };
}

export function auditLine(log: Logger, actor: Viewer, entry: AuditEntry): void {
  log.info(
    { audit: true, actor: { id: actor.id, role: actor.role }, action: entry.action, target: entry.target },
    `admin ${entry.action}`,
  );
}

/** Logs the entry after `trx` commits. */
export function audit(trx: Knex.Transaction, log: Logger, actor: Viewer, entry: AuditEntry): void {
  afterCommit(trx, () => auditLine(log, actor, entry));
}
