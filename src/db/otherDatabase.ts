/**
 * Another Postgres database than the app's, named by a URL (the database set-up's target,
 * src/services/admin/databaseSetup.ts): its connection, and the two transactions of a copy into it. Like a
 * request's transaction (src/http/transaction.ts), these are opened here and handed to the service, which
 * never opens one itself.
 */
import knexModule, { type Knex } from 'knex';

const { knex } = knexModule;

export interface OtherDatabaseTimeouts {
  /** Connecting, and waiting for a pooled connection, give up after this long. */
  connectMs: number;
  /** Each statement gives up after this long (on the server: statement_timeout). */
  statementMs: number;
  /** Set for a connection test: the client also stops waiting for an answer after this long. */
  queryMs?: number;
}

/**
 * A knex on the database at `url` without name mappers (a copy speaks the real column names) and with one
 * try to connect. Its own warnings are silenced: callers answer a failure with the spec's message, and knex's
 * console lines would carry the URL's details. Closed when `use` settles.
 */
export async function withDatabaseAt<T>(
  url: string,
  timeouts: OtherDatabaseTimeouts,
  use: (db: Knex) => Promise<T>,
): Promise<T> {
  const db = knex({
    client: 'pg',
    connection: {
      connectionString: url,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      ...(timeouts.queryMs === undefined ? {} : { query_timeout: timeouts.queryMs }),
    } as Knex.PgConnectionConfig,
    pool: { min: 0, max: 2 },
    acquireConnectionTimeout: timeouts.connectMs,
    log: { warn: quiet, error: quiet, debug: quiet, deprecate: quiet },
  });
  try {
    return await use(db);
  } finally {
    await db.destroy().catch(() => undefined);
  }
}

function quiet(): void {}

/** The two sides of a copy, each in its transaction. */
export interface CopyTransactions {
  /** A repeatable-read snapshot of the source: every table is read as of one moment. */
  source: Knex.Transaction;
  /** The target's one transaction: everything copied, or nothing. */
  target: Knex.Transaction;
}

/**
 * Runs `copy` with a repeatable-read transaction on `source` and a transaction on `target`; both commit when
 * it returns, and the target's rows roll back when it throws.
 */
export async function inCopyTransactions<T>(
  source: Knex,
  target: Knex,
  copy: (transactions: CopyTransactions) => Promise<T>,
): Promise<T> {
  return source.transaction(async (snapshot) => {
    await snapshot.raw('set transaction isolation level repeatable read');
    return target.transaction((into) => copy({ source: snapshot, target: into }));
  });
}
