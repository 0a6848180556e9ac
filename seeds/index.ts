/**
 * Seeds run at every start (after migrations) and are idempotent:
 * - the super admin from ADMIN_EMAIL / ADMIN_PASSWORD (created, or its password and role brought up to date);
 * - on a new database, a first invite code, printed to the log (again at each start while it has uses left).
 * Other features add their seeds (official departments, the sample profile) to SEEDS below.
 */
import type { ReferenceSeed, ReferenceSeedContext, Seed, SeedContext } from './context';
import { seedSuperAdmin } from './superAdmin';
import { seedFirstInviteCode } from './firstInviteCode';
import { seedOfficialDepartments } from './officialDepartments';
import { seedSampleProfile } from './sampleProfile';

/** Reference data every database has (no configuration needed); test templates include it. */
export const REFERENCE_SEEDS: ReferenceSeed[] = [seedOfficialDepartments, seedSampleProfile];

/** Seeds that depend on configuration or are per installation. */
export const SEEDS: Seed[] = [seedSuperAdmin, seedFirstInviteCode];

export async function runReferenceSeeds(context: ReferenceSeedContext): Promise<void> {
  for (const seed of REFERENCE_SEEDS) await seed(context);
}

export async function runSeeds(context: SeedContext): Promise<void> {
  await runReferenceSeeds(context);
  for (const seed of SEEDS) await seed(context);
}
