/**
 * queryWithGenericPlan (src/db/prepared.ts): one named prepared statement per shape, planned once per
 * connection, and the pool connection handed back with the app's default plan_cache_mode — also when the
 * statement fails.
 */
import test from 'ava';
import { createDb } from '../../src/db/knex';
import { queryWithGenericPlan } from '../../src/db/prepared';
import { sql } from '../../src/db/sql';
import { inTransaction } from '../../src/db/transaction';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import type { Knex } from 'knex';

let database: TestDatabase;
let db: Knex; // one pooled connection, so every call below meets the same session

test.before(async () => {
  database = await createTestDatabase();
  db = database.url ? await createDb({ databaseUrl: database.url, poolMax: 1 }) : database.db;
});

test.after.always(async () => {
  if (database.url) await db.destroy();
  await database.destroy();
});

const doubled = (n: number) => sql`select ${n}::int * 2 as doubled`;

test.serial('answers with the values of each call', async (t) => {
  t.deepEqual(await queryWithGenericPlan(db, doubled(2)), [{ doubled: 4 }]);
  t.deepEqual(await queryWithGenericPlan(db, doubled(21)), [{ doubled: 42 }]);
});

test.serial(
  'one prepared statement per shape (embedded: SQL PREPARE), and plan_cache_mode is back to auto after each call',
  async (t) => {
    await queryWithGenericPlan(db, doubled(5));
    const prepared = await db.raw("select count(*)::int as n from pg_prepared_statements where name like 'turnout_%'");
    t.is(prepared.rows[0].n, 1);
    t.is((await db.raw('show plan_cache_mode')).rows[0].plan_cache_mode, 'auto');

    await t.throwsAsync(queryWithGenericPlan(db, sql`select 1 / ${0}::int as broken`), { message: /division by zero/ });
    t.is((await db.raw('show plan_cache_mode')).rows[0].plan_cache_mode, 'auto');
    t.deepEqual(await queryWithGenericPlan(db, doubled(7)), [{ doubled: 14 }]);
  },
);

test.serial('every call runs the generic plan, never a custom one', async (t) => {
  for (const n of [1, 2, 3, 4, 5, 6, 7]) t.deepEqual(await queryWithGenericPlan(db, doubled(n)), [{ doubled: 2 * n }]);
  const plans = await db.raw(
    "select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name like 'turnout_%' and statement like '%doubled%'",
  );
  t.is(plans.rows.length, 1);
  t.is(plans.rows[0].custom, 0);
  t.true(plans.rows[0].generic >= 7);
});

test.serial(
  'text values arrive as they were sent, quotes and backslashes included (embedded: as literals)',
  async (t) => {
    for (const text of ["O'Fallon", 'back\\slash', "'; drop table users; --", 'ünïcødé 🚒', '']) {
      t.deepEqual(await queryWithGenericPlan(db, sql`select ${text}::text as echoed`), [{ echoed: text }], text);
    }
  },
);

test.serial('inside a transaction the statement runs on the transaction, seeing its uncommitted rows', async (t) => {
  await inTransaction(db, async (trx) => {
    await trx.raw('create temporary table prepared_probe (n int) on commit drop');
    await trx.raw('insert into prepared_probe values (41)');
    t.deepEqual(await queryWithGenericPlan(trx, sql`select n + ${1}::int as n from prepared_probe`), [{ n: 42 }]);
  });
});
