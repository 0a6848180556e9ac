/**
 * Deleting an account (docs/decisions/account-deletion.md; spec 01 §4 "deletion is permanent and removes all associated data"): one path
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
import { keepOneActiveSuperAdmin } from './superAdmins';
import { USER_DATA_CLEANUP, type UserDataDeps } from './userData';
import { totpEnabled, useSecondFactor, type TwoFactorDeps } from './twoFactor/totp';
import { TWO_FACTOR_MESSAGES } from '../validation/twoFactor';

/** Deletes `target` (a row locked by the caller) and everything it owns, in `trx`. */
export async function deleteUserAndData(
  trx: Knex.Transaction,
  _actor: Viewer,
  target: User,
  deps: UserDataDeps,
): Promise<void> {
  await keepOneActiveSuperAdmin(trx, target);
  for (const step of USER_DATA_CLEANUP) await step(trx, target, deps);
  await User.query(trx).deleteById(target.id);
}

/**
 * The second factor, when the user has two-factor sign-in on (docs/decisions/account-deletion.md): a code from the authenticator app or a
 * recovery code, spent like at sign-in (useSecondFactor); a wrong or missing one is a 400 on `secondFactor`.
 * A passkey is a sign-in method, not a second factor here: the password is what this form asks of everyone.
 */
export async function checkSecondFactorForDeletion(
  trx: Knex.Transaction,
  user: User,
  input: { secondFactor?: string },
  deps: TwoFactorDeps,
): Promise<void> {
  if (!(await totpEnabled(user.id, trx))) return;
  const code = input.secondFactor?.trim();
  if (!code)
    throw new ValidationError(TWO_FACTOR_MESSAGES.codeRequired, { secondFactor: TWO_FACTOR_MESSAGES.codeRequired });
  try {
    await useSecondFactor(trx, user, { code }, deps);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError(error.message, { secondFactor: error.message });
  }
}

/** Account Settings → Delete My Account: the actor's own account, after their password (and second factor). */
export async function deleteOwnAccount(
  trx: Knex.Transaction,
  actor: Viewer | null,
  input: { password: string; secondFactor?: string },
  deps: UserDataDeps & { twoFactor: TwoFactorDeps },
): Promise<User> {
  if (!actor) throw new UnauthorizedError();
  const user = (await User.query(trx).findById(actor.id).forUpdate())!;
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new ValidationError(ACCOUNT_DATA_MESSAGES.passwordWrong, { password: ACCOUNT_DATA_MESSAGES.passwordWrong });
  }
  await checkSecondFactorForDeletion(trx, user, input, deps.twoFactor);
  await deleteUserAndData(trx, actor, user, deps);
  return user;
}
