/** A signed-in user's own account: name and e-mail, password, custom profile URL (username). */
import { Model } from 'objection';
import { User } from '../models/User';
import { ConflictError, ValidationError } from '../http/errors';
import { isUniqueViolation } from '../db/errors';
import { AUTH_MESSAGES, findUserByEmail } from './auth';
import { isBlacklisted } from './blacklist';
import { hashPassword, verifyPassword } from './passwords';
import { revokeUserSessions } from './sessions';

export const ACCOUNT_MESSAGES = {
  currentPasswordWrong: 'Current password is incorrect',
  usernameTaken: 'This username is already taken',
} as const;

export async function updateProfile(user: User, input: { name: string; email: string }): Promise<User> {
  const emailChanged = input.email !== user.email.toLowerCase();
  if (emailChanged) {
    const other = await findUserByEmail(input.email);
    if (other && other.id !== user.id)
      throw new ConflictError(AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
    if (await isBlacklisted(input.email)) {
      throw new ValidationError(AUTH_MESSAGES.emailNotAllowed, { email: AUTH_MESSAGES.emailNotAllowed });
    }
  }
  try {
    return await user.$query().patchAndFetch({ name: input.name, email: input.email });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ConflictError(AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
    throw error;
  }
}

/** Changes the password and ends every other session of the user (the current one stays signed in). */
export async function changePassword(
  user: User,
  input: { currentPassword: string; newPassword: string },
  currentSessionToken: string | undefined,
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new ValidationError(ACCOUNT_MESSAGES.currentPasswordWrong, {
      currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong,
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await Model.transaction(async (trx) => {
    await User.query(trx).findById(user.id).patch({ passwordHash });
    await revokeUserSessions(user.id, trx, currentSessionToken);
  });
}

/** Sets (or, with an empty value, clears) the custom profile URL. Unique regardless of letter case. */
export async function updateUsername(user: User, username: string): Promise<User> {
  const value = username.trim() || null;
  if (value) {
    const taken = await User.query()
      .whereRaw('lower(username) = ?', [value.toLowerCase()])
      .whereNot('id', user.id)
      .first();
    if (taken) throw new ConflictError(ACCOUNT_MESSAGES.usernameTaken, { username: ACCOUNT_MESSAGES.usernameTaken });
  }
  try {
    return await user.$query().patchAndFetch({ username: value });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ConflictError(ACCOUNT_MESSAGES.usernameTaken, { username: ACCOUNT_MESSAGES.usernameTaken });
    throw error;
  }
}
