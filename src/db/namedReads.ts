/**
 * Read statements as named (prepared) statements on a Postgres server. Sent unnamed, every statement is parsed
 * and planned by Postgres on every call, and for the app's reads that costs more than running them: a 100-item
 * profile page's four reads took ~5 ms of the database's CPU, ~4 of them in parse and plan (bind) — more than
 * the app's own rendering. Named by a hash of their text, each shape is parsed once per connection, and after
 * a few calls Postgres keeps a generic plan when it costs no more than the custom ones (plan_cache_mode auto).
 *
 * Only reads (`select …` / `with …`, one statement) are named, and at most MAX_NAMED_SHAPES shapes a process: a
 * session keeps each named statement until its connection closes, and shapes that differ only in the length of
 * an `in (…)` list would otherwise pile up. Writes, DDL and migrations run unnamed as before. The department
 * search asks for more (a generic plan from the first call, in one round trip: src/db/prepared.ts).
 *
 * A named statement whose table has since changed shape (a migration while this process runs) fails with
 * "cached plan must not change result type"; its text is then never named again, and outside a transaction the
 * call is retried unnamed at once (in one, the transaction is already aborted: the error stands, once).
 *
 * Why knex's Postgres client is subclassed (its one internal method, `_query`, the one place that holds both the
 * statement's final text and pg's query config): no supported hook can name a statement.
 * - knex's `query` event and `postProcessResponse` see a copy of the query, or only its answer;
 * - `.options({ name })` on a query must be given before knex compiles its text, and the name is the text's;
 * - knex's public `Client.query` emits the `query` event again on a retry and re-numbers the bindings;
 * - a `pg.Pool` handed to knex (`connectionPool`) could make clients that name reads, but knex then no longer
 *   owns the pool: its acquire timeout (the 503 when the database is gone), its bounds and `destroy()` go.
 * So it stays here, in one module, tested by test/integration/named-reads.test.ts (which fails if a knex upgrade
 * changes the method).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Knex } from 'knex';

const require = createRequire(import.meta.url);

/** What knex hands its client's `_query` (src: knex/lib/dialects/postgres/index.js). */
interface KnexQueryObject {
  sql: string;
  bindings?: unknown[];
  options?: Record<string, unknown>;
}

/** knex's Postgres client: a knex `Client` (what the `client` option takes), with the method that runs a query. */
interface PgClient extends Knex.Client {
  _query(connection: unknown, obj: KnexQueryObject): Promise<unknown>;
}
/** A client class as the `client` option takes it (EventEmitter's statics included), making PgClients. */
type PgClientClass = Omit<typeof Knex.Client, 'prototype'> & {
  new (config: Knex.Config): PgClient;
  prototype: PgClient;
};

// knex's Postgres client, which `client: 'pg'` names (no typings: it is internal to knex; knex-pglite extends
// the same class).
const KnexPgClient = require('knex/lib/dialects/postgres/index.js') as PgClientClass;

export const MAX_NAMED_SHAPES = 500;

/** Names of the shapes this process names, by text; null for a text the server refused to keep (above). */
const names = new Map<string, string | null>();

const isRead = (sql: string) => /^\s*(select|with)\s/i.test(sql) && !sql.includes(';');

/** The name a statement runs under, or undefined to run it unnamed. */
export function readStatementName(sql: string): string | undefined {
  const known = names.get(sql);
  if (known !== undefined) return known ?? undefined;
  if (names.size >= MAX_NAMED_SHAPES || !isRead(sql)) return undefined;
  const name = `read_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
  names.set(sql, name);
  return name;
}

/** Postgres's refusal to run a kept statement whose result's columns changed (SQLSTATE 0A000). */
const planChanged = (error: unknown) =>
  (error as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(String(error));

/** In a knex transaction, its connection carries the transaction's id. */
const inTransaction = (connection: unknown) => (connection as { __knexTxId?: string }).__knexTxId !== undefined;

/** knex's Postgres client, with reads sent as named statements (above). Used as `client` in src/db/knex.ts. */
export class PgWithNamedReads extends KnexPgClient {
  override async _query(connection: unknown, obj: KnexQueryObject): Promise<unknown> {
    const name = obj.options?.name === undefined ? readStatementName(obj.sql) : undefined;
    if (!name) return super._query(connection, obj);
    const own = obj.options;
    obj.options = { ...own, name };
    try {
      return await super._query(connection, obj);
    } catch (error) {
      obj.options = own;
      if (!planChanged(error)) throw error;
      names.set(obj.sql, null);
      if (inTransaction(connection)) throw error;
      return super._query(connection, obj);
    }
  }
}
