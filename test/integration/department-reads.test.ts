/**
 * What each node keeps of departments (src/services/departments/departmentReads.ts): a user's own links
 * (`GET /api/departments/user`) and search answers are answered from memory, and every write shows at once —
 * on the node that made it, and on another node as soon as Postgres's notification reaches it. B is a second app
 * on the same database with its own change watch (its own LISTEN connection), so it learns what another process
 * would, through the trigger (migrations/20261129100000_one_change_channel.ts).
 */
import test, { type ExecutionContext } from 'ava';
import { Model } from 'objection';
import { DepartmentReads } from '../../src/services/departments/departmentReads';
import type { DepartmentJson, UserDepartmentJson } from '../../src/validation/departments';
import { clientAs, startSecondNode, startTestApp, type TestApp } from '../helpers/app';
import { needsPostgresServer } from '../helpers/postgresServer';
import { queriesOf } from '../helpers/queries';
import { createUser, type CreatedUser } from '../helpers/users';
import { twoDepartments } from '../helpers/verification';

let a: TestApp;
let b: TestApp;
let readsB: DepartmentReads;

test.before(async () => {
  a = await startTestApp({ rateLimitsEnabled: false });
  b = await startSecondNode(a, (changes) => ({ departmentReads: (readsB = new DepartmentReads(true, a.db, changes)) }));
});
test.after.always(async () => {
  await b?.close();
  await a?.close();
});

/**
 * The number of department queries a read made (both apps share the pool). The session's own read is left out:
 * the session cache hears its own notifications (a new link is a session fact too), in its own time.
 */
async function queriesDuring(read: () => Promise<unknown>): Promise<number> {
  const { sql } = await queriesOf(a.db, read);
  return sql.filter((statement) => !/\bsessions\b/.test(statement)).length;
}

const links = async (app: TestApp, account: CreatedUser): Promise<UserDepartmentJson[]> => {
  const res = await clientAs(app, account).get('/api/departments/user');
  if (res.status !== 200) throw new Error(`GET /api/departments/user: ${res.status}`);
  return res.body as UserDepartmentJson[];
};

const search = async (app: TestApp, account: CreatedUser, q: string): Promise<DepartmentJson[]> => {
  const res = await clientAs(app, account).get(`/api/departments/search?q=${encodeURIComponent(q)}`);
  if (res.status !== 200) throw new Error(`GET /api/departments/search: ${res.status}`);
  return res.body as DepartmentJson[];
};

/**
 * Reads `read` twice, proving the second answer came from memory (the session is kept too). Both nodes first hear
 * every earlier write through Postgres: a late delivery would drop the answer between the two reads.
 */
async function kept<T>(t: ExecutionContext, read: () => Promise<T>, what: string): Promise<T> {
  await Promise.all([a.caughtUp(), b.caughtUp()]);
  const first = await read();
  t.is(await queriesDuring(read), 0, `${what} is answered from memory`);
  return first;
}

test.serial('a member’s departments are answered from memory, and their own writes show at once', async (t) => {
  const member = await createUser();
  const [first, second] = await twoDepartments();
  t.deepEqual(await kept(t, () => links(a, member), 'no links'), []);

  const added = await clientAs(a, member).post('/api/departments/user', { departmentId: first });
  t.is(added.status, 201);
  const afterAdd = await kept(t, () => links(a, member), 'one link');
  t.deepEqual(
    afterAdd.map((link) => [link.department.id, link.isPrimary]),
    [[first, true]],
  );

  t.is((await clientAs(a, member).post('/api/departments/user', { departmentId: second })).status, 201);
  const secondLink = (await links(a, member)).find((link) => link.department.id === second)!;
  t.is((await clientAs(a, member).patch(`/api/departments/user/${secondLink.id}`, { isPrimary: true })).status, 200);
  t.deepEqual(
    (await links(a, member)).map((link) => [link.department.id, link.isPrimary]),
    [
      [second, true],
      [first, false],
    ],
  );

  const requested = await clientAs(a, member).post(`/api/departments/user/${secondLink.id}/verification`);
  t.is(requested.status, 201, JSON.stringify(requested.body));
  t.is((await links(a, member))[0]!.verification.status, 'pending');

  t.is((await clientAs(a, member).delete(`/api/departments/user/${secondLink.id}`)).status, 204);
  t.deepEqual(
    (await links(a, member)).map((link) => [link.department.id, link.isPrimary]),
    [[first, true]],
  );
});

test.serial(
  'search answers are kept for everyone who sees the same: a member’s new pending department shows to every member at once',
  async (t) => {
    const creator = await createUser();
    const other = await createUser();
    const q = 'quillback';
    t.deepEqual(await kept(t, () => search(a, other, q), 'an empty answer'), []);

    const created = await clientAs(a, creator).post('/api/departments/create', {
      name: 'Quillback Ridge Fire Company',
      city: 'Quillback',
      state: 'ME',
      country: 'USA',
    });
    t.is(created.status, 201, JSON.stringify(created.body));
    t.deepEqual(
      (await search(a, creator, q)).map((d) => d.name),
      ['Quillback Ridge Fire Company'],
      'its creator finds it at once',
    );
    t.deepEqual(
      (await kept(t, () => search(a, other, q), 'the answer with it')).map((d) => d.name),
      ['Quillback Ridge Fire Company'],
      'and so does every other member',
    );
  },
);

const serverOnly = needsPostgresServer(test.serial, 'a second node hears changes only through a Postgres server');

serverOnly('a link added, made primary or removed on one node shows on the other as soon as it hears', async (t) => {
  const member = await createUser();
  const [first, second] = await twoDepartments();
  await kept(t, () => links(b, member), 'B: no links');

  let heard = readsB.changed(member.user.id);
  t.is((await clientAs(a, member).post('/api/departments/user', { departmentId: first })).status, 201);
  await heard;
  t.deepEqual(
    (await kept(t, () => links(b, member), 'B: one link')).map((link) => link.department.id),
    [first],
  );

  heard = readsB.changed(member.user.id);
  t.is((await clientAs(a, member).post('/api/departments/user', { departmentId: second })).status, 201);
  await heard;
  const secondLink = (await kept(t, () => links(b, member), 'B: two links')).find(
    (link) => link.department.id === second,
  )!;
  t.false(secondLink.isPrimary);

  // An update of a link (not only an insert or delete) reaches B: the primary moves.
  heard = readsB.changed(member.user.id);
  t.is((await clientAs(a, member).patch(`/api/departments/user/${secondLink.id}`, { isPrimary: true })).status, 200);
  await heard;
  t.deepEqual(
    (await kept(t, () => links(b, member), 'B: primary moved')).map((link) => [link.department.id, link.isPrimary]),
    [
      [second, true],
      [first, false],
    ],
  );

  heard = readsB.changed(member.user.id);
  t.is((await clientAs(a, member).post(`/api/departments/user/${secondLink.id}/verification`)).status, 201);
  await heard;
  t.is((await links(b, member))[0]!.verification.status, 'pending', 'B: the verification request');

  heard = readsB.changed(member.user.id);
  t.is((await clientAs(a, member).delete(`/api/departments/user/${secondLink.id}`)).status, 204);
  await heard;
  t.deepEqual(
    (await links(b, member)).map((link) => link.department.id),
    [first],
  );
});

serverOnly(
  'a department renamed or verified by an admin on one node shows on the other as soon as it hears',
  async (t) => {
    const admin = await createUser({ role: 'admin' });
    const creator = await createUser();
    const other = await createUser();
    const q = 'marrowind';
    t.deepEqual(await kept(t, () => search(b, other, q), 'B: an empty answer'), []);

    let heard = readsB.changed();
    const created = await clientAs(a, creator).post('/api/departments/create', {
      name: 'Marrowind Hose Company',
      city: 'Marrowind',
      state: 'VT',
      country: 'USA',
    });
    t.is(created.status, 201);
    const id = (created.body as { department: DepartmentJson }).department.id;
    await heard;
    t.deepEqual(
      (await search(b, creator, q)).map((d) => d.id),
      [id],
      'B: its creator finds it',
    );
    t.deepEqual(
      (await kept(t, () => search(b, other, q), 'B: the answer with it')).map((d) => d.id),
      [id],
      'B: every other member does too',
    );
    await kept(t, () => links(b, creator), 'B: the creator’s links');

    // A rename reaches the creator's links (they carry the department's name) and the search answers.
    heard = readsB.changed();
    const renamed = await clientAs(a, admin).patch(`/api/admin/departments/${id}`, {
      name: 'Marrowind Volunteer Hose Company',
      city: 'Marrowind',
      state: 'VT',
      country: 'USA',
    });
    t.is(renamed.status, 200, JSON.stringify(renamed.body));
    await heard;
    t.deepEqual(
      (await links(b, creator)).map((link) => link.department.name),
      ['Marrowind Volunteer Hose Company'],
    );

    heard = readsB.changed();
    t.is((await clientAs(a, admin).patch(`/api/admin/departments/${id}/verify`, { status: 'verified' })).status, 200);
    await heard;
    t.deepEqual(
      (await kept(t, () => search(b, other, q), 'B: the answer with it')).map((d) => [d.id, d.verificationStatus]),
      [[id, 'verified']],
      'B: verified, everyone finds it',
    );

    // A write no service announced (an operator's SQL) reaches B too.
    heard = readsB.changed();
    await Model.knex()('departments').where({ id }).update({ verification_status: 'rejected' });
    await heard;
    t.deepEqual(await search(b, other, q), [], 'B: rejected, nobody finds it');
  },
);

test.serial(
  'a search answer goes gzipped to a client that takes gzip, as plain JSON to one that does not',
  async (t) => {
    const member = await createUser();
    const [id] = await twoDepartments();
    const name = (await Model.knex()('departments').where({ id }).first('name')).name as string;
    const q = name.slice(0, 2); // ten answers: well past the size worth gzipping
    const expected = await search(a, member, q); // kept from here on
    t.is(expected.length, 10);
    const gzipped = await clientAs(a, member).get(`/api/departments/search?q=${encodeURIComponent(q)}`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    t.is(gzipped.headers.get('content-encoding'), 'gzip');
    t.deepEqual(gzipped.body, expected, 'fetch unzips it');
    const plain = await clientAs(a, member).get(`/api/departments/search?q=${encodeURIComponent(q)}`, {
      headers: { 'Accept-Encoding': 'identity' },
    });
    t.is(plain.headers.get('content-encoding'), null);
    t.regex(plain.headers.get('content-type') ?? '', /^application\/json/);
    t.deepEqual(plain.body, expected);
  },
);
