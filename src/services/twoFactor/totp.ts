/**
 * TOTP two-factor sign-in (docs/decisions/two-factor.md), with `otpauth` (RFC 6238, SHA-1, 6 digits, 30 s — what every
 * authenticator app reads from an otpauth:// URI).
 * Invariants:
 * - one authenticator per user (`user_totp`, keyed by the user); enrolment is a row with `confirmedAt` null until
 *   the first code matches; the secret is sealed at rest (secretBox.ts);
 * - a code is accepted within ±1 step, and only for a step newer than the last accepted one (a conditional
 *   UPDATE, so two racing uses of one code cannot both pass);
 * - ten recovery codes per enrolment, stored as keyed hashes, each spent once (recoveryCodes.ts);
 * - every check of a code (useSecondFactor, confirming an enrolment) first counts against the account's
 *   two-factor limit (`attempts`), wherever it happens: sign-in, Delete My Account, Security's own forms;
 * - turning it off needs the password and a code; every change is a security event, never with the secret.
 */
import type { Knex } from 'knex';
import { Secret, TOTP } from 'otpauth';
import { ConflictError, ValidationError } from '../../errors';
import { RecoveryCode } from '../../models/RecoveryCode';
import type { User } from '../../models/User';
import { UserTotp } from '../../models/UserTotp';
import { TWO_FACTOR_MESSAGES } from '../../validation/twoFactor';
import { keepAdminTwoFactor } from '../appSettings';
import { verifyPassword } from '../passwords';
import { recordSecurityEvent } from '../securityEvents';
import { mailSecurityChange, type SecurityMail } from './notify';
import { replaceRecoveryCodes, spendRecoveryCode } from './recoveryCodes';
import { open, seal, secretKey } from './secretBox';

export interface TwoFactorDeps {
  /** SESSION_SECRET: the TOTP secrets' sealing key and the recovery codes' hashing key are derived from it. */
  sessionSecret: string;
  /**
   * Counts one attempt at a second factor against the account (the two-factor limit, on even when RATE_LIMITS
   * is off); throws a 429 once it is spent. Called before every code is compared, so a wrong code counts too.
   */
  attempts: (userId: number) => Promise<void>;
  /** The name authenticator apps show (PRODUCT_NAME). */
  issuer: string;
  /** The clock (tests move it). */
  now?: () => number;
  /** Tells the owner by e-mail when a factor changes (notify.ts). */
  mail?: SecurityMail;
}

const PERIOD = 30;
const WINDOW = 1;

function totpFor(user: Pick<User, 'email'>, secret: string, deps: Pick<TwoFactorDeps, 'issuer'>): TOTP {
  return new TOTP({
    issuer: deps.issuer,
    label: user.email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

const wrongCode = () => new ValidationError(TWO_FACTOR_MESSAGES.codeWrong, { code: TWO_FACTOR_MESSAGES.codeWrong });

/** The step a 6-digit code matches (±1 step of now) for the row's secret; a 400 on `code` otherwise. */
function matchingStep(row: UserTotp, user: User, code: string, deps: TwoFactorDeps): number {
  const secret = open(secretKey(deps.sessionSecret), row.secretSealed);
  if (!secret || !/^\d{6}$/.test(code)) throw wrongCode();
  const timestamp = (deps.now ?? Date.now)();
  const delta = totpFor(user, secret, deps).validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) throw wrongCode();
  return Math.floor(timestamp / 1000 / PERIOD) + delta;
}

export interface TotpEnrolment {
  secret: string;
  uri: string;
}

/** The enrolment waiting for its first code, if any (Security shows its QR code). */
export async function pendingTotpEnrolment(
  user: User,
  deps: Pick<TwoFactorDeps, 'sessionSecret' | 'issuer'>,
): Promise<TotpEnrolment | null> {
  const row = await UserTotp.query().findById(user.id);
  if (!row || row.confirmedAt) return null;
  const secret = open(secretKey(deps.sessionSecret), row.secretSealed);
  return secret ? { secret, uri: totpFor(user, secret, deps).toString() } : null;
}

/** Whether the user signs in with a code after the password. */
export async function totpEnabled(userId: number, db?: Knex): Promise<boolean> {
  return Boolean(await UserTotp.query(db).findById(userId).whereNotNull('confirmedAt'));
}

export async function recoveryCodesLeft(userId: number): Promise<number> {
  return RecoveryCode.query().where({ userId }).whereNull('usedAt').resultSize();
}

/** Starts (or restarts) enrolment with a new secret. Refused while an authenticator is already on. */
export async function startTotpEnrolment(
  trx: Knex.Transaction,
  actor: User,
  _input: Record<string, never>,
  deps: TwoFactorDeps,
): Promise<TotpEnrolment> {
  const existing = await UserTotp.query(trx).findById(actor.id).forUpdate();
  if (existing?.confirmedAt) throw new ConflictError(TWO_FACTOR_MESSAGES.alreadyEnrolled);
  const secret = new Secret({ size: 20 }).base32;
  const secretSealed = seal(secretKey(deps.sessionSecret), secret);
  await UserTotp.query(trx)
    .insert({ userId: actor.id, secretSealed, confirmedAt: null, lastUsedStep: null })
    .onConflict('userId')
    .merge(['secretSealed', 'confirmedAt', 'lastUsedStep']);
  return { secret, uri: totpFor(actor, secret, deps).toString() };
}

/** The first code confirms the enrolment; answers the ten recovery codes. */
export async function confirmTotpEnrolment(
  trx: Knex.Transaction,
  actor: User,
  input: { code: string },
  deps: TwoFactorDeps,
): Promise<string[]> {
  const row = await UserTotp.query(trx).findById(actor.id).forUpdate();
  if (!row)
    throw new ValidationError(TWO_FACTOR_MESSAGES.noPendingEnrolment, { code: TWO_FACTOR_MESSAGES.noPendingEnrolment });
  if (row.confirmedAt) throw new ConflictError(TWO_FACTOR_MESSAGES.alreadyEnrolled);
  await deps.attempts(actor.id);
  const step = matchingStep(row, actor, input.code, deps);
  await UserTotp.query(trx).findById(actor.id).patch({ confirmedAt: new Date(), lastUsedStep: step });
  const codes = await replaceRecoveryCodes(trx, actor.id, deps.sessionSecret);
  await recordSecurityEvent(trx, actor, { userId: actor.id, kind: 'totp_enrolled' });
  mailSecurityChange(trx, actor, 'totp_enrolled', deps.mail);
  return codes;
}

/**
 * Checks a second factor for `user`: a 6-digit code (spent for its step) or a recovery code (spent). Answers
 * which one passed; throws a 400 on the `code` field otherwise, and a 429 once the account's two-factor limit is
 * spent (every call counts, right or wrong). A recovery-shaped guess costs one keyed hash and one lookup.
 */
export async function useSecondFactor(
  trx: Knex.Transaction,
  user: User,
  input: { code: string },
  deps: TwoFactorDeps,
): Promise<'totp' | 'recovery'> {
  const row = await UserTotp.query(trx).findById(user.id).whereNotNull('confirmedAt');
  if (!row) throw new ValidationError(TWO_FACTOR_MESSAGES.notEnrolled);
  await deps.attempts(user.id);
  const code = input.code.replace(/-/g, '');
  if (/^\d{6}$/.test(code)) {
    const step = matchingStep(row, user, code, deps);
    const spent = await UserTotp.query(trx)
      .findById(user.id)
      .where((q) => q.whereNull('lastUsedStep').orWhere('lastUsedStep', '<', step))
      .patch({ lastUsedStep: step });
    if (!spent) throw wrongCode(); // this code (or a newer one) was already used
    return 'totp';
  }
  const spent = await spendRecoveryCode(trx, user.id, { code, sessionSecret: deps.sessionSecret });
  if (!spent) throw wrongCode();
  await recordSecurityEvent(trx, user, { userId: user.id, kind: 'recovery_code_used', detail: { left: spent.left } });
  mailSecurityChange(trx, user, 'recovery_code_used', deps.mail);
  return 'recovery';
}

/** A change to the second factor itself needs both: the password and a current code (or a recovery code). */
async function proveBothFactors(
  trx: Knex.Transaction,
  actor: User,
  input: { password: string; code: string },
  deps: TwoFactorDeps,
): Promise<void> {
  if (!(await verifyPassword(actor.passwordHash, input.password)))
    throw new ValidationError(TWO_FACTOR_MESSAGES.passwordWrong, { password: TWO_FACTOR_MESSAGES.passwordWrong });
  await useSecondFactor(trx, actor, { code: input.code }, deps);
}

/** Ten new recovery codes in place of the old ones (used or not); answers them. */
export async function regenerateRecoveryCodes(
  trx: Knex.Transaction,
  actor: User,
  input: { password: string; code: string },
  deps: TwoFactorDeps,
): Promise<string[]> {
  await proveBothFactors(trx, actor, input, deps);
  const codes = await replaceRecoveryCodes(trx, actor.id, deps.sessionSecret);
  await recordSecurityEvent(trx, actor, { userId: actor.id, kind: 'recovery_codes_regenerated' });
  mailSecurityChange(trx, actor, 'recovery_codes_regenerated', deps.mail);
  return codes;
}

/** Turns two-factor off: the password and a current code (or a recovery code). */
export async function disableTotp(
  trx: Knex.Transaction,
  actor: User,
  input: { password: string; code: string },
  deps: TwoFactorDeps,
): Promise<void> {
  await keepAdminTwoFactor(trx, actor);
  await proveBothFactors(trx, actor, input, deps);
  await UserTotp.query(trx).findById(actor.id).delete();
  await RecoveryCode.query(trx).where({ userId: actor.id }).delete();
  await recordSecurityEvent(trx, actor, { userId: actor.id, kind: 'totp_disabled' });
  mailSecurityChange(trx, actor, 'totp_disabled', deps.mail);
}
