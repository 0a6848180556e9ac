/**
 * Password reset by e-mail. Tokens: 256 random bits, stored as SHA-256, single use, valid for one hour.
 * Requesting a reset answers the same whether or not the address exists. A reset ends every session and, unless
 * the owner keeps them, removes the passkeys added in the last PASSKEY_KEEP_MS (docs/api.md "Step-up": a passkey a
 * stolen session slipped in must not outlive the reset).
 */
import type { Knex } from 'knex';
import { Passkey } from '../models/Passkey';
import { PasswordResetToken } from '../models/PasswordResetToken';
import { User } from '../models/User';
import { ValidationError } from '../errors';
import { afterCommit } from '../db/transaction';
import type { Viewer } from '../policies/viewer';
import { AUTH_MESSAGES } from '../validation/auth';
import { findUserByEmail } from './auth';
import { securityPageUrl, type Mailer } from './mail';
import { mailSecurityChange, type SecurityMail } from './twoFactor/notify';
import { hashPassword } from './passwords';
import { recordSecurityEvent } from './securityEvents';
import { revokeUserSessions } from './sessions';
import { hashToken, randomToken } from './tokens';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Passkeys younger than this are removed by a reset unless the owner keeps them. */
export const PASSKEY_KEEP_MS = 24 * 60 * 60 * 1000;

export interface ResetMailDeps {
  mailer: Mailer;
  baseUrl: string;
  productName: string;
}

/** Stores a token and e-mails its link once the token is committed. Unknown or inactive addresses: nothing. */
export async function requestPasswordReset(
  trx: Knex.Transaction,
  _actor: Viewer | null,
  input: { email: string },
  deps: ResetMailDeps,
): Promise<void> {
  const user = await findUserByEmail(input.email, trx);
  if (!user || !user.isActive) return;
  const token = randomToken();
  await PasswordResetToken.query(trx).insert({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  const link = `${deps.baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
  afterCommit(trx, () =>
    deps.mailer.send({
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
        `Every sign-in method and recent security event: ${securityPageUrl(deps.baseUrl)}`,
      ].join('\n'),
    }),
  );
}

/** The passkeys of the account a live reset link names (the reset form asks which to keep); none otherwise. */
export async function passkeysForReset(token: string): Promise<Passkey[]> {
  const row = await PasswordResetToken.query()
    .where('tokenHash', hashToken(token))
    .whereNull('usedAt')
    .where('expiresAt', '>', new Date())
    .first();
  return row ? Passkey.query().where({ userId: row.userId }).orderBy('createdAt').orderBy('id') : [];
}

/** Whether a passkey stays by default: added before the last PASSKEY_KEEP_MS. */
export const keptByDefault = (passkey: Pick<Passkey, 'createdAt'>, now = Date.now()): boolean =>
  new Date(passkey.createdAt).getTime() <= now - PASSKEY_KEEP_MS;

/**
 * Sets the new password, ends every session and removes the passkeys not kept: `keepPasskeyIds` names those to
 * keep; without it, the ones added in the last 24 hours go. The owner is told by e-mail (with `mail`).
 */
export async function resetPassword(
  trx: Knex.Transaction,
  _actor: Viewer | null,
  input: { token: string; password: string; keepPasskeyIds?: readonly number[] },
  mail?: SecurityMail,
): Promise<void> {
  const invalid = () =>
    new ValidationError(AUTH_MESSAGES.resetInvalidToken, { token: AUTH_MESSAGES.resetInvalidToken });
  // Taking the token and marking it used is one statement, so a token works exactly once.
  const [used] = (await PasswordResetToken.query(trx)
    .patch({ usedAt: new Date() })
    .where('tokenHash', hashToken(input.token))
    .whereNull('usedAt')
    .where('expiresAt', '>', new Date())
    .returning('userId')) as PasswordResetToken[]; // objection types patch() as a count; returning() answers rows
  if (!used) throw invalid();
  const user = await User.query(trx).findById(used.userId);
  if (!user || !user.isActive) throw invalid();
  await User.query(trx)
    .findById(user.id)
    .patch({ passwordHash: await hashPassword(input.password) });
  // Any other outstanding links for this user stop working too.
  await PasswordResetToken.query(trx).where('userId', user.id).whereNull('usedAt').patch({ usedAt: new Date() });
  await revokeUserSessions(trx, user.id);
  const passkeys = await Passkey.query(trx).where({ userId: user.id });
  const keep = input.keepPasskeyIds ? new Set(input.keepPasskeyIds) : null;
  const removed = passkeys.filter((p) => (keep ? !keep.has(p.id) : !keptByDefault(p)));
  if (removed.length)
    await Passkey.query(trx)
      .whereIn(
        'id',
        removed.map((p) => p.id),
      )
      .delete();
  await recordSecurityEvent(trx, null, {
    userId: user.id,
    kind: 'password_reset',
    detail: { passkeysRemoved: removed.length },
  });
  mailSecurityChange(trx, user, 'password_reset', mail);
}
