/**
 * The blacklist on the admin dashboard (spec 01 §§2, 5, 7): e-mail addresses and domains that may not
 * register or take an account's e-mail (src/services/blacklist/lookup.ts isBlacklisted). Values are stored
 * lower-cased, once per type (blacklist_type_value_unique → 409). Blacklisting an address does not delete or
 * deactivate an existing account: that is the admin's separate choice (docs/decisions/invite-codes.md).
 */
import type { Knex } from 'knex';
import { BlacklistEntry } from '../../models/BlacklistEntry';
import { authorize, authorizeOnCollection, blacklistPolicy, type Viewer } from '../../policies';
import type { BlacklistType } from '../../validation/admin';

export async function listBlacklist(viewer: Viewer, db?: Knex): Promise<BlacklistEntry[]> {
  authorizeOnCollection(blacklistPolicy, viewer, 'list');
  return BlacklistEntry.query(db)
    .modify(blacklistPolicy.scope, viewer)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc');
}

export async function addToBlacklist(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { type: BlacklistType; value: string; reason: string | null },
): Promise<BlacklistEntry> {
  authorizeOnCollection(blacklistPolicy, actor, 'add');
  return BlacklistEntry.query(trx).insertAndFetch({
    type: input.type,
    value: input.value.trim().toLowerCase(),
    reason: input.reason,
    isActive: true,
    createdBy: actor.id,
  });
}

/** DELETE /api/admin/blacklist/{id}; returns the removed entry. */
export async function removeFromBlacklist(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { id: number },
): Promise<BlacklistEntry> {
  const entry = authorize(
    blacklistPolicy,
    actor,
    'remove',
    await BlacklistEntry.query(trx).findById(input.id).forUpdate(),
  );
  await entry.$query(trx).delete();
  return entry;
}
