/**
 * One run of the weekly readiness digest (docs/decisions/department-readiness.md): each officer due in a
 * transaction of its own (sendOfficerDigest: lock, claim, send, commit). A failure for one officer (SMTP down) rolls
 * that officer back, is logged and counted, and the others go on; the next run sends what was not sent.
 */
import { inTransaction } from './transaction';
import { officersDue, sendOfficerDigest, type ReadinessDigestDeps } from '../services/readiness/digest';

export async function runReadinessDigests(
  deps: ReadinessDigestDeps,
  now: Date,
): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  for (const officerId of await officersDue(deps.db, now)) {
    try {
      if (await inTransaction(deps.db, (trx) => sendOfficerDigest(trx, null, { officerId, now, deps })))
        result.sent += 1;
    } catch (error) {
      result.failed += 1;
      deps.logger.warn(
        { readinessDigest: { officerId }, err: error instanceof Error ? error.message : String(error) },
        'readiness digest failed; the next run retries it',
      );
    }
  }
  return result;
}
