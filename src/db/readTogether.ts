import type { Knex } from 'knex';

/**
 * Several reads for one answer, on `db` (a transaction, or the pool when undefined or not a transaction): at once
 * from the pool, each on its own connection; in turn on a transaction, which is one connection whose queries
 * cannot overlap — pg would queue them anyway, warns that it will stop (pg 9 refuses), and nothing is gained.
 */
export async function readTogether<T extends unknown[]>(
  db: Knex | undefined,
  reads: [...{ [K in keyof T]: () => PromiseLike<T[K]> }],
): Promise<T> {
  if (!db?.isTransaction) return (await Promise.all(reads.map((read) => read()))) as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as T;
}
