/**
 * Password reset by e-mail. Tokens: 256 random bits, stored as SHA-256, single use, valid for one hour.
 * Requesting a reset answers the same whether or not the address exists. A reset ends every session.
 */
import { Model } from 'objection';
import { PasswordResetToken } from '../models/PasswordResetToken';
import { User } from '../models/User';
import { ValidationError } from '../http/errors';
import { findUserByEmail } from './auth';
import type { Mailer } from './mail';
import { hashPassword } from './passwords';
import { revokeUserSessions } from './sessions';
import { hashToken, randomToken } from './tokens';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_MESSAGES = {
  requested: 'If an account exists for that email, a password reset link has been sent.',
  invalidToken: 'This reset link is invalid or has expired. Please request a new password reset.',
  done: 'Your password has been reset. You can now sign in with your new password.',
} as const;

export async function requestPasswordReset(
  email: string,
  deps: { mailer: Mailer; baseUrl: string; productName: string },
): Promise<void> {
  const user = await findUserByEmail(email);
  if (!user || !user.isActive) return;
  const token = randomToken();
  await PasswordResetToken.query().insert({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  const link = `${deps.baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: user.email,
    subject: `Reset your ${deps.productName} password`,
    text: [
      `Hello ${user.name},`,
      '',
      `Someone (hopefully you) asked to reset the password of your ${deps.productName} account.`,
      'Open this link within one hour to choose a new password:',
      '',
      link,
      '',
      'If you did not ask for this, you can ignore this e-mail; your password stays the same.',
    ].join('\n'),
  });
}

export async function resetPassword(token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await Model.transaction(async (trx) => {
    // Taking the token and marking it used is one statement, so a token works exactly once.
    const [used] = (await PasswordResetToken.query(trx)
      .patch({ usedAt: new Date() })
      .where('tokenHash', hashToken(token))
      .whereNull('usedAt')
      .where('expiresAt', '>', new Date())
      .returning('userId')) as unknown as Array<{ userId: number }>;
    if (!used) throw new ValidationError(RESET_MESSAGES.invalidToken, { token: RESET_MESSAGES.invalidToken });
    const user = await User.query(trx).findById(used.userId);
    if (!user || !user.isActive)
      throw new ValidationError(RESET_MESSAGES.invalidToken, { token: RESET_MESSAGES.invalidToken });
    await User.query(trx).findById(user.id).patch({ passwordHash });
    // Any other outstanding links for this user stop working too.
    await PasswordResetToken.query(trx).where('userId', user.id).whereNull('usedAt').patch({ usedAt: new Date() });
    await revokeUserSessions(user.id, trx);
  });
}
