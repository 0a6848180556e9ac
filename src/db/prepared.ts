/**
 * Hot read statements as prepared statements with a generic plan: Postgres plans each statement shape once per
 * connection instead of on every call. For the department search the planning of its dozen CTEs cost 1.5–4 ms
 * per call, more than running it (0.3–2 ms).
 *
 * Only for statements written to plan well without their values: every index condition must be usable
 * with a parameter (btree ranges rather than `LIKE 'abc%'`, trigram GIN conditions, …), since a generic
 * plan cannot look at the pattern. The generic plan is asked for this one call only, so the rest of the app
 * keeps custom plans.
 *
 * Each shape is PREPAREd with SQL once per connection; a call is then ONE round trip on a Postgres server —
 * `set local plan_cache_mode = force_generic_plan; execute name(literals)` in one message, whose implicit
 * transaction ends the setting with the message, also when the statement fails (before: a SET, the statement
 * and a RESET, three round trips). EXECUTE takes no bind parameters: the values go as SQL literals
 * (`literal`). The embedded database (PGlite, one connection) runs the same PREPARE/EXECUTE one statement at a
 * time.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { isEmbedded } from './knex';
import type { Sql, SqlShape } from './sql';

interface PgConnection {
  query(text: string): Promise<{ rows: Record<string, unknown>[] } | { rows: Record<string, unknown>[] }[]>;
}

/**
 * Each shape's name, made once per shape (src/db/sql.ts interns shapes, so a search names its statement without
 * hashing, or even building, its text again).
 */
const names = new WeakMap<SqlShape, string>();

/** Same text, same name: the name identifies the shape, the values are parameters. */
const statementName = (statement: Sql) => {
  let name = names.get(statement.shape);
  if (name === undefined) {
    name = `turnout_${createHash('sha1').update(statement.sql).digest('hex').slice(0, 20)}`;
    names.set(statement.shape, name);
  }
  return name;
};

/**
 * A value as an SQL literal for EXECUTE's arguments: text quoted (quotes doubled; with a backslash, an E''
 * string with backslashes doubled, as knex and pg escape), finite numbers and booleans as they are. Quoted text
 * takes the parameter's type, as a bound value would.
 */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value !== 'string') throw new Error(`No SQL literal for a ${typeof value} value`);
  const quoted = `'${value.replace(/'/g, "''")}'`;
  return value.includes('\\') ? `E${quoted.replace(/\\/g, '\\\\')}` : quoted;
}

export async function queryWithGenericPlan(db: Knex, statement: Sql): Promise<Record<string, unknown>[]> {
  const hasNul = statement.bindings.some((value) => typeof value === 'string' && value.includes('\u0000'));
  if (db.isTransaction || hasNul) {
    // The transaction holds its own connection (embedded: the only one), so the statement runs in it as is;
    // a NUL, which no SQL literal can carry, goes as a bound value for Postgres to refuse (a 400).
    const result = await db.raw(statement.sql, statement.bindings as Knex.RawBinding[]);
    return (result as { rows: Record<string, unknown>[] }).rows;
  }
  // Announced like every knex query ('query' event: query logs, tests counting queries), though sent directly.
  db.client.emit('query', { method: 'raw', sql: statement.sql, bindings: statement.bindings });
  const name = statementName(statement);
  const args = statement.bindings.map(literal).join(', ');
  const connection = await db.client.acquireConnection();
  try {
    const session = isEmbedded(db)
      ? embeddedSession(connection as PGliteConnection)
      : pgSession(connection as PgConnection);
    const prepared = preparedOn(connection as object);
    if (!prepared.has(name)) {
      // knex's own translation of `?` placeholders to `$n` (it also handles `\?` and `??`).
      const native = db
        .raw(statement.sql, statement.bindings as Knex.RawBinding[])
        .toSQL()
        .toNative();
      await session.prepare(name, native.sql);
      prepared.add(name);
    }
    return await session.executeGeneric(args ? `execute ${name}(${args})` : `execute ${name}`);
  } finally {
    await db.client.releaseConnection(connection);
  }
}

interface Session {
  prepare(name: string, text: string): Promise<unknown>;
  /** Runs `execute` (an EXECUTE statement) with a generic plan, the app's default plan_cache_mode after it. */
  executeGeneric(execute: string): Promise<Record<string, unknown>[]>;
}

/** The statements PREPAREd on each connection: its session keeps them until it closes. */
const preparedOnConnection = new WeakMap<object, Set<string>>();

function preparedOn(connection: object): Set<string> {
  let prepared = preparedOnConnection.get(connection);
  if (!prepared) preparedOnConnection.set(connection, (prepared = new Set()));
  return prepared;
}

/** A Postgres server: the setting and the statement in one simple-query message (one round trip). */
const pgSession = (connection: PgConnection): Session => ({
  prepare: (name, text) => connection.query(`prepare ${name} as ${text}`),
  async executeGeneric(execute) {
    const results = await connection.query(`set local plan_cache_mode = force_generic_plan; ${execute}`);
    return (Array.isArray(results) ? results[results.length - 1]! : results).rows;
  },
});

interface PGliteConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * PGlite's query() takes one statement at a time (its wasm planner is slower still: 3–8 ms to plan a search that
 * runs in 1 ms), so the setting is made and reset around the statement.
 */
const embeddedSession = (connection: PGliteConnection): Session => ({
  prepare: (name, text) => connection.query(`prepare ${name} as ${text}`),
  async executeGeneric(execute) {
    await connection.query('set plan_cache_mode = force_generic_plan');
    try {
      return (await connection.query(execute)).rows;
    } finally {
      await connection.query('reset plan_cache_mode');
    }
  },
});
