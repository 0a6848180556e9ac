/**
 * Hot read statements as named prepared statements with a generic plan: Postgres plans each statement
 * shape once per connection instead of on every call. For the department search the planning of its
 * dozen CTEs cost 1.5–4 ms per call, more than running it (0.3–2 ms).
 *
 * Only for statements written to plan well without their values: every index condition must be usable
 * with a parameter (btree ranges rather than `LIKE 'abc%'`, trigram GIN conditions, …), since a generic
 * plan cannot look at the pattern. `plan_cache_mode` is set for this one call and reset before the
 * connection goes back to the pool, so the rest of the app keeps custom plans.
 *
 * The embedded database (PGlite, one connection, no pool) runs the statement as it is.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { isEmbedded } from './knex';
import type { Sql } from './sql';

interface PgConnection {
  query(config: { name?: string; text: string; values?: unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
}

/** Same text, same name: the name identifies the shape, the values are parameters. */
const statementName = (text: string) => `turnout_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

export async function queryWithGenericPlan(db: Knex, statement: Sql): Promise<Record<string, unknown>[]> {
  if (isEmbedded(db)) {
    const result = await db.raw(statement.sql, statement.bindings as Knex.RawBinding[]);
    return (result as { rows: Record<string, unknown>[] }).rows;
  }
  // knex's own translation of `?` placeholders to `$n` (it also handles `\?` and `??`).
  const native = db
    .raw(statement.sql, statement.bindings as Knex.RawBinding[])
    .toSQL()
    .toNative();
  const connection = (await db.client.acquireConnection()) as PgConnection;
  try {
    await connection.query({ text: 'set plan_cache_mode = force_generic_plan' });
    try {
      const result = await connection.query({
        name: statementName(native.sql),
        text: native.sql,
        values: native.bindings as unknown[],
      });
      return result.rows;
    } finally {
      await connection.query({ text: 'reset plan_cache_mode' });
    }
  } finally {
    await db.client.releaseConnection(connection);
  }
}
