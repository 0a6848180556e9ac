/**
 * Transactions. A request that writes opens exactly one, in the `transaction()` middleware
 * (src/http/transaction.ts); the CLI, seeds, bench and tests use `inTransaction` directly; a copy into another
 * database gets its two from src/db/otherDatabase.ts. Services never open their own: every mutation is
 * `fn(trx, actor, input)`. Only src/http and src/db call `.transaction(` (a lint rule, eslint.config.js).
 *
 * Work that must not happen unless the data is stored — sending an e-mail, deleting a file — is registered
 * with `afterCommit(trx, fn)` and runs once the transaction has committed (never after a rollback).
 *
 * Once committed, a transaction waits until this process's change watches have heard what it changed: its last
 * statement notifies a marker (src/db/changeWatch.ts `markerFor`), delivered after the transaction's own changes.
 * The answer to the write, and the requests after it, never meet a kept page, session or department read from
 * before it.
 */
import type { Knex } from 'knex';
import { markerFor } from './changeWatch';

type Callback = () => unknown;
const pending = new WeakMap<Knex.Transaction, Callback[]>();

/** Runs `fn` in a transaction on `db`, then the callbacks registered with afterCommit, in order. */
export async function inTransaction<T>(db: Knex, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  const callbacks: Callback[] = [];
  const marker = markerFor(db);
  const result = await db
    .transaction(async (trx) => {
      pending.set(trx, callbacks);
      const value = await fn(trx);
      await marker?.send(trx);
      return value;
    })
    .catch((error: unknown) => {
      marker?.cancel();
      throw error;
    });
  await marker?.heard;
  for (const callback of callbacks) await callback();
  return result;
}

/**
 * Defers `fn` until `trx` commits. A transaction not opened by inTransaction (a test's own, say) has nobody
 * to run the callback later, so that is a programming error and throws.
 */
export function afterCommit(trx: Knex.Transaction, fn: Callback): void {
  const callbacks = pending.get(trx);
  if (!callbacks) throw new Error('afterCommit needs a transaction opened by inTransaction');
  callbacks.push(fn);
}
