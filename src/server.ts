/**
 * Process entry: config → database (migrated and seeded) → app → listen.
 * On SIGTERM/SIGINT: readiness turns 503, the server stops accepting, in-flight requests finish
 * (up to SHUTDOWN_GRACE_MS), then the database pool closes.
 */
import './gcTuning';
import { loadConfig } from './config';
import { createLogger } from './log';
import { openDatabase } from './db';
import { migrateLatest } from './db/migrate';
import { isEmbedded } from './db/knex';
import { runSeeds } from '../seeds/index';
import { createApp } from './app';
import { createMailer } from './services/mail';
import { scheduleMaintenance } from './services/maintenance';
import { createHttpServer } from './http/nodeServer';
import { startReminderWorker } from './services/reminders/worker';
import { startReadinessDigestWorker } from './services/readiness/worker';
import { startAccountDataWorker } from './services/accountData/worker';
import { createMediaStore } from './services/photos/store';
import { insightCounter } from './services/insights/counter';
import { warmLazyImports } from './lazyImport';

/** How long after listening the background workers start (a daily job and a once-a-minute one). */
const BACKGROUND_START_DELAY_MS = 1000;

const config = loadConfigOrExit();
const logger = createLogger(config);

/** A setting the server refuses (a published session secret, say) ends the process with its message, no stack. */
function loadConfigOrExit(): ReturnType<typeof loadConfig> {
  try {
    return loadConfig();
  } catch (error) {
    console.error(`Turnout cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const db = await openDatabase(config, logger);
  logger.info({ database: isEmbedded(db) ? `embedded (${config.dataDir}/pglite)` : 'postgres' }, 'database opened');
  if (config.migrateOnStart) {
    const applied = await migrateLatest(db);
    if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
    await runSeeds({ db, config, logger });
  }
  const stopMaintenance = scheduleMaintenance(logger);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
  const lifecycle = { shuttingDown: false };
  const app = createApp({ config, db, logger, mailer, lifecycle });
  const server = createHttpServer(app.callback());

  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  logger.info({ port: config.port, ms: Date.now() - started }, `${config.productName} listening on ${config.baseUrl}`);
  insightCounter.useLogger(logger);
  let stopping = false;
  // What no request waits for starts a moment after the server answers, so the first requests after a restart
  // do not queue behind it: the background workers — one after the other, as on the embedded database both set
  // up their queues on its one connection — then the packages only some requests use (src/lazyImport.ts).
  const workers = new Promise<void>((resolve) => setTimeout(resolve, BACKGROUND_START_DELAY_MS)).then(async () => {
    const stops: Stop[] = [];
    if (!stopping) stops.push(await startReminders(db, mailer));
    if (!stopping) stops.push(await startAccountData(db, mailer));
    if (!stopping) stops.push(await startReadinessDigests(db, mailer));
    return stops;
  });
  void workers.then(() => (stopping ? undefined : warmLazyImports()));
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.shuttingDown = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.warn('grace period over: closing remaining connections');
      server.closeAllConnections();
    }, config.shutdownGraceMs);
    force.unref();
    server.close(async () => {
      clearTimeout(force);
      stopMaintenance();
      for (const stop of await workers) await stop().catch(() => undefined);
      mailer.close();
      await insightCounter.close().catch(() => undefined); // the last few seconds of profile insights
      await db.destroy().catch(() => undefined);
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

type Stop = () => Promise<void>;

/** A background worker (REMINDERS_WORKER); one whose queue cannot start is logged, and the site still serves. */
function startWorker(what: string, start: () => Promise<Stop>): Promise<Stop> {
  if (!config.remindersWorker) return Promise.resolve(async () => undefined);
  return start().catch((error: unknown) => {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, `${what} are not running`);
    return async () => undefined;
  });
}

/** The daily expiry-reminder job (docs/decisions/expiry-reminders.md). */
function startReminders(db: Awaited<ReturnType<typeof openDatabase>>, mailer: ReturnType<typeof createMailer>) {
  return startWorker('expiry reminders', () =>
    startReminderWorker({ db, mailer, logger, config, databaseUrl: config.databaseUrl, cron: config.remindersCron }),
  );
}

/** The weekly readiness digest to training officers (docs/decisions/department-readiness.md). */
function startReadinessDigests(db: Awaited<ReturnType<typeof openDatabase>>, mailer: ReturnType<typeof createMailer>) {
  return startWorker('readiness digests', () =>
    startReadinessDigestWorker({ db, mailer, logger, config, databaseUrl: config.databaseUrl }),
  );
}

/** Background exports and stored-file removals (docs/decisions/data-export.md, docs/decisions/account-deletion.md), every minute. */
function startAccountData(db: Awaited<ReturnType<typeof openDatabase>>, mailer: ReturnType<typeof createMailer>) {
  return startWorker('account-data jobs', () =>
    startAccountDataWorker({
      db,
      mailer,
      logger,
      config,
      mediaStore: createMediaStore(config, logger),
      databaseUrl: config.databaseUrl,
    }),
  );
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'failed to start');
  process.exit(1);
});
