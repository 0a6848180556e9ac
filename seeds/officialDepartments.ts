import {
  importDepartmentsFile,
  settleDepartmentTables,
  shippedRegistryFile,
} from '../src/services/departments/registryImport';
import { inTransaction } from '../src/db/transaction';
import type { ReferenceSeedContext } from './context';

const SEED_LOCK = 7_252_611; // "official departments seed": several app nodes may start together

/**
 * Loads the shipped National Fire Department Registry extract (3,216 departments) into a database that has no
 * official departments yet. Later starts skip at once; `npm run departments:import -- FILE` refreshes or
 * extends the data with the full registry.
 */
export async function seedOfficialDepartments({ db, logger }: ReferenceSeedContext): Promise<void> {
  const hasOfficial = async () => Boolean(await db('departments').where('source', 'official').first('id'));
  if (await hasOfficial()) return;
  const file = shippedRegistryFile();
  if (!file) {
    logger.warn('seeds/data/usfa-departments.csv not found: no official departments loaded');
    return;
  }
  const result = await inTransaction(db, async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [SEED_LOCK]);
    if (await trx('departments').where('source', 'official').first('id')) return undefined;
    return importDepartmentsFile(trx, null, { file });
  });
  if (!result) return;
  await settleDepartmentTables(db);
  // docs/decisions/pending-departments.md: the extract is a tenth of the registry; say how to load the rest.
  logger.info(
    result,
    `official departments loaded: ${result.added} from the shipped extract of the U.S. fire department registry; ` +
      'import the full registry (~27,000) on the admin dashboard (Departments tab) or with ' +
      '`npm run departments:import -- FILE` (docs/decisions/department-registry.md)',
  );
}
