/**
 * One registry import started from the admin dashboard (docs/decisions/pending-departments.md): the uploaded CSV is
 * read (a file that is not a registry CSV is a 400 before anything starts), a department_imports row records
 * it, and the import runs in one transaction of its own through importDepartments — the service of
 * `npm run departments:import` — telling its progress between statements, then the tables are settled
 * (VACUUM ANALYZE) as after the CLI. Like the CLI it is an entry point outside a request, so it opens its
 * transaction here. `finished` resolves with the ended job (done or failed) and never rejects.
 */
import type { Knex } from 'knex';
import { ValidationError } from '../errors';
import type { Logger } from '../log';
import type { DepartmentImport } from '../models/DepartmentImport';
import type { Viewer } from '../policies/viewer';
import { createImportJob, finishImportJob, recordImportProgress } from '../services/departments/importJobs';
import {
  importDepartments,
  parseRegistryCsv,
  settleDepartmentTables,
  type ParsedRegistry,
} from '../services/departments/registryImport';
import { DEPARTMENT_ADMIN_MESSAGES } from '../validation/departmentAdmin';
import { inTransaction } from './transaction';

/** Only one import writes at a time; a second waits for the first (the second key of the lock pair). */
const IMPORT_LOCK = [7_252_614, 1] as const;

/**
 * This node's imports, one after the other, each with its VACUUM: a VACUUM waiting for another import's
 * transaction (which holds the search indexes for its bulk load) while that one waits behind the VACUUM is a
 * deadlock Postgres breaks by failing the import.
 */
let queue: Promise<unknown> = Promise.resolve();

function parseUpload(csv: Buffer): ParsedRegistry {
  try {
    return parseRegistryCsv(csv);
  } catch {
    throw new ValidationError(DEPARTMENT_ADMIN_MESSAGES.importNotCsv, { file: DEPARTMENT_ADMIN_MESSAGES.importNotCsv });
  }
}

export async function startRegistryImport(
  db: Knex,
  actor: Viewer,
  input: { csv: Buffer; fileName: string | null },
  logger: Logger,
): Promise<{ job: DepartmentImport; finished: Promise<DepartmentImport> }> {
  const parsed = parseUpload(input.csv);
  const job = await createImportJob(db, actor, { fileName: input.fileName, totalRows: parsed.rows.length });
  const run = async (): Promise<DepartmentImport> => {
    try {
      const result = await inTransaction(db, async (trx) => {
        await trx.raw('select pg_advisory_xact_lock(?, ?)', [...IMPORT_LOCK]);
        return importDepartments(trx, actor, parsed, (doneRows) => recordImportProgress(db, { id: job.id, doneRows }));
      });
      await settleDepartmentTables(db);
      logger.info({ departmentImport: { id: job.id, ...result } }, 'department registry imported');
      return await finishImportJob(db, { id: job.id, result });
    } catch (error) {
      logger.error({ err: error, departmentImport: { id: job.id } }, 'department registry import failed');
      return finishImportJob(db, { id: job.id, error: DEPARTMENT_ADMIN_MESSAGES.importFailed });
    }
  };
  const finished = queue.then(run);
  queue = finished.catch(() => undefined);
  return { job, finished };
}
