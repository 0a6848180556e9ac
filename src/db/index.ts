import path from 'node:path';
import type { Knex } from 'knex';
import type { Config } from '../config';
import type { Logger } from '../log';
import { bindModels, createDb } from './knex';

/** Opens the configured database (server or embedded) and binds the models to it. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseAcquireTimeoutMs'>,
  logger?: Logger,
): Promise<Knex> {
  const db = await createDb({
    databaseUrl: config.databaseUrl,
    embeddedDir: path.join(config.dataDir, 'pglite'),
    acquireTimeoutMs: config.databaseAcquireTimeoutMs,
    logger,
  });
  bindModels(db);
  return db;
}
