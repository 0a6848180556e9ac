/**
 * Seeds run at every start and are idempotent:
 * - the super admin from ADMIN_EMAIL / ADMIN_PASSWORD (created, or its password and role brought up to date);
 * - on a new database, a first invite code, printed to the log (again at each start while it has uses left).
 * Other features add their seeds (official departments, the sample profile) to SEEDS below.
 */
import type { Knex } from 'knex';
import type { Config } from '../src/config';
import type { Logger } from '../src/log';
import { seedSuperAdmin } from './superAdmin';
import { seedFirstInviteCode } from './firstInviteCode';

export interface SeedContext {
  db: Knex;
  config: Config;
  logger: Logger;
}

export type Seed = (context: SeedContext) => Promise<void>;

export const SEEDS: Seed[] = [seedSuperAdmin, seedFirstInviteCode];

export async function runSeeds(context: SeedContext): Promise<void> {
  for (const seed of SEEDS) await seed(context);
}
