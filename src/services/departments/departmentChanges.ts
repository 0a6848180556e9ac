/**
 * "What a node keeps of departments changed" (departmentReads.ts): a departments row (every search answer and
 * every user's links may show it), or one user's links or verification requests. Two deliveries, both only once
 * the transaction has committed:
 * - this process hears it at once (afterCommit → onDepartmentsChanged listeners): every such write calls
 *   announceDepartmentsChange / announceUserDepartmentsChange in its transaction;
 * - other app nodes hear it through Postgres: triggers on `departments`, `user_departments` and
 *   `membership_verifications` notify this channel whoever wrote
 *   (migrations/20261126000100_department_reads_notify.ts), with the same payloads.
 */
import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import type { Change } from '../../db/changeWatch';
import { afterCommit } from '../../db/transaction';

export const DEPARTMENTS_CHANGED_CHANNEL = 'departments_changed';

/** The channel's payload (`*` for any departments row, `u` + the user id for one user's links) as a change. */
export function parseDepartmentChange(payload: string): Change | undefined {
  if (payload === '*') return 'all';
  const userId = payload.startsWith('u') ? Number(payload.slice(1)) : NaN;
  return Number.isInteger(userId) && userId > 0 ? userId : undefined;
}

const local = new EventEmitter();
local.setMaxListeners(0);

/** A departments row was written (inserted, renamed, verified, …). */
export function announceDepartmentsChange(trx: Knex.Transaction): void {
  afterCommit(trx, () => local.emit('changed', 'all'));
}

/** One user's department links or verification requests were written. */
export function announceUserDepartmentsChange(trx: Knex.Transaction, userId: number): void {
  afterCommit(trx, () => local.emit('changed', userId));
}

/** Calls `listener` with each change this process made (a user id, or `all`); returns the unsubscribe. */
export function onDepartmentsChanged(listener: (change: Change) => void): () => void {
  local.on('changed', listener);
  return () => local.off('changed', listener);
}
