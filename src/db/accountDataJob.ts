/**
 * One run of the account-data job (docs/decisions/data-export.md, docs/decisions/account-deletion.md), every minute on the pg-boss queue
 * (src/services/accountData/worker.ts): prepare queued exports (each in a transaction of its own, claimed with
 * `for update skip locked`, so two workers never prepare the same one), remove the files of used or expired
 * exports, retry stored files whose removal after a commit failed, and mail the owners whose recovery codes an upgrade
 * retired (src/services/twoFactor/retiredCodesNotice.ts). Like the CLI it is an entry point outside
 * a request, so it opens the transactions here. A failure is logged and counted; the row stays and the next run
 * (or pg-boss's retry) tries again.
 */
import type { Knex } from 'knex';
import type { Logger } from '../log';
import {
  claimQueuedExport,
  prepareExport,
  sweepExportFiles,
  type ExportJobDeps,
} from '../services/accountData/exports';
import { retryPendingFileDeletions } from '../services/fileDeletions';
import { mailNextRetiredCodesNotice } from '../services/twoFactor/retiredCodesNotice';
import { inTransaction } from './transaction';

export interface AccountDataJobDeps extends ExportJobDeps {
  db: Knex;
  logger: Logger;
}

export interface AccountDataRunResult {
  exportsPrepared: number;
  exportsFailed: number;
  exportFilesSwept: number;
  filesRemoved: number;
  filesLeft: number;
  retiredCodesNotices: number;
}

/** Exports prepared per run at most (each is a zip of a large profile). */
const EXPORTS_PER_RUN = 5;
/** Retired-recovery-code notices mailed per run at most (an upgrade may leave many; the SMTP server sets the pace). */
const NOTICES_PER_RUN = 20;

export async function runAccountDataJob(deps: AccountDataJobDeps, now: Date): Promise<AccountDataRunResult> {
  const result: AccountDataRunResult = {
    exportsPrepared: 0,
    exportsFailed: 0,
    exportFilesSwept: 0,
    filesRemoved: 0,
    filesLeft: 0,
    retiredCodesNotices: 0,
  };
  for (let i = 0; i < EXPORTS_PER_RUN; i += 1) {
    try {
      const prepared = await inTransaction(deps.db, async (trx) => {
        const row = await claimQueuedExport(trx);
        if (!row) return false;
        await prepareExport(trx, null, { row, now }, deps);
        return true;
      });
      if (!prepared) break;
      result.exportsPrepared += 1;
    } catch (error) {
      result.exportsFailed += 1;
      deps.logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'data export failed; the next run retries it',
      );
      break;
    }
  }
  result.exportFilesSwept = await inTransaction(deps.db, (trx) =>
    sweepExportFiles(trx, null, { now }, deps.mediaStore),
  );
  const files = await retryPendingFileDeletions(deps.db, deps.mediaStore);
  result.filesRemoved = files.removed;
  result.filesLeft = files.left;
  result.retiredCodesNotices = await mailRetiredCodesNotices(deps);
  return result;
}

/** The owners whose recovery codes an upgrade retired, told once each; a send that fails waits for the next run. */
async function mailRetiredCodesNotices(deps: AccountDataJobDeps): Promise<number> {
  const mail = { mailer: deps.mailer, productName: deps.config.productName, baseUrl: deps.config.baseUrl };
  let mailed = 0;
  try {
    while (mailed < NOTICES_PER_RUN && (await inTransaction(deps.db, (trx) => mailNextRetiredCodesNotice(trx, mail))))
      mailed += 1;
  } catch (error) {
    deps.logger.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'retired recovery codes notice failed; the next run retries it',
    );
  }
  return mailed;
}
