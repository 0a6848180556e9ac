/**
 * Changing the account's e-mail is two steps (docs/api.md "Step-up"): the request (which needs a recent proof,
 * src/http/recentProof.ts) stores the change and mails two links; the address changes only when the confirmation
 * link sent to the NEW address is used. The OLD address gets a notice whose "this wasn't me" link cancels the change
 * — or undoes it when it was already confirmed — signs out every session, voids every outstanding reset link and
 * mails a fresh reset link to the old address.
 * Invariants:
 * - tokens are 256 random bits stored as SHA-256; each is taken by one conditional UPDATE, so it works once;
 * - one pending change per user: a new request cancels the one before it;
 * - the confirmation link lasts CONFIRM_TTL_MS, the "this wasn't me" link CANCEL_TTL_MS (longer, so an owner who
 *   reads the mail late can still undo it);
 * - every step is a security event; no token is ever in one.
 */
import type { Knex } from 'knex';
import { afterCommit } from '../db/transaction';
import { ConflictError, NotFoundError } from '../errors';
import { EmailChange } from '../models/EmailChange';
import { PasswordResetToken } from '../models/PasswordResetToken';
import { User } from '../models/User';
import type { Viewer } from '../policies/viewer';
import { AUTH_MESSAGES } from '../validation/auth';
import { EMAIL_CHANGE_MESSAGES } from '../validation/emailChange';
import { findUserByEmail } from './auth';
import { refuseBlacklistedEmail } from './blacklist/lookup';
import { securityPageUrl, type Mailer } from './mail';
import { requestPasswordReset } from './passwordReset';
import { recordSecurityEvent } from './securityEvents';
import { revokeUserSessions } from './sessions';
import { hashToken, randomToken } from './tokens';

export const CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;
export const CANCEL_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface EmailChangeDeps {
  mailer: Mailer;
  baseUrl: string;
  productName: string;
}

const securityPage = (deps: EmailChangeDeps) => securityPageUrl(deps.baseUrl);

/** Stores the change and mails the confirmation (new address) and the notice (old address) once it commits. */
export async function requestEmailChange(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { email: string },
  deps: EmailChangeDeps,
): Promise<EmailChange> {
  const user = (await User.query(trx).findById(actor.id).forUpdate())!;
  await refuseBlacklistedEmail(trx, actor, { email: input.email });
  const owner = await findUserByEmail(input.email, trx);
  if (owner && owner.id !== user.id)
    throw new ConflictError(AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
  const now = Date.now();
  await EmailChange.query(trx)
    .where({ userId: user.id })
    .whereNull('confirmedAt')
    .whereNull('cancelledAt')
    .patch({ cancelledAt: new Date(now) });
  const confirmToken = randomToken();
  const cancelToken = randomToken();
  const change = await EmailChange.query(trx).insertAndFetch({
    userId: user.id,
    oldEmail: user.email,
    newEmail: input.email,
    confirmTokenHash: hashToken(confirmToken),
    cancelTokenHash: hashToken(cancelToken),
    expiresAt: new Date(now + CONFIRM_TTL_MS),
  });
  await recordSecurityEvent(trx, actor, {
    userId: user.id,
    kind: 'email_change_requested',
    detail: { newEmail: input.email },
  });
  const confirm = `${deps.baseUrl}/account/email-change/confirm?token=${encodeURIComponent(confirmToken)}`;
  const cancel = `${deps.baseUrl}/account/email-change/cancel?token=${encodeURIComponent(cancelToken)}`;
  afterCommit(trx, async () => {
    await deps.mailer.send({
      to: input.email,
      subject: `Confirm your new ${deps.productName} e-mail address`,
      text: [
        `Hello ${user.name},`,
        '',
        `Someone (hopefully you) asked to use this address for a ${deps.productName} account.`,
        'Open this link within 24 hours to confirm it; until then the account keeps its old address:',
        '',
        confirm,
        '',
        'If you did not ask for this, ignore this e-mail: nothing changes.',
      ].join('\n'),
    });
    await deps.mailer.send({
      to: user.email,
      subject: `Your ${deps.productName} e-mail address is about to change`,
      text: [
        `Hello ${user.name},`,
        '',
        `Someone signed in to your ${deps.productName} account asked to change its e-mail address to ${input.email}`,
        `at ${new Date(now).toUTCString()}. It changes only when the new address confirms it.`,
        '',
        'If this wasn’t you, stop it with one click. It cancels the change (or undoes it), signs out every device',
        'and sends a link to choose a new password to this address:',
        '',
        cancel,
        '',
        `Every sign-in method and recent security event: ${securityPage(deps)}`,
      ].join('\n'),
    });
  });
  return change;
}

/** Takes a link's change once: the row is marked in the same statement that finds it. */
async function takeChange(
  trx: Knex.Transaction,
  column: 'confirmTokenHash' | 'cancelTokenHash',
  token: string,
  mark: Partial<EmailChange>,
  validSince: Date,
  validUntil: Date,
  pendingOnly: boolean,
): Promise<EmailChange> {
  const query = EmailChange.query(trx)
    .patch(mark)
    .where(column, hashToken(token))
    .whereNull('cancelledAt')
    .where('createdAt', '>', validSince)
    .where('expiresAt', '>', validUntil);
  if (pendingOnly) query.whereNull('confirmedAt');
  const [taken] = (await query.returning('*')) as EmailChange[]; // patch() is typed as a count; returning() gives rows
  if (!taken) throw new NotFoundError(EMAIL_CHANGE_MESSAGES.linkInvalid);
  return taken;
}

/** The new address's link: the account takes the new address (a taken address is the unique index's 409). */
export async function confirmEmailChange(
  trx: Knex.Transaction,
  _actor: Viewer | null,
  input: { token: string },
  deps: EmailChangeDeps,
): Promise<User> {
  const now = new Date();
  const change = await takeChange(trx, 'confirmTokenHash', input.token, { confirmedAt: now }, new Date(0), now, true);
  const user = await User.query(trx).findById(change.userId).forUpdate();
  if (!user?.isActive || user.email.toLowerCase() !== change.oldEmail.toLowerCase()) {
    throw new NotFoundError(EMAIL_CHANGE_MESSAGES.linkInvalid);
  }
  const updated = await user.$query(trx).patchAndFetch({ email: change.newEmail });
  await recordSecurityEvent(trx, null, {
    userId: user.id,
    kind: 'email_changed',
    detail: { oldEmail: change.oldEmail, newEmail: change.newEmail },
  });
  afterCommit(trx, () =>
    deps.mailer
      .send({
        to: change.oldEmail,
        subject: `Your ${deps.productName} e-mail address was changed`,
        text: [
          `Hello ${user.name},`,
          '',
          `Your ${deps.productName} account now uses ${change.newEmail}. If this wasn’t you, the link in our`,
          'earlier e-mail still undoes it.',
          '',
          `Every sign-in method and recent security event: ${securityPage(deps)}`,
        ].join('\n'),
      })
      .catch(() => undefined),
  );
  return updated;
}

/**
 * The old address's "this wasn't me": cancels the change, or undoes it once confirmed; signs out every session,
 * voids every outstanding reset link, and mails a new reset link to the old address. Answers the old address.
 */
export async function cancelEmailChange(
  trx: Knex.Transaction,
  _actor: Viewer | null,
  input: { token: string },
  deps: EmailChangeDeps,
): Promise<string> {
  const now = new Date();
  const since = new Date(now.getTime() - CANCEL_TTL_MS);
  const change = await takeChange(trx, 'cancelTokenHash', input.token, { cancelledAt: now }, since, since, false);
  const user = await User.query(trx).findById(change.userId).forUpdate();
  if (!user) throw new NotFoundError(EMAIL_CHANGE_MESSAGES.linkInvalid);
  if (user.email.toLowerCase() !== change.oldEmail.toLowerCase()) {
    await user.$query(trx).patch({ email: change.oldEmail });
  }
  await PasswordResetToken.query(trx).where('userId', user.id).whereNull('usedAt').patch({ usedAt: now });
  await revokeUserSessions(trx, user.id);
  await recordSecurityEvent(trx, null, {
    userId: user.id,
    kind: 'email_change_cancelled',
    detail: { newEmail: change.newEmail, wasConfirmed: change.confirmedAt !== null },
  });
  await requestPasswordReset(trx, null, { email: change.oldEmail }, deps);
  return change.oldEmail;
}

/** The change waiting for its confirmation, if any (Account Settings says so). */
export async function pendingEmailChange(userId: number): Promise<EmailChange | undefined> {
  return EmailChange.query()
    .where({ userId })
    .whereNull('confirmedAt')
    .whereNull('cancelledAt')
    .where('expiresAt', '>', new Date())
    .orderBy('id', 'desc')
    .first();
}
