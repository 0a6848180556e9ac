/**
 * Reads as named statements (src/db/namedReads.ts): on a Postgres server each read shape is parsed once per
 * connection and answers exactly as before; writes are not kept; a table that changes shape under a running
 * process (a migration) does not break the reads that were kept for it. The embedded database names nothing.
 */
import test from 'ava';
import type { Knex } from 'knex';
import { createDb, isEmbedded } from '../../src/db/knex';
import { withDatabaseAt } from '../../src/db/otherDatabase';
import { inTransaction } from '../../src/db/transaction';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

let database: TestDatabase;
let db: Knex; // one pooled connection, so every call below meets the same session

test.before(async () => {
  database = await createTestDatabase();
  db = database.url ? await createDb({ databaseUrl: database.url, poolMax: 1 }) : database.db;
  await db.raw('create table named_probe (id int primary key, name text)');
  await db.raw("insert into named_probe values (1, 'Engine 1'), (2, 'Ladder 2')");
});

test.after.always(async () => {
  if (database.url) await db.destroy();
  await database.destroy();
});

/** The statements this connection keeps under a read's name, by their text. */
async function keptReads(): Promise<string[]> {
  const kept = await db.raw("select statement from pg_prepared_statements where name like 'read\\_%'");
  return (kept.rows as { statement: string }[]).map((row) => row.statement);
}

const nameOf = (id: number) => db('namedProbe').where({ id }).first('name');

test.serial('a read answers with each call’s values, and the server keeps its shape once', async (t) => {
  t.deepEqual(await nameOf(1), { name: 'Engine 1' });
  t.deepEqual(await nameOf(2), { name: 'Ladder 2' });
  t.is(await nameOf(3), undefined);
  const kept = (await keptReads()).filter((text) => text.includes('named_probe'));
  t.is(kept.length, database.url ? 1 : 0, kept.join('\n'));
});

test.serial('writes are not kept', async (t) => {
  await db('namedProbe').insert({ id: 3, name: 'Rescue 3' });
  await db('namedProbe').where({ id: 3 }).update({ name: 'Rescue 33' });
  t.deepEqual(await nameOf(3), { name: 'Rescue 33' });
  const writes = (await keptReads()).filter((text) => /^\s*(insert|update)/i.test(text));
  t.deepEqual(writes, []);
});

test.serial('a table changed under a running process still answers its kept reads', async (t) => {
  const all = () => db('namedProbe').select('*').orderBy('id');
  for (let i = 0; i < 6; i++) t.is((await all()).length, 3); // long enough for Postgres to keep a generic plan
  await db.raw('alter table named_probe add column station text');
  const rows = await all();
  t.deepEqual(rows[0], { id: 1, name: 'Engine 1', station: null });

  // In a transaction the first such call fails (the transaction is aborted by then); the next one answers.
  const newestFirst = () => inTransaction(db, (trx) => trx('namedProbe').select('*').orderBy('id', 'desc'));
  for (let i = 0; i < 6; i++) t.is((await newestFirst()).length, 3);
  await db.raw('alter table named_probe add column shift text');
  if (database.url) await t.throwsAsync(newestFirst(), { message: /cached plan must not change result type/ });
  t.deepEqual((await newestFirst())[0], { id: 3, name: 'Rescue 33', station: null, shift: null });
});

test.serial('a Postgres server is no embedded database, through the app’s client or a plain one', async (t) => {
  // A plain `'pg'` knex (the admin's database set-up) migrates under the advisory lock, as the app's own does.
  t.is(isEmbedded(db), !database.url);
  await inTransaction(db, async (trx) => t.is(isEmbedded(trx), !database.url));
  if (!database.url) return;
  await withDatabaseAt(database.url, { connectMs: 5000, statementMs: 5000 }, async (other) => {
    t.false(isEmbedded(other));
  });
});
