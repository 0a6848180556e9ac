/**
 * Several reads for one answer (src/db/readTogether.ts): from the pool they run at once, on a transaction in turn
 * (one connection runs one query at a time: pg queues overlapping ones, warns — this suite throws on any
 * deprecation — and pg 9 refuses them). Both ways answer in the order the reads were given.
 */
import test from 'ava';
import type { Knex } from 'knex';
import { readTogether } from '../../src/db/readTogether';
import { inTransaction } from '../../src/db/transaction';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

let database: TestDatabase;

test.before(async () => {
  database = await createTestDatabase();
});

test.after.always(async () => {
  await database.destroy();
});

/** Two reads that log when each starts and ends, and answer a value and their connection's server process. */
function loggedReads(db: Knex) {
  const log: string[] = [];
  const read = (name: string, value: number) => async () => {
    log.push(`${name} starts`);
    const answer = await db.raw('select ?::int as value, pg_backend_pid() as pid, pg_sleep(0.02)', [value]);
    log.push(`${name} ends`);
    return answer.rows[0] as { value: number; pid: number };
  };
  return { log, reads: [read('first', 1), read('second', 2)] as const };
}

test('from the pool the reads start together and answer in order', async (t) => {
  const { log, reads } = loggedReads(database.db);
  const [first, second] = await readTogether(database.db, [...reads]);
  t.deepEqual([first.value, second.value], [1, 2]);
  t.deepEqual(log.slice(0, 2), ['first starts', 'second starts']);
});

test('on a transaction each read waits for the one before, on the same connection', async (t) => {
  const answers = await inTransaction(database.db, async (trx) => {
    const { log, reads } = loggedReads(trx);
    const [first, second] = await readTogether(trx, [...reads]);
    return { log, first, second };
  });
  t.deepEqual([answers.first.value, answers.second.value], [1, 2]);
  t.deepEqual(answers.log, ['first starts', 'first ends', 'second starts', 'second ends']);
  t.is(answers.first.pid, answers.second.pid);
});
