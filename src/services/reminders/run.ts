/**
 * The daily reminder job's work (docs/decisions/expiry-reminders.md), on a clock given by the caller; src/db/reminderJob.ts runs it,
 * one transaction per user:
 *
 *   lock the user's row (a second worker waits here) → today's digest already sent? stop → the due reminders
 *   not yet delivered → insert the digest (unique per user and day) and its deliveries (unique per item, expiry
 *   day and threshold) → send the e-mail → commit.
 *
 * The e-mail goes out *inside* the transaction, unlike every other mail (afterCommit): if SMTP refuses it, the
 * claim rolls back and the next run sends it; once it is accepted the commit records it, so no item and
 * threshold is ever mailed twice, whatever the number of workers or a restart mid-run. (The one gap: SMTP
 * accepts and then the commit itself fails — a second mail the next run; never a lost one.)
 */
import type { Knex } from 'knex';
import type { Logger } from '../../log';
import type { Mailer } from '../mail';
import { isoDay } from '../../validation/lists/rules';
import { dueReminder, type DueReminder } from '../../validation/reminders';
import { composeDigest } from './digest';
import { expiringItemsByUser } from './items';

export interface ReminderDeps {
  db: Knex;
  mailer: Mailer;
  logger: Logger;
  config: { baseUrl: string; productName: string; sessionSecret: string };
}

export interface ReminderRunResult {
  /** Digests sent in this run. */
  sent: number;
  /** Users whose digest failed (SMTP refused, say); the next run tries them again. */
  failed: number;
}

/** The clock's calendar day, `YYYY-MM-DD` (the same local day the status rules use). */
export const dayOf = (now: Date) => isoDay({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });

interface Recipient {
  id: number;
  name: string;
  email: string;
  reminderDays: number[];
  reminderOnDay: boolean;
}

const remindable = (query: Knex.QueryBuilder) => query.where({ remindersEnabled: true, isActive: true });

/** Reminders due today for one user, minus those already delivered. */
async function undelivered(trx: Knex.Transaction, user: Recipient, now: Date): Promise<DueReminder[]> {
  const items = (await expiringItemsByUser(trx, (q) => q.where('users.id', user.id))).get(user.id) ?? [];
  const due = items.flatMap((item) => dueReminder(item, user, now) ?? []);
  if (!due.length) return [];
  const sent = await trx('reminder_deliveries')
    .where('userId', user.id)
    .whereIn(
      'expiresOn',
      due.map((r) => r.expiresOn),
    )
    .select('list', 'itemId', trx.raw("to_char(expires_on, 'YYYY-MM-DD') as expires_on"), 'threshold');
  const key = (list: string, id: number, expiresOn: string, threshold: number) =>
    `${list}:${id}:${expiresOn}:${threshold}`;
  const done = new Set(sent.map((s) => key(s.list, s.itemId, s.expiresOn, s.threshold)));
  return due.filter((r) => !done.has(key(r.list, r.id, r.expiresOn, r.threshold)));
}

/**
 * Sends one user's digest for today, if one is due and none went out yet, in the caller's transaction (one per
 * user: src/db/reminderJob.ts). True when a digest was sent; throws (so the caller rolls back) when SMTP fails.
 */
export async function sendUserDigest(
  trx: Knex.Transaction,
  _actor: null,
  input: { userId: number; now: Date; deps: Omit<ReminderDeps, 'db'> },
): Promise<boolean> {
  const { userId, now, deps } = input;
  const user = await remindable(trx('users').where('id', userId))
    .forUpdate()
    .first<Recipient | undefined>('id', 'name', 'email', 'reminderDays', 'reminderOnDay');
  if (!user) return false;
  const today = dayOf(now);
  if (await trx('reminderDigests').where({ userId, digestDate: today }).first()) return false;
  const due = await undelivered(trx, user, now);
  if (!due.length) return false;

  const [digest] = await trx('reminderDigests')
    .insert({ userId, digestDate: today, email: user.email, itemCount: due.length })
    .onConflict(['userId', 'digestDate'])
    .ignore()
    .returning('id');
  if (!digest) return false;
  const claimed = await trx('reminderDeliveries')
    .insert(
      due.map((r) => ({
        digestId: digest.id,
        userId,
        list: r.list,
        itemId: r.id,
        itemName: r.name,
        expiresOn: r.expiresOn,
        threshold: r.threshold,
      })),
    )
    .onConflict(['list', 'itemId', 'expiresOn', 'threshold'])
    .ignore()
    .returning(['list', 'itemId', 'threshold']);
  const mine = due.filter((r) =>
    claimed.some((c) => c.list === r.list && c.itemId === r.id && c.threshold === r.threshold),
  );
  if (!mine.length) throw new NothingToSend();
  if (mine.length !== due.length)
    await trx('reminderDigests').where('id', digest.id).update({ itemCount: mine.length });

  await deps.mailer.send(
    composeDigest(deps.config, { to: user.email, name: user.name, userId, reminders: mine, settings: user }),
  );
  deps.logger.info({ reminders: { userId, items: mine.length, day: today } }, 'expiry reminder digest sent');
  return true;
}

/** Rolls back a digest row whose every delivery another worker claimed first (the caller answers false). */
export class NothingToSend extends Error {}

/** The users with something due today (the job then checks each again under its lock). */
export async function usersWithRemindersDue(db: Knex, now: Date): Promise<number[]> {
  const candidates = await expiringItemsByUser(db, remindable);
  const settings = await remindable(db('users').whereIn('id', [...candidates.keys()])).select<
    Array<Pick<Recipient, 'id' | 'reminderDays' | 'reminderOnDay'>>
  >('id', 'reminderDays', 'reminderOnDay');
  return settings
    .filter((user) => candidates.get(user.id)!.some((item) => dueReminder(item, user, now)))
    .map((user) => user.id)
    .sort((a, b) => a - b);
}
