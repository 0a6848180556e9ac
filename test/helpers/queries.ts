/** The SQL a piece of work sends through the app's database handle (warm cache hits send none). */
import type { Knex } from 'knex';

export async function queriesOf<T>(db: Knex, run: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
  const sql: string[] = [];
  const onQuery = (query: { sql: string }) => sql.push(query.sql);
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
