/**
 * Site-wide switches a super admin sets on the dashboard (`app_settings`, one JSON value per key). Today:
 * `require_two_factor_for_admins` (docs/decisions/two-factor.md) — admins without an authenticator are sent to enrol at their next
 * password sign-in, before anything else.
 */
import type { Knex } from 'knex';
import { Model } from 'objection';
import { authorizeOnCollection, definePolicy, deny } from '../policies/policy';
import { isSuperAdmin } from '../policies/admin';
import type { Viewer } from '../policies/viewer';

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
}
