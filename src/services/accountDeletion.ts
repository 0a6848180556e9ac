/**
 * Deleting an account (issue 24 §5; spec 01 §4 "deletion is permanent and removes all associated data"): one path
 * for "Delete my account" and for an admin's DELETE /api/admin/users/{id}.
 *
 * In one transaction: the last active super admin is refused (src/services/superAdmins.ts); the steps of
 * USER_DATA_CLEANUP run (AI interactions, photo and export files recorded for removal after commit); the users
 * row is deleted, which removes by cascade the profile and every list, photos' rows, sessions, known devices,
 * reminders, verifications, endorsements, security events, exports, username redirects — and the tables of other
 * features that reference users ON DELETE CASCADE (two-factor secrets, recovery codes, passkeys). The username is
 * free again once the row is gone. Stored files go after commit and are retried by the account-data job if the
 * store fails (src/services/fileDeletions.ts). Every node drops the user's sessions and the profile's kept pages.
 */
import type { Knex } from 'knex';
import { UnauthorizedError, ValidationError } from '../errors';
import { User } from '../models/User';
import type { Viewer } from '../policies/viewer';
import { ACCOUNT_DATA_MESSAGES } from '../validation/accountData';
import { verifyPassword } from './passwords';
import { announceProfileChange } from './profileChanges';
import { announceSessionChange } from './sessionChanges';
import { keepOneActiveSuperAdmin } from './superAdmins';
import { USER_DATA_CLEANUP, type UserDataDeps } from './userData';

/** Deletes `target` (a row locked by the caller) and everything it owns, in `trx`. */
export async function deleteUserAndData(
  trx: Knex.Transaction,
  _actor: Viewer,
  target: User,
  deps: UserDataDeps,
): Promise<void> {
  await keepOneActiveSuperAdmin(trx, target);
  const profileIds = (await trx('profiles').where('user_id', target.id).pluck('id')) as number[];
  for (const step of USER_DATA_CLEANUP) await step(trx, target, deps);
  await User.query(trx).deleteById(target.id);
  announceSessionChange(trx, target.id);
  for (const profileId of profileIds) await announceProfileChange(trx, profileId);
}

/**
 * HOOK for the second factor (issue 24 §5 "and a second factor when enrolled"): the two-factor feature checks
 * here that `input.secondFactor` (a TOTP or recovery code, or a fresh passkey assertion) is valid when `user` has
 * one enrolled, and throws ValidationError (field `secondFactor`) otherwise. Without two-factor there is nothing to
 * check.
 */
export async function checkSecondFactorForDeletion(
  _trx: Knex.Transaction,
  _user: User,
  _input: { secondFactor?: string },
): Promise<void> {}

/** Account Settings → Delete My Account: the actor's own account, after their password (and second factor). */
export async function deleteOwnAccount(
  trx: Knex.Transaction,
  actor: Viewer | null,
  input: { password: string; secondFactor?: string },
  deps: UserDataDeps,
): Promise<User> {
  if (!actor) throw new UnauthorizedError();
  const user = (await User.query(trx).findById(actor.id).forUpdate())!;
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new ValidationError(ACCOUNT_DATA_MESSAGES.passwordWrong, { password: ACCOUNT_DATA_MESSAGES.passwordWrong });
  }
  await checkSecondFactorForDeletion(trx, user, input);
  await deleteUserAndData(trx, actor, user, deps);
  return user;
}
