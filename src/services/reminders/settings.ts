/**
 * A user's own reminder settings and calendar secret (docs/decisions/expiry-reminders.md). Each is fn(trx, actor, input) and
 * changes the actor's own row only; unsubscribing is a visitor's write, authorised by its signed token.
 */
import type { Knex } from 'knex';
import { User } from '../../models/User';
import { NotFoundError } from '../../errors';
import type { Viewer } from '../../policies/viewer';
import crypto from 'node:crypto';
import { verifyUnsubscribeToken } from './tokens';
import { hashToken } from '../tokens';
import { REMINDER_MESSAGES } from '../../validation/reminders';

export interface ReminderSettingsInput {
  remindersEnabled: boolean;
  reminderDays: number[];
  reminderOnDay: boolean;
  endorsementEmails: boolean;
}

export async function updateReminderSettings(
  trx: Knex.Transaction,
  actor: Viewer,
  input: ReminderSettingsInput,
): Promise<User> {
  const user = (await User.query(trx).findById(actor.id).forUpdate())!;
  // The signed-in user is kept per node (the session cache): drop it at commit, so the next page reads this.
  return user.$query(trx).patchAndFetch({
    remindersEnabled: input.remindersEnabled,
    reminderDays: input.reminderDays,
    reminderOnDay: input.reminderOnDay,
    endorsementEmails: input.endorsementEmails,
    remindersPromptedAt: user.remindersPromptedAt ?? new Date(),
  });
}

/**
 * A new calendar secret, answered once (only its hash is stored, like every token): the old feed address answers
 * 404 from the moment this commits. `replaced` says whether there was an old address (the page words it so).
 */
export async function rotateCalendarSecret(
  trx: Knex.Transaction,
  actor: Viewer,
): Promise<{ secret: string; replaced: boolean }> {
  const secret = crypto.randomBytes(32).toString('hex');
  const before = await User.query(trx).findById(actor.id).select('calendarSecretHash').forUpdate();
  await User.query(trx)
    .findById(actor.id)
    .patch({ calendarSecretHash: hashToken(secret) });
  return { secret, replaced: Boolean(before?.calendarSecretHash) };
}

/** RFC 8058 one-click unsubscribe: turns the token's user's reminders off (no session; the token is the proof). */
export async function unsubscribeReminders(
  trx: Knex.Transaction,
  _actor: null,
  input: { token: string; secret: string },
): Promise<void> {
  const userId = verifyUnsubscribeToken(input.secret, input.token);
  if (userId === null) throw new NotFoundError(REMINDER_MESSAGES.badToken);
  // A deleted account: nothing left to send to; the answer is the same, so a token reveals nothing.
  await User.query(trx).findById(userId).patch({ remindersEnabled: false });
}

/**
 * The reminder setting is shown once, on the owner's first visit to their profile since reminders exist: true
 * the first time it is asked for a user (one atomic statement outside the request's transaction — a read page
 * has none — so two tabs cannot both get it).
 */
export async function claimRemindersPrompt(actor: Viewer): Promise<boolean> {
  const updated = await User.query()
    .findById(actor.id)
    .whereNull('remindersPromptedAt')
    .patch({ remindersPromptedAt: new Date() });
  return updated > 0;
}

/** The actor's own row with its reminder settings (a session's viewer carries only id and role). */
export async function ownReminderSettings(actor: Viewer): Promise<User | null> {
  return (await User.query().findById(actor.id)) ?? null;
}

/** The user whose calendar feed this secret opens, or null (a rotated or made-up secret). */
export async function findByCalendarSecret(secret: string): Promise<User | null> {
  return (await User.query().findOne({ calendarSecretHash: hashToken(secret), isActive: true })) ?? null;
}
