/**
 * Site-wide switches a super admin sets on the dashboard (`app_settings`, one JSON value per key). Today:
 * `require_two_factor_for_admins` (docs/decisions/two-factor.md) — admins without an authenticator are sent to enrol at their next
 * password sign-in, before anything else. The rule holds for sessions already open too: turning it on ends every
 * session of an admin without an authenticator (the acting super admin's included), so their next request is
 * signed out; so does making such a user an admin while it is on, and an admin cannot turn their own off.
 */
import type { Knex } from 'knex';
import { Model } from 'objection';
import { ConflictError } from '../errors';
import { TWO_FACTOR_MESSAGES } from '../validation/twoFactorMessages';
import { authorizeOnCollection, definePolicy, deny } from '../policies/policy';
import { isSuperAdmin } from '../policies/admin';
import { isAdmin } from '../policies/viewer';
import type { Viewer } from '../policies/viewer';
import { revokeUserSessions } from './sessions';

const REQUIRE_TWO_FACTOR = 'require_two_factor_for_admins';

export const appSettingsPolicy = definePolicy<never, never, 'change'>({
  collection: {
    change: (viewer) => isSuperAdmin(viewer) || deny('Only a super admin can change this setting'),
  },
});

export async function requireTwoFactorForAdmins(db: Knex = Model.knex()): Promise<boolean> {
  const row = (await db('app_settings').where({ key: REQUIRE_TWO_FACTOR }).first()) as { value: unknown } | undefined;
  return row?.value === true;
}

export async function setRequireTwoFactorForAdmins(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { requireTwoFactorForAdmins: boolean },
): Promise<void> {
  authorizeOnCollection(appSettingsPolicy, actor, 'change');
  await trx('app_settings')
    .insert({ key: REQUIRE_TWO_FACTOR, value: JSON.stringify(input.requireTwoFactorForAdmins), updatedAt: new Date() })
    .onConflict('key')
    .merge(['value', 'updatedAt']);
  if (input.requireTwoFactorForAdmins) await signOutAdminsWithoutTwoFactor(trx);
}

/** Ends every session of each admin (of `userIds`, when given) with no authenticator on; answers their ids. */
export async function signOutAdminsWithoutTwoFactor(trx: Knex.Transaction, userIds?: number[]): Promise<number[]> {
  const query = trx('users')
    .whereIn('role', ['admin', 'super_admin'])
    .whereNotExists(trx('user_totp').whereRaw('user_totp.user_id = users.id').whereNotNull('confirmed_at'));
  if (userIds) query.whereIn('id', userIds);
  const ids = (await query.pluck('id')) as number[];
  for (const id of ids) await revokeUserSessions(trx, id);
  return ids;
}

/** While two-factor is required for admins, an admin keeps theirs on (turning it off is refused). */
export async function keepAdminTwoFactor(trx: Knex.Transaction, user: Viewer): Promise<void> {
  if (isAdmin(user) && (await requireTwoFactorForAdmins(trx)))
    throw new ConflictError(TWO_FACTOR_MESSAGES.requiredForAdmins);
}
