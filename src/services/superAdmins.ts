/**
 * Invariant: at least one active super_admin remains. Every change that could remove one (demoting, deactivating
 * or deleting an active super_admin — by an admin, or a super admin deleting their own account) first takes
 * SUPER_ADMINS_LOCK, then counts the other active super_admins, so two such changes at once cannot both succeed.
 */
import type { Knex } from 'knex';
import { ConflictError } from '../errors';
import { User } from '../models/User';
import { ADMIN_MESSAGES } from '../validation/admin';

/** Advisory-lock key for "the set of active super admins". */
const SUPER_ADMINS_LOCK = 7_252_612;

/** Whether `user` is the only active super admin (the delete page explains instead of offering the form). */
export async function isLastActiveSuperAdmin(user: User, trx?: Knex.Transaction): Promise<boolean> {
  if (user.role !== 'super_admin' || !user.isActive) return false;
  const others = await User.query(trx)
    .where({ role: 'super_admin', isActive: true })
    .whereNot('id', user.id)
    .resultSize();
  return others === 0;
}

/** Refuses when `target` is an active super_admin and no other active super_admin would remain. */
export async function keepOneActiveSuperAdmin(trx: Knex.Transaction, target: User): Promise<void> {
  if (target.role !== 'super_admin' || !target.isActive) return;
  await trx.raw('select pg_advisory_xact_lock(?)', [SUPER_ADMINS_LOCK]);
  if (await isLastActiveSuperAdmin(target, trx)) throw new ConflictError(ADMIN_MESSAGES.lastSuperAdmin);
}
