/** What a seed is given. The seeds and seeds/index.ts (which runs them) both import it, not each other. */
import type { Knex } from 'knex';
import type { Config } from '../src/config';
import type { Logger } from '../src/log';

export interface ReferenceSeedContext {
  db: Knex;
  logger: Logger;
}

export interface SeedContext extends ReferenceSeedContext {
  config: Config;
}

export type ReferenceSeed = (context: ReferenceSeedContext) => Promise<void>;
export type Seed = (context: SeedContext) => Promise<void>;
