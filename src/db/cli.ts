/**
 * Database commands: `npm run migrate`, `npm run seed`, `npm run departments:import -- FILE`,
 * `npm run credentials:rotate [-- DEPARTMENT_ID …]`.
 * They use the same configuration as the server (DATABASE_URL, or the embedded database).
 */
import { loadConfig } from '../config';
import { createLogger } from '../log';
import { openDatabase } from './index';
import { migrateLatest } from './migrate';
import { inTransaction } from './transaction';
import { runSeeds } from '../../seeds/index';
import { importDepartmentsFile, settleDepartmentTables } from '../services/departments/registryImport';
import { rotateKeys } from '../services/verifiableCredentials/keys';
import type { Knex } from 'knex';
import type { Logger } from '../log';

export type CliCommand = (args: string[], context: { db: Knex; logger: Logger }) => Promise<void>;

const config = loadConfig();
const logger = createLogger({ ...config, logLevel: config.logLevel === 'silent' ? 'silent' : 'info' });

const commands: Record<string, CliCommand> = {
  async migrate(_args, { db }) {
    const applied = await migrateLatest(db);
    logger.info({ migrations: applied }, applied.length ? 'migrations applied' : 'already up to date');
  },
  async seed(_args, { db }) {
    await migrateLatest(db);
    await runSeeds({ db, config, logger });
    logger.info('seeds done');
  },
  /** `npm run departments:import -- FILE`: the USFA registry CSV (shipped extract or the full download). */
  async 'departments:import'(args, { db }) {
    const file = args[0];
    if (!file) throw new Error('Usage: npm run departments:import -- FILE.csv');
    await migrateLatest(db);
    const result = await inTransaction(db, (trx) => importDepartmentsFile(trx, null, { file }));
    await settleDepartmentTables(db);
    console.log(
      `Departments imported from ${file}: ${result.added} added, ${result.updated} updated, ` +
        `${result.unchanged} unchanged, ${result.skipped} skipped`,
    );
  },
  /**
   * `npm run credentials:rotate [-- DEPARTMENT_ID …]`: retires the current signing key of the departments named
   * (all when none is), docs/decisions/verifiable-credentials.md. Past keys stay published; the next signature
   * makes a new key.
   */
  async 'credentials:rotate'(args, { db }) {
    const ids = args.map(Number);
    if (ids.some((id) => !Number.isInteger(id) || id < 1))
      throw new Error('Usage: npm run credentials:rotate [-- DEPARTMENT_ID …]');
    await migrateLatest(db);
    const retired = await inTransaction(db, (trx) => rotateKeys(trx, { departmentIds: ids.length ? ids : undefined }));
    console.log(`Signing keys retired: ${retired}. Each department signs with a new key from its next credential.`);
  },
};

export async function registerCliCommands(extra: Record<string, CliCommand>): Promise<void> {
  Object.assign(commands, extra);
}

async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(`Usage: tsx src/db/cli.ts <${Object.keys(commands).join('|')}> [args]`);
    process.exit(2);
  }
  const db = await openDatabase(config, logger);
  try {
    await command(args, { db, logger });
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'command failed');
  process.exit(1);
});
