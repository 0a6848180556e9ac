/**
 * Process entry: config → database (migrated and seeded) → app → listen.
 * On SIGTERM/SIGINT: readiness turns 503, the server stops accepting, in-flight requests finish
 * (up to SHUTDOWN_GRACE_MS), then the database pool closes.
 */
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
import { insightCounter } from './services/insights/counter';

const config = loadConfig();
const logger = createLogger(config);

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

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'failed to start');
  process.exit(1);
});
