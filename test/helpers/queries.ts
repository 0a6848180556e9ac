/** How many SQL queries a piece of work sends through the app's database handle (warm cache hits send none). */
import type { Knex } from 'knex';

export async function countQueries<T>(db: Knex, run: () => Promise<T>): Promise<{ result: T; queries: number }> {
  let queries = 0;
  const onQuery = () => (queries += 1);
  db.on('query', onQuery);
  try {
    return { result: await run(), queries };
  } finally {
    db.off('query', onQuery);
  }
}
