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
import { afterCommit } from '../../db/transaction';

export const DEPARTMENTS_CHANGED_CHANNEL = 'departments_changed';

/** A change as the channel carries it: `*` for any departments row, `u` + the user id for one user's links. */
export type DepartmentChange = { all: true } | { all: false; userId: number };

/** The channel's payload, read; undefined for one this version does not know. */
export function parseDepartmentChange(payload: string): DepartmentChange | undefined {
  if (payload === '*') return { all: true };
  const userId = payload.startsWith('u') ? Number(payload.slice(1)) : NaN;
  return Number.isInteger(userId) && userId > 0 ? { all: false, userId } : undefined;
}

const local = new EventEmitter();
local.setMaxListeners(0);

/** A departments row was written (inserted, renamed, verified, …). */
export function announceDepartmentsChange(trx: Knex.Transaction): void {
  afterCommit(trx, () => local.emit('changed', '*'));
}

/** One user's department links or verification requests were written. */
export function announceUserDepartmentsChange(trx: Knex.Transaction, userId: number): void {
  afterCommit(trx, () => local.emit('changed', `u${userId}`));
}

/** Calls `listener` with each change this process made (as its payload); returns the unsubscribe. */
export function onDepartmentsChanged(listener: (payload: string) => void): () => void {
  local.on('changed', listener);
  return () => local.off('changed', listener);
}
