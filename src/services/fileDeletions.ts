/**
 * Stored files whose rows are gone (deleted photos, a deleted account's photos, used or expired exports): removed
 * after commit and never lost on the way. In the deleting transaction a `pending_file_deletions` row records the
 * keys; after commit the store removes them and the row goes. If the store fails (S3 down, a disk error), the row
 * stays with the error and the account-data job (src/db/accountDataJob.ts) tries again until it succeeds. A rolled
 * back deletion leaves neither the row nor a removed file.
 */
import type { Knex } from 'knex';
import { afterCommit } from '../db/transaction';
import { PendingFileDeletion } from '../models/PendingFileDeletion';
import type { MediaStore } from './photos/store';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** Records `keys` for removal in `trx` and removes them once it commits (retried by the job if that fails). */
export async function removeFilesAfterCommit(trx: Knex.Transaction, keys: string[], store: MediaStore): Promise<void> {
  if (!keys.length) return;
  const pending = await PendingFileDeletion.query(trx).insert({ keys }).returning('id');
  afterCommit(trx, () => removePending(pending.id, keys, store));
}

/**
 * Removes, once `trx` commits, files a database trigger has already recorded in `trx` (proof documents:
 * migrations/20261201030000_proof_documents.ts records a deleted row's file itself, so a cascade leaves none behind).
 */
export async function removeRecordedFilesAfterCommit(
  trx: Knex.Transaction,
  keys: string[],
  store: MediaStore,
): Promise<void> {
  if (!keys.length) return;
  const pending = await PendingFileDeletion.query(trx)
    .whereRaw('keys = ?::text[]', [keys])
    .orderBy('id', 'desc')
    .first();
  if (pending) afterCommit(trx, () => removePending(pending.id, pending.keys, store));
}

async function removePending(id: string, keys: string[], store: MediaStore, db?: Knex): Promise<boolean> {
  try {
    await store.delete(keys);
    await PendingFileDeletion.query(db).deleteById(id);
    return true;
  } catch (error) {
    store.logger.error({ err: message(error), count: keys.length }, 'could not remove stored files; will retry');
    await PendingFileDeletion.query(db)
      .patch({ attempts: PendingFileDeletion.raw('attempts + 1'), lastError: message(error) })
      .where('id', id)
      .catch(() => undefined);
    return false;
  }
}

/** The job's part: tries every recorded removal again, oldest first; answers how many are done and still left. */
export async function retryPendingFileDeletions(
  db: Knex,
  store: MediaStore,
  limit = 200,
): Promise<{ removed: number; left: number }> {
  const rows = await PendingFileDeletion.query(db).orderBy('id').limit(limit);
  let removed = 0;
  for (const row of rows) if (await removePending(row.id, row.keys, store, db)) removed += 1;
  return { removed, left: rows.length - removed };
}
