/**
 * One run of the daily expiry-reminder job (docs/decisions/expiry-reminders.md): the users with something due today, each in a
 * transaction of its own (sendUserDigest in src/services/reminders/run.ts: lock, claim, send, commit). Like the
 * CLI it is an entry point outside a request, so it opens the transactions here. A failure for one user (SMTP
 * down) rolls that user back, is logged and counted, and the others go on; the next run (pg-boss's retry, or
 * tomorrow's) sends what was not sent.
 */
import { inTransaction } from './transaction';
import {
  dayOf,
  NothingToSend,
  sendUserDigest,
  usersWithRemindersDue,
  type ReminderDeps,
  type ReminderRunResult,
} from '../services/reminders/run';

export async function runReminders(deps: ReminderDeps, now: Date): Promise<ReminderRunResult> {
  const result: ReminderRunResult = { sent: 0, failed: 0 };
  for (const userId of await usersWithRemindersDue(deps.db, now)) {
    try {
      const sent = await inTransaction(deps.db, (trx) => sendUserDigest(trx, null, { userId, now, deps }));
      if (sent) result.sent += 1;
    } catch (error) {
      if (error instanceof NothingToSend) continue;
      result.failed += 1;
      deps.logger.warn(
        { reminders: { userId, day: dayOf(now) }, err: error instanceof Error ? error.message : String(error) },
        'expiry reminder digest failed; the next run retries it',
      );
    }
  }
  return result;
}
