/**
 * Gives each test file its own fresh, migrated database:
 * - TEST_DATABASE_URL or DATABASE_URL: migrate once into a template database (named by a hash of the
 *   migrations and reference seeds), then CREATE DATABASE … TEMPLATE for each test file;
 * - else a Postgres container via @testcontainers/postgresql when a Docker engine answers;
 * - else the embedded PGlite database (a migrated template directory copied per test file), saying so.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { bindModels, createDb } from '../../src/db/knex';
import { migrateLatest } from '../../src/db/migrate';
import { runReferenceSeeds } from '../../seeds/index';
import { createLogger } from '../../src/log';

export interface TestDatabase {
  db: Knex;
  /** Connection string when on a Postgres server (child processes can use it); undefined when embedded. */
  url: string | undefined;
  kind: 'postgres' | 'container' | 'embedded';
  destroy(): Promise<void>;
}

const silentLogger = createLogger({ logLevel: 'silent', nodeEnv: 'test' });

/** Changes whenever a migration or a reference seed changes, so a stale template is never reused. */
function schemaFingerprint(): string {
  const hash = crypto.createHash('sha256');
  for (const dir of ['migrations', 'seeds']) {
    const walk = (d: string) => {
      for (const entry of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        const full = path.join(d, entry.name);
        if (entry.isDirectory()) walk(full);
        else hash.update(entry.name).update(fs.readFileSync(full));
      }
    };
    walk(path.resolve(dir));
  }
  return hash.digest('hex').slice(0, 12);
}

async function prepareSchema(db: Knex): Promise<void> {
  await migrateLatest(db);
  bindModels(db);
  await runReferenceSeeds({ db, logger: silentLogger });
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function fromServer(serverUrl: string, kind: TestDatabase['kind']): Promise<TestDatabase> {
  const template = `turnout_tpl_${schemaFingerprint()}`;
  const admin = await createDb({ databaseUrl: withDatabase(serverUrl, 'postgres'), poolMax: 2 });
  try {
    // One process builds the template; the others wait on the advisory lock, then find it ready.
    const connection = await admin.client.acquireConnection();
    const onConnection = (sql: string, bindings: readonly unknown[] = []) =>
      admin.raw(sql, bindings as Knex.RawBinding[]).connection(connection);
    try {
      await onConnection('select pg_advisory_lock(7252602)');
      const exists = await onConnection('select 1 from pg_database where datname = ?', [template]);
      if (exists.rows.length === 0) {
        const building = `${template}_building`;
        await onConnection(`drop database if exists "${building}" with (force)`);
        await onConnection(`create database "${building}"`);
        const tplDb = await createDb({ databaseUrl: withDatabase(serverUrl, building), poolMax: 2 });
        try {
          await prepareSchema(tplDb);
        } finally {
          await tplDb.destroy();
        }
        await onConnection(`alter database "${building}" rename to "${template}"`);
      }
    } finally {
      await onConnection('select pg_advisory_unlock(7252602)').catch(() => undefined);
      await admin.client.releaseConnection(connection);
    }
    const name = `t_${crypto.randomBytes(6).toString('hex')}`;
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.raw(`create database "${name}" template "${template}"`);
        break;
      } catch (error) {
        // Two files cloning the same template at once: Postgres asks one to retry.
        if (attempt > 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const url = withDatabase(serverUrl, name);
    const db = await createDb({ databaseUrl: url, poolMax: 10 });
    bindModels(db);
    return {
      db,
      url,
      kind,
      async destroy() {
        await db.destroy();
        const dropper = await createDb({ databaseUrl: withDatabase(serverUrl, 'postgres'), poolMax: 1 });
        await dropper.raw(`drop database if exists "${name}" with (force)`).catch(() => undefined);
        await dropper.destroy();
      },
    };
  } finally {
    await admin.destroy();
  }
}

async function dockerAnswers(): Promise<boolean> {
  if (!process.env.DOCKER_HOST && !fs.existsSync('/var/run/docker.sock')) return false;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await Promise.race([
      getContainerRuntimeClient(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 5000)),
    ]);
    return true;
  } catch {
    return false;
  }
}

async function fromContainer(): Promise<TestDatabase> {
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const container = await new PostgreSqlContainer('postgres:16').start();
  const database = await fromServer(container.getConnectionUri(), 'container');
  return {
    ...database,
    async destroy() {
      await database.destroy();
      await container.stop();
    },
  };
}

/**
 * A fresh embedded (PGlite) database, whatever this run's kind: for tests of what only the embedded database
 * shows (one connection: a query beside a request's transaction would wait for it).
 */
export async function embedded(): Promise<TestDatabase> {
  const root = path.join(os.tmpdir(), 'turnout-test');
  const template = path.join(root, `template-${schemaFingerprint()}`);
  const lock = `${template}.lock`;
  fs.mkdirSync(root, { recursive: true });
  while (!fs.existsSync(path.join(template, 'READY'))) {
    try {
      fs.mkdirSync(lock); // atomic: whoever creates the lock builds the template
    } catch {
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      fs.rmSync(template, { recursive: true, force: true });
      const db = await createDb({ embeddedDir: template });
      await prepareSchema(db);
      await db.destroy();
      fs.writeFileSync(path.join(template, 'READY'), '');
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
  const dir = fs.mkdtempSync(path.join(root, 'db-'));
  fs.cpSync(template, dir, { recursive: true });
  const db = await createDb({ embeddedDir: dir });
  bindModels(db);
  return {
    db,
    url: undefined,
    kind: 'embedded',
    async destroy() {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

let announced = false;
let kind: Promise<TestDatabase['kind']> | undefined;

/** Which kind of database createTestDatabase gives this run (asked once per process). */
export function testDatabaseKind(): Promise<TestDatabase['kind']> {
  kind ??= (async () => {
    if (process.env.TEST_DATABASE_URL || process.env.DATABASE_URL) return 'postgres';
    return (await dockerAnswers()) ? 'container' : 'embedded';
  })();
  return kind;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  const which = await testDatabaseKind();
  if (which === 'postgres') return fromServer(serverUrl!, 'postgres');
  if (which === 'container') return fromContainer();
  if (!announced) {
    announced = true;
    console.warn('[tests] No TEST_DATABASE_URL/DATABASE_URL and no Docker engine: using the embedded PGlite database.');
  }
  return embedded();
}
