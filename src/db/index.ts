import path from 'node:path';
import type { Knex } from 'knex';
import type { Config } from '../config';
import { bindModels, createDb } from './knex';

/** Opens the configured database (server or embedded) and binds the models to it. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseAcquireTimeoutMs'>,
): Promise<Knex> {
  const db = await createDb({
    databaseUrl: config.databaseUrl,
    embeddedDir: path.join(config.dataDir, 'pglite'),
    acquireTimeoutMs: config.databaseAcquireTimeoutMs,
  });
  bindModels(db);
  return db;
}
