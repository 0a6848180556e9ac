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
  const hasNul = statement.bindings.some((value) => typeof value === 'string' && value.includes('\u0000'));
  if (db.isTransaction || (hasNul && isEmbedded(db))) {
    // The transaction holds its own connection (embedded: the only one), so the statement runs in it as is;
    // a NUL, which no SQL literal can carry, goes as a bound value for Postgres to refuse (a 400).
    const result = await db.raw(statement.sql, statement.bindings as Knex.RawBinding[]);
    return (result as { rows: Record<string, unknown>[] }).rows;
  }
  // knex's own translation of `?` placeholders to `$n` (it also handles `\?` and `??`).
  const native = db
    .raw(statement.sql, statement.bindings as Knex.RawBinding[])
    .toSQL()
    .toNative();
  const connection = await db.client.acquireConnection();
  const session = isEmbedded(db)
    ? embeddedSession(connection as PGliteConnection, (value) => db.raw('?', [value as Knex.Value]).toQuery())
    : pgSession(connection as PgConnection);
  try {
    await session.run('set plan_cache_mode = force_generic_plan');
    try {
      return await session.execute(statementName(native.sql), native.sql, native.bindings as unknown[]);
    } finally {
      await session.run('reset plan_cache_mode');
    }
  } finally {
    await db.client.releaseConnection(connection);
  }
}

interface Session {
  run(text: string): Promise<unknown>;
  /** Runs `text` as the named prepared statement `name`, preparing it on this connection the first time. */
  execute(name: string, text: string, values: unknown[]): Promise<Record<string, unknown>[]>;
}

/** node-postgres prepares a named statement once per connection by itself (the extended protocol's Parse). */
const pgSession = (connection: PgConnection): Session => ({
  run: (text) => connection.query({ text }),
  execute: async (name, text, values) => (await connection.query({ name, text, values })).rows,
});

interface PGliteConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** The statements PREPAREd on each embedded database: its one session keeps them until it closes. */
const preparedOnEmbedded = new WeakMap<PGliteConnection, Set<string>>();

/**
 * PGlite's query() names no statements, so the embedded database PREPAREs each shape once with SQL and
 * EXECUTEs it; its wasm planner is slower still (3–8 ms to plan a search that runs in 1 ms). EXECUTE takes
 * no bind parameters: its arguments are SQL literals, escaped by knex (`literal`).
 */
function embeddedSession(connection: PGliteConnection, literal: (value: unknown) => string): Session {
  let prepared = preparedOnEmbedded.get(connection);
  if (!prepared) preparedOnEmbedded.set(connection, (prepared = new Set()));
  const names = prepared;
  return {
    run: (text) => connection.query(text),
    async execute(name, text, values) {
      if (!names.has(name)) {
        await connection.query(`prepare ${name} as ${text}`);
        names.add(name);
      }
      const args = values.map(literal).join(', ');
      return (await connection.query(values.length ? `execute ${name}(${args})` : `execute ${name}`)).rows;
    },
  };
}
