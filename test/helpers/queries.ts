/** The SQL a piece of work sends through the app's database handle (warm cache hits send none). */
import type { Knex } from 'knex';

/**
 * The insights counter's flush (src/services/insights/counter.ts) writes views counted by earlier requests, 5 s
 * after the first: not the measured request's statement, and on a busy machine it can land during it.
 */
const INSIGHTS_FLUSH = /^\s*insert into profile_insights /;

export async function queriesOf<T>(db: Knex, run: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
  const sql: string[] = [];
  const onQuery = (query: { sql: string }) => {
    if (!INSIGHTS_FLUSH.test(query.sql)) sql.push(query.sql);
  };
  db.on('query', onQuery);
  try {
    return { result: await run(), sql };
  } finally {
    db.off('query', onQuery);
  }
}

export async function countQueries<T>(db: Knex, run: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const { result, sql } = await queriesOf(db, run);
  return { result, queries: sql.length };
}
