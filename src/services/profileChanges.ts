/**
 * "This profile changed": every write to a profile, or to anything its pages show, announces it here, in its
 * transaction. Two deliveries, both only once the transaction has committed:
 * - this process hears it at once (afterCommit → onProfileChanged listeners);
 * - other app nodes hear it through Postgres (pg_notify, delivered at commit) — src/db/listen.ts.
 * The rendered-page cache (src/pageCache/profileCache.ts) listens, so no node serves a page older than a write
 * for longer than a notification takes to arrive.
 */
import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import { afterCommit } from '../db/transaction';

export const PROFILE_CHANGED_CHANNEL = 'profile_changed';

const local = new EventEmitter();
local.setMaxListeners(0);

export async function announceProfileChange(trx: Knex.Transaction, profileId: number): Promise<void> {
  await trx.raw('select pg_notify(?, ?)', [PROFILE_CHANGED_CHANNEL, String(profileId)]);
  afterCommit(trx, () => local.emit('changed', profileId));
}

/** Calls `listener` with the id of each profile this process changed; returns the unsubscribe function. */
export function onProfileChanged(listener: (profileId: number) => void): () => void {
  local.on('changed', listener);
  return () => local.off('changed', listener);
}
