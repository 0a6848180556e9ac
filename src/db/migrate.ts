/**
 * Runs the migrations listed in migrations/index.ts. The list is static (not a directory scan) so the
 * bundled production server carries its migrations with it.
 * On a Postgres server, migrations run under an advisory lock so several app nodes can start together.
 */
import type { Knex } from 'knex';
import { migrations } from '../../migrations/index';
import { isEmbedded } from './knex';

const MIGRATION_LOCK_KEY = 7_252_601; // arbitrary, stable: "turnout migrations"

class StaticMigrationSource implements Knex.MigrationSource<string> {
  getMigrations(): Promise<string[]> {
    return Promise.resolve(Object.keys(migrations).sort());
  }
  getMigrationName(name: string): string {
    return name;
  }
  getMigration(name: string): Promise<Knex.Migration> {
    const migration = migrations[name];
    if (!migration) throw new Error(`Unknown migration ${name}`);
    return Promise.resolve(migration);
  }
}

export const migrationConfig: Knex.MigratorConfig = {
  migrationSource: new StaticMigrationSource(),
  tableName: 'knex_migrations',
};

export async function migrateLatest(db: Knex): Promise<string[]> {
  if (isEmbedded(db)) {
    const [, names] = (await db.migrate.latest(migrationConfig)) as [number, string[]];
    return names;
  }
  // The lock is held on one pooled connection while knex migrates on others.
  const connection = await db.client.acquireConnection();
  try {
    await db.raw('select pg_advisory_lock(?)', [MIGRATION_LOCK_KEY]).connection(connection);
    const [, names] = (await db.migrate.latest(migrationConfig)) as [number, string[]];
    return names;
  } finally {
    await db
      .raw('select pg_advisory_unlock(?)', [MIGRATION_LOCK_KEY])
      .connection(connection)
      .catch(() => undefined);
    await db.client.releaseConnection(connection);
  }
}
