/**
 * Reads never overlap on a transaction, which is one connection (pg queues overlapping queries, warns that it will
 * stop, and pg 9 refuses them): several reads for one answer (src/db/readTogether.ts) run at once from the pool and
 * in turn on a transaction, both ways answering in the order given; objection's graph fetches read their relations
 * one at a time on a transaction (BaseModel.getConcurrency).
 */
import test from 'ava';
import type { Knex } from 'knex';
import { readTogether } from '../../src/db/readTogether';
import { inTransaction } from '../../src/db/transaction';
import { DepartmentVerifier } from '../../src/models/DepartmentVerifier';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { createUser } from '../helpers/users';

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

test('a graph fetched on a transaction reads each relation after the one before', async (t) => {
  const member = await createUser({ name: 'Graph Fetched' });
  const departmentId = ((await database.db('departments').first('id')) as { id: number }).id;
  const granted = await DepartmentVerifier.query(database.db).insertAndFetch({
    departmentId,
    userId: member.user.id,
    grantedById: member.user.id,
  });
  // Each read as knex reports it (sent, then answered), named by its table; BEGIN and COMMIT are left out.
  const events: string[] = [];
  const tables = new Map<string, string>();
  type Sent = { sql: string; __knexQueryUid: string };
  const onQuery = (query: Sent) => {
    const table = /from "(\w+)"/.exec(query.sql)?.[1];
    if (!table) return;
    tables.set(query.__knexQueryUid, table);
    events.push(`${table} sent`);
  };
  const onResponse = (_answer: unknown, query: Sent) => {
    const table = tables.get(query.__knexQueryUid);
    if (table) events.push(`${table} answered`);
  };
  database.db.on('query', onQuery).on('query-response', onResponse);
  try {
    const fetched = await inTransaction(database.db, async (trx) =>
      DepartmentVerifier.query(trx).findById(granted.id).withGraphFetched('[user, department]'),
    );
    t.is(fetched?.user?.id, member.user.id);
    t.is(fetched?.department?.id, departmentId);
  } finally {
    database.db.off('query', onQuery).off('query-response', onResponse);
  }
  t.deepEqual(events, [
    'department_verifiers sent',
    'department_verifiers answered',
    'users sent',
    'users answered',
    'departments sent',
    'departments answered',
  ]);
});
