/**
 * A signed-in user's own account: name and e-mail, password, custom profile URL (username).
 * Each is fn(trx, actor, input) and changes the actor's own row only. The name changes at once; a new e-mail is
 * a two-step change that takes effect only once the new address confirms it (src/services/emailChanges.ts). Taken e-mails and usernames are the
 * unique indexes' answer (409, src/db/constraints.ts), case-insensitively.
 */
import type { Knex } from 'knex';
import { User } from '../models/User';
import { ValidationError } from '../errors';
import type { Viewer } from '../policies/viewer';
import { AUTH_MESSAGES } from '../validation/auth';
import { requestEmailChange, type EmailChangeDeps } from './emailChanges';
import { mailSecurityChange, type SecurityMail } from './twoFactor/notify';
import { hashPassword, verifyPassword } from './passwords';
import { recordUsernameChange, syncProfileName } from './profileWrites';
import { recordSecurityEvent } from './securityEvents';
import { revokeUserSessions } from './sessions';

/** The actor's own row, locked for a change; every node's cached sessions of the user drop it once it commits. */
async function ownRow(trx: Knex.Transaction, actor: Viewer): Promise<User> {
  return (await User.query(trx).findById(actor.id).forUpdate())!;
}

/** Saves the name; a different e-mail starts the two-step change and is answered as `pendingEmail`. */
export async function updateAccountDetails(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { name: string; email: string },
  deps: EmailChangeDeps,
): Promise<{ user: User; pendingEmail: string | null }> {
  const user = await ownRow(trx, actor);
  await syncProfileName(trx, user.id, input.name);
  const updated = await user.$query(trx).patchAndFetch({ name: input.name });
  // Keeping one's own address is no change, even if it was blacklisted since.
  if (input.email === user.email.toLowerCase()) return { user: updated, pendingEmail: null };
  const change = await requestEmailChange(trx, actor, { email: input.email }, deps);
  return { user: updated, pendingEmail: change.newEmail };
}

/**
 * Changes the password and always ends every other session of the user (a password change is how the owner
 * takes the account back from a stolen session, docs/api.md "Step-up"); the session that asked (its token in
 * `keepSessionToken`) stays signed in. The owner is told by e-mail (with `mail`).
 */
export async function changePassword(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { currentPassword: string; newPassword: string; keepSessionToken?: string },
  mail?: SecurityMail,
): Promise<void> {
  const user = await ownRow(trx, actor);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new ValidationError(AUTH_MESSAGES.currentPasswordWrong, {
      currentPassword: AUTH_MESSAGES.currentPasswordWrong,
    });
  }
  await user.$query(trx).patch({ passwordHash: await hashPassword(input.newPassword) });
  await revokeUserSessions(trx, user.id, input.keepSessionToken);
  await recordSecurityEvent(trx, actor, {
    userId: user.id,
    kind: 'password_changed',
    detail: { otherSessionsSignedOut: true },
  });
  mailSecurityChange(trx, user, 'password_changed', mail);
}

/** Sets (or, with an empty value, clears) the custom profile URL. */
export async function updateUsername(trx: Knex.Transaction, actor: Viewer, input: { username: string }): Promise<User> {
  const user = await ownRow(trx, actor);
  const previous = user.username;
  const updated = await user.$query(trx).patchAndFetch({ username: input.username.trim() || null });
  await recordUsernameChange(trx, user.id, previous, updated.username);
  return updated;
}
