/**
 * Builds the knex instance: a Postgres server when DATABASE_URL is set, otherwise an embedded
 * PGlite database stored on disk so `npm start` needs no database server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import knexModule, { type Knex } from 'knex';
import { knexSnakeCaseMappers, Model } from 'objection';
import type { Logger } from '../log';
import { PgWithNamedReads } from './namedReads';

const { knex } = knexModule;
const require = createRequire(import.meta.url);

export interface DbOptions {
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; used only without databaseUrl. */
  embeddedDir?: string;
  poolMax?: number;
  /**
   * How long a query waits for a pool connection (and a new connection for the server's answer) before it
   * fails; with the database gone, requests then answer 503 instead of hanging. knex's default is 60 s.
   */
  acquireTimeoutMs?: number;
  /** knex's own warnings (e.g. "Acquire connection error" while the database is down) as structured log lines. */
  logger?: Logger;
}

function knexLog(logger: Logger | undefined): Knex.Config['log'] {
  if (!logger) return undefined;
  const line = (level: 'debug' | 'warn' | 'error') => (message: unknown) =>
    logger[level]({ source: 'knex' }, String(message));
  return { debug: line('debug'), warn: line('warn'), error: line('error'), deprecate: line('warn') };
}

export const DEFAULT_ACQUIRE_TIMEOUT_MS = 5000;

/**
 * The embedded database's settings. Postgres' default 128 MB of shared buffers lives in the app's own memory
 * here (PGlite's WebAssembly heap) and is set up on every start: 32 MB holds a small install's working set (the
 * whole database with its 3,216 departments is ~40 MB on disk, the rest is read through the OS's cache) and
 * starts ~0.25 s sooner on the 2-core machine (docs/decisions/startup.md).
 */
const EMBEDDED_SETTINGS = ['shared_buffers=32MB'];

export type Db = Knex;

/** A knex on PGlite (not the app's Postgres client, nor a plain `'pg'` one such as src/db/otherDatabase.ts). */
export function isEmbedded(db: Knex): boolean {
  const client = (db.client as { config?: { client?: unknown } }).config?.client;
  return client !== 'pg' && client !== PgWithNamedReads;
}

export async function createDb(options: DbOptions): Promise<Knex> {
  const mappers = knexSnakeCaseMappers();
  if (options.databaseUrl) {
    const acquireTimeoutMs = options.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS;
    return knex({
      client: PgWithNamedReads, // 'pg', reads as named statements
      connection: { connectionString: options.databaseUrl, connectionTimeoutMillis: acquireTimeoutMs },
      pool: { min: 0, max: options.poolMax ?? 10 },
      acquireConnectionTimeout: acquireTimeoutMs,
      log: knexLog(options.logger),
      ...mappers,
    });
  }
  if (!options.embeddedDir) throw new Error('Either a database URL or an embedded directory is required');
  fs.mkdirSync(path.dirname(options.embeddedDir), { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // In CommonJS the package *is* the client class; importing it wrongly makes knex fall back to `pg`.
  const ClientPgLite = require('knex-pglite') as typeof knexModule.Client;
  const pglite = new PGlite(options.embeddedDir, { extensions: { pg_trgm }, postgresqlconf: EMBEDDED_SETTINGS });
  await pglite.waitReady;
  return knex({
    client: ClientPgLite,
    // knex's types know no knex-pglite connection (an open PGlite instance instead of connection settings).
    connection: { pglite } as unknown as Knex.StaticConnectionConfig,
    ...mappers,
  });
}

/** Binds Objection models to this database. */
export function bindModels(db: Knex): void {
  Model.knex(db);
}
