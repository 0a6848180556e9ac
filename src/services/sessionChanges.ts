/**
 * "What a user's sessions carry changed": a session saved or ended, or the user's row changed (role, active,
 * name, e-mail, username, password, deleted). Two deliveries, both only once the transaction has committed:
 * - this process hears it at once (afterCommit → onSessionChanged listeners): every such write calls
 *   announceSessionChange in its transaction;
 * - other app nodes hear it through Postgres: triggers on `users` and `sessions` call pg_notify on this channel
 *   for every update or delete (migrations/20261123009100_session_change_notify.ts), whoever made it.
 * The session cache (src/services/sessionCache.ts) listens to both.
 */
import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import { afterCommit } from '../db/transaction';

export const SESSION_CHANGED_CHANNEL = 'session_changed';

const local = new EventEmitter();
local.setMaxListeners(0);

export function announceSessionChange(trx: Knex.Transaction, userId: number): void {
  afterCommit(trx, () => local.emit('changed', userId));
}

/** Calls `listener` with the id of each user whose sessions this process changed; returns the unsubscribe. */
export function onSessionChanged(listener: (userId: number) => void): () => void {
  local.on('changed', listener);
  return () => local.off('changed', listener);
}
