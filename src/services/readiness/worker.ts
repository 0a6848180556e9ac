/**
 * The weekly readiness digest on the app's Postgres through pg-boss (docs/decisions/department-readiness.md),
 * started like the expiry reminders (src/services/reminders/worker.ts) and with them (REMINDERS_WORKER). It runs
 * daily: the first run of a week sends each officer's digest (one per officer and week: the claim row), later runs
 * send what a refused send left.
 */
import { runReadinessDigests } from '../../db/readinessDigestJob';
import { scheduleQueue, startQueue } from '../reminders/worker';
import type { ReadinessDigestDeps } from './digest';

export const READINESS_DIGEST_QUEUE = 'readiness-digests';
const DAILY = '0 13 * * *';

export async function startReadinessDigestWorker(
  options: ReadinessDigestDeps & { databaseUrl: string | undefined; clock?: () => Date },
): Promise<() => Promise<void>> {
  const { db, logger, databaseUrl, clock = () => new Date() } = options;
  const boss = await startQueue(db, databaseUrl, logger, 'readiness');
  await scheduleQueue(boss, READINESS_DIGEST_QUEUE, DAILY);
  await boss.work(READINESS_DIGEST_QUEUE, async () => {
    const result = await runReadinessDigests(options, clock());
    logger.info({ readinessDigest: result }, 'readiness digest run finished');
    if (result.failed) throw new Error(`${result.failed} readiness digests failed`);
  });
  return async () => {
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  };
}
