/**
 * The account-data job on the same pg-boss queue machinery as the reminders (src/services/reminders/worker.ts):
 * every process schedules the same cron line (every minute), the queue's `singleton` policy runs one at a time,
 * and a failed run is retried. Correctness rests on the data (src/db/accountDataJob.ts), not on the queue.
 */
import { runAccountDataJob, type AccountDataJobDeps } from '../../db/accountDataJob';
import { startQueue } from '../reminders/worker';

export const ACCOUNT_DATA_QUEUE = 'account-data';

export async function startAccountDataWorker(
  options: AccountDataJobDeps & { databaseUrl: string | undefined; cron?: string },
): Promise<() => Promise<void>> {
  const { db, logger, databaseUrl, cron = '* * * * *' } = options;
  const boss = await startQueue(db, databaseUrl, logger, ACCOUNT_DATA_QUEUE);
  await boss.createQueue(ACCOUNT_DATA_QUEUE, {
    name: ACCOUNT_DATA_QUEUE,
    policy: 'singleton',
    retryLimit: 3,
    retryDelay: 60,
    expireInSeconds: 3600,
  });
  await boss.schedule(ACCOUNT_DATA_QUEUE, cron, {}, { tz: 'UTC' });
  await boss.work(ACCOUNT_DATA_QUEUE, async () => {
    const result = await runAccountDataJob(options, new Date());
    if (
      result.exportsPrepared ||
      result.exportsFailed ||
      result.filesRemoved ||
      result.filesLeft ||
      result.retiredCodesNotices
    )
      logger.info({ accountData: result }, 'account-data run finished');
  });
  return async () => {
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  };
}
