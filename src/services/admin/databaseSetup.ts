/**
 * Database set-up (/admin/supabase-setup; spec 01 §§2, 3, 7, 8; docs/decisions/database-set-up.md): for a
 * self-hoster who started on the embedded database (PGlite, no DATABASE_URL) and moves to a Postgres server.
 * The spec's Supabase fields (projectUrl, anonKey, serviceRoleKey) are accepted and ignored: a Postgres
 * server needs only its URL.
 *
 * - testConnection: connect to the URL (timeouts of a few seconds) and answer the server's version.
 * - setUpDatabase: migrate the target (the same migrations as every start), refuse unless it then holds no
 *   rows, copy every row of every table from the current database in foreign-key order inside one target
 *   transaction (read from one repeatable-read snapshot of the source), move each serial sequence past the
 *   copied ids, compare the row count of every table on both sides (a mismatch rolls the copy back), time the
 *   same read queries on both databases, and answer what to set (DATABASE_URL) before the next start. The app
 *   keeps running on the current database until it is restarted with the new URL.
 *
 * The URL's password never leaves this module: errors are reduced to the spec's message, logs and answers
 * carry redactUrl(url). The target's connection and the copy's two transactions come from src/db/otherDatabase.ts;
 * this module opens none itself.
 */
import type { Knex } from 'knex';
import { ConflictError, ValidationError } from '../../errors';
import { migrateLatest } from '../../db/migrate';
import { inCopyTransactions, withDatabaseAt, type CopyTransactions } from '../../db/otherDatabase';
import { authorizeOnCollection, databaseSetupPolicy, type Viewer } from '../../policies';
import { ADMIN_MESSAGES, type SetupReportJson } from '../../validation/admin';

/** Connecting, and each statement of a connection test, give up after this long. */
export const CONNECT_TIMEOUT_MS = 5000;
const BATCH_ROWS = 500;
/**
 * Not copied: the migrator's own tables (the target has its own from migrating), the search vocabulary,
 * which the target's trigger rebuilds from the departments as they are copied (the source may also hold words
 * no department uses any more, so its counts are not the target's), and reference data the migrations
 * themselves fill (the credential catalogue: the target's migrations wrote the same rows).
 */
const SKIPPED_TABLES = new Set([
  'knex_migrations',
  'knex_migrations_lock',
  'department_words',
  'department_vocabulary',
  'credential_catalogue',
]);

/** The URL with its password replaced: safe for logs and answers. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '****';
    return u.toString();
  } catch {
    return 'postgres://(unparseable URL)';
  }
}

const connectionFailed = () =>
  new ValidationError(ADMIN_MESSAGES.connectionFailed, { databaseUrl: ADMIN_MESSAGES.connectionFailed });

/** POST /api/admin/test-supabase-connection: the server's version, or 400 'Please check your database URL…'. */
export async function testConnection(actor: Viewer, input: { databaseUrl: string }): Promise<{ version: string }> {
  authorizeOnCollection(databaseSetupPolicy, actor, 'testConnection');
  const timeouts = { connectMs: CONNECT_TIMEOUT_MS, statementMs: CONNECT_TIMEOUT_MS, queryMs: CONNECT_TIMEOUT_MS };
  return withDatabaseAt(input.databaseUrl, timeouts, async (db) => {
    try {
      const result = await db.raw('select version() as version');
      return { version: (result.rows as Array<{ version: string }>)[0]!.version };
    } catch {
      throw connectionFailed();
    }
  });
}

interface Column {
  name: string;
  type: string;
  serial: boolean;
}

async function tableNames(db: Knex | Knex.Transaction): Promise<string[]> {
  const result = await db.raw(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
  );
  return (result.rows as Array<{ name: string }>).map((r) => r.name).filter((name) => !SKIPPED_TABLES.has(name));
}

/** Tables ordered so each comes after the tables it references. */
async function dependencyOrder(db: Knex | Knex.Transaction, tables: string[]): Promise<string[]> {
  const result = await db.raw(`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = 'public'`);
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const { child, parent } of result.rows as Array<{ child: string; parent: string }>) {
    const clean = (name: string) => name.replace(/^"|"$/g, '');
    if (clean(child) !== clean(parent)) parents.get(clean(child))?.add(clean(parent));
  }
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) if (parents.has(parent)) visit(parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

async function columnsOf(db: Knex | Knex.Transaction, table: string): Promise<Column[]> {
  const result = await db.raw(
    `select column_name as name, data_type as type, is_generated as generated, column_default as dflt
     from information_schema.columns where table_schema = 'public' and table_name = ? order by ordinal_position`,
    [table],
  );
  return (result.rows as Array<{ name: string; type: string; generated: string; dflt: string | null }>)
    .filter((c) => c.generated !== 'ALWAYS')
    .map((c) => ({ name: c.name, type: c.type, serial: Boolean(c.dflt?.startsWith('nextval(')) }));
}

async function countRows(db: Knex | Knex.Transaction, table: string): Promise<number> {
  const result = await db.raw('select count(*)::int as n from ??', [table]);
  return Number((result.rows as Array<{ n: number }>)[0]!.n);
}

/** A source value as the target's driver should receive it. */
function toTarget(value: unknown, column: Column): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value.toString();
  if (column.type === 'jsonb' || column.type === 'json') return JSON.stringify(value);
  return value;
}

async function copyTable(source: Knex.Transaction, target: Knex.Transaction, table: string): Promise<void> {
  const columns = await columnsOf(source, table);
  const list = columns.map(() => '??').join(', ');
  const names = columns.map((c) => c.name);
  for (let offset = 0; ; offset += BATCH_ROWS * 10) {
    // Values are read by position: the source's knex may rename keys (snake_case mappers).
    const result = await source.raw(`select ${list} from ?? order by 1 limit ? offset ?`, [
      ...names,
      table,
      BATCH_ROWS * 10,
      offset,
    ]);
    const rows = result.rows as Array<Record<string, unknown>>;
    if (rows.length === 0) break;
    const records = rows.map((row) => {
      const values = Object.values(row);
      return Object.fromEntries(columns.map((c, i) => [c.name, toTarget(values[i], c)]));
    });
    for (let i = 0; i < records.length; i += BATCH_ROWS) {
      await target(table).insert(records.slice(i, i + BATCH_ROWS));
    }
    if (rows.length < BATCH_ROWS * 10) break;
  }
  for (const column of columns.filter((c) => c.serial)) {
    await target.raw('select setval(pg_get_serial_sequence(?, ?), coalesce((select max(??) from ??), 0) + 1, false)', [
      table,
      column.name,
      column.name,
      table,
    ]);
  }
}

/** The same reads the app makes most, for the measured comparison. */
const BENCH_QUERIES: Array<{ label: string; sql: string }> = [
  { label: 'count users', sql: 'select count(*) from users' },
  {
    label: 'admin users page',
    sql: 'select u.id, u.name, u.email, (select d.name from user_departments ud join departments d on d.id = ud.department_id where ud.user_id = u.id and ud.is_primary) as department from users u order by u.created_at desc, u.id desc limit 20',
  },
  {
    label: 'department search',
    sql: "select id, name, city, state from departments where verification_status = 'verified' and search_text like '%fire%' order by length(search_text), name, id limit 10",
  },
  {
    label: 'profiles by status',
    sql: "select id, name from profiles where profile_status = 'live' order by id limit 20",
  },
];

async function timeQueries(db: Knex, rounds = 5): Promise<number> {
  const totals: number[] = [];
  for (const q of BENCH_QUERIES) await db.raw(q.sql); // warm up
  for (let round = 0; round < rounds; round++) {
    const start = process.hrtime.bigint();
    for (const q of BENCH_QUERIES) await db.raw(q.sql);
    totals.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  totals.sort((a, b) => a - b);
  return totals[Math.floor(totals.length / 2)]!;
}

/** A fingerprint of "which database is this", to refuse copying a database into itself. */
async function identity(db: Knex): Promise<string> {
  try {
    const result = await db.raw(
      'select (select system_identifier::text from pg_control_system()) as system, current_database() as name',
    );
    const row = (result.rows as Array<{ system: string; name: string }>)[0]!;
    return `${row.system}/${row.name}`;
  } catch {
    return `unknown-${Math.random()}`;
  }
}

/**
 * The copy itself, in the transactions it is given: refuses unless every target table is empty, copies every
 * table in foreign-key order, and answers both sides' row counts (a mismatch throws, rolling the target back).
 */
async function copyTables(copy: CopyTransactions): Promise<SetupReportJson['tables']> {
  const order = await dependencyOrder(copy.source, await tableNames(copy.source));
  for (const table of order) {
    if ((await countRows(copy.target, table)) > 0) throw new ConflictError(ADMIN_MESSAGES.targetNotEmpty);
  }
  for (const table of order) await copyTable(copy.source, copy.target, table);
  const tables: SetupReportJson['tables'] = [];
  for (const table of order) {
    tables.push({
      table,
      sourceRows: await countRows(copy.source, table),
      targetRows: await countRows(copy.target, table),
    });
  }
  if (tables.some((t) => t.sourceRows !== t.targetRows)) throw new ConflictError(ADMIN_MESSAGES.countMismatch);
  return tables;
}

let running = false;

/**
 * POST /api/admin/setup-supabase (super_admins only). `source` is the database the app runs on now.
 * Answers the report; throws 400 (bad URL / unreachable), 409 (target not empty, same database, a set-up
 * already running) and leaves the target's copied rows rolled back on any failure.
 */
export async function setUpDatabase(
  actor: Viewer,
  input: { databaseUrl: string },
  source: Knex,
): Promise<SetupReportJson> {
  authorizeOnCollection(databaseSetupPolicy, actor, 'setUp');
  const { version } = await testConnection(actor, input);
  if (running) throw new ConflictError('A database set-up is already running.');
  running = true;
  const started = Date.now();
  const timeouts = { connectMs: CONNECT_TIMEOUT_MS, statementMs: 120_000 };
  try {
    return await withDatabaseAt(input.databaseUrl, timeouts, async (target) => {
      if ((await identity(source)) === (await identity(target))) throw new ConflictError(ADMIN_MESSAGES.sameDatabase);
      const migrations = await migrateLatest(target);
      const tables = await inCopyTransactions(source, target, copyTables);
      await target.raw('analyze');
      const currentMs = await timeQueries(source);
      const targetMs = await timeQueries(target);
      return {
        version,
        migrations: migrations.length,
        tables,
        totalRows: tables.reduce((sum, t) => sum + t.targetRows, 0),
        durationMs: Date.now() - started,
        performanceImprovement: {
          currentMs: Math.round(currentMs * 100) / 100,
          targetMs: Math.round(targetMs * 100) / 100,
          ratio: targetMs > 0 ? Math.round((currentMs / targetMs) * 100) / 100 : 0,
          queries: BENCH_QUERIES.map((q) => q.label),
        },
        nextStep: {
          DATABASE_URL: redactUrl(input.databaseUrl),
          message:
            'Set DATABASE_URL to this database (with its password) and restart the app; until then it keeps using the current database.',
        },
      };
    });
  } finally {
    running = false;
  }
}
