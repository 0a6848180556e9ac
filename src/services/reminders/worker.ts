/**
 * The daily reminder job on the app's own Postgres, through pg-boss: every app process starts a worker and
 * schedules the same cron line; pg-boss creates one job per scheduled minute however many processes there are,
 * one worker takes it (the queue's `singleton` policy: never two runs at once), and a failed run (an SMTP
 * outage) is retried with back-off. Correctness does not rest on the queue: runReminders is idempotent on its
 * own (src/services/reminders/run.ts). On the embedded database pg-boss runs over the same PGlite connection.
 */
import type PgBoss from 'pg-boss';
import type { Knex } from 'knex';
import { lazyImport } from '../../lazyImport';
import { isEmbedded } from '../../db/knex';
import { runReminders } from '../../db/reminderJob';
import type { ReminderDeps } from './run';

export const REMINDER_QUEUE = 'expiry-reminders';

const pgBoss = lazyImport(() => import('pg-boss'));

interface RawConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<Array<{ rows: unknown[] }>>;
}

/** pg-boss's database adapter over knex's embedded connection (parameterless SQL may hold several statements). */
function embeddedAdapter(db: Knex): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const connection = (await db.client.acquireConnection()) as RawConnection;
      try {
        if (values.length) return { rows: (await connection.query(text, values)).rows };
        return { rows: (await connection.exec(text)).at(-1)?.rows ?? [] };
      } finally {
        await db.client.releaseConnection(connection);
      }
    },
  };
}

/** A started pg-boss on the app's database (its own pool on a server; knex's connection when embedded). */
export async function startQueue(
  db: Knex,
  databaseUrl: string | undefined,
  logger: ReminderDeps['logger'],
  name: string,
): Promise<PgBoss> {
  const { default: PgBoss } = await pgBoss();
  const boss = new PgBoss(
    isEmbedded(db) || !databaseUrl
      ? { db: embeddedAdapter(db), schema: 'pgboss', supervise: true }
      : { connectionString: databaseUrl, schema: 'pgboss', max: 2, application_name: `turnout-${name}` },
  );
  boss.on('error', (error: Error) => logger.error({ err: error.message }, `${name} queue error`));
  await boss.start();
  return boss;
}

/**
 * A scheduled job's queue: never two runs at once (`singleton`), a failed run retried with back-off, on the cron
 * line in UTC.
 */
export async function scheduleQueue(boss: PgBoss, queue: string, cron: string): Promise<void> {
  await boss.createQueue(queue, {
    name: queue,
    policy: 'singleton',
    retryLimit: 6,
    retryDelay: 300,
    retryBackoff: true,
    expireInSeconds: 3600,
  });
  await boss.schedule(queue, cron, {}, { tz: 'UTC' });
}

export interface ReminderWorkerOptions extends ReminderDeps {
  databaseUrl: string | undefined;
  cron: string;
  /** The job's clock (tests move it). */
  clock?: () => Date;
}

/** Starts the queue, the schedule and the worker; resolves to a stop function (waits for a running job). */
export async function startReminderWorker(options: ReminderWorkerOptions): Promise<() => Promise<void>> {
  const { db, logger, databaseUrl, cron, clock = () => new Date() } = options;
  const embedded = isEmbedded(db);
  const boss = await startQueue(db, databaseUrl, logger, 'reminders');
  await scheduleQueue(boss, REMINDER_QUEUE, cron);
  await boss.work(REMINDER_QUEUE, async () => {
    const result = await runReminders(options, clock());
    logger.info({ reminders: result }, 'expiry reminder run finished');
    // A digest that failed is tried again by pg-boss's retry (the sent ones are skipped: one per user a day).
    if (result.failed) throw new Error(`${result.failed} reminder digests failed`);
  });
  logger.info({ cron, database: embedded ? 'embedded' : 'postgres' }, 'expiry reminder worker started');
  return async () => {
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  };
}
