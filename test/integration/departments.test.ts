/** A user's departments: create (user-added, pending), link, primary rules, ownership, sign-in. */
import test from 'ava';
import { startTestApp, type HttpClient, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import {
  DEPARTMENT_MESSAGES,
  type CreatedDepartmentJson,
  type UserDepartmentJson,
} from '../../src/validation/departments';
import { User } from '../../src/models/User';

let app: TestApp;
/** Ids of a few official departments, by a short label. */
const official = { a: 0, b: 0, c: 0, d: 0, e: 0 };

test.before(async () => {
  app = await startTestApp();
  const rows = (await app.db('departments').where('source', 'official').orderBy('id').limit(5).select('id')) as {
    id: number;
  }[];
  (['a', 'b', 'c', 'd', 'e'] as const).forEach((label, i) => (official[label] = rows[i]!.id));
});
test.after.always(async () => {
  await app?.close();
});

async function signedIn(): Promise<{ client: HttpClient; account: CreatedUser }> {
  const account = await createUser();
  const client = app.client();
  client.bearer = account.token;
  return { client, account };
}

async function links(client: HttpClient): Promise<UserDepartmentJson[]> {
  const res = await client.get<UserDepartmentJson[]>('/api/departments/user');
  if (res.status !== 200) throw new Error(`GET /api/departments/user: ${res.status}`);
  return res.body;
}

async function primaryCount(userId: number): Promise<number> {
  const [row] = (await app.db('user_departments').where({ user_id: userId, is_primary: true }).count('* as count')) as {
    count: string;
  }[];
  return Number(row!.count);
}

const validNew = {
  name: 'Harbor Point Volunteer Fire Company',
  city: 'Harbor Point',
  state: 'ME',
  county: 'Knox',
  country: 'US',
};

// ── create ───────────────────────────────────────────────────────────────────────────────────────────

test('create: each required field missing, empty or whitespace-only → 400 with the spec message', async (t) => {
  const { client, account } = await signedIn();
  for (const field of ['name', 'city', 'state', 'country'] as const) {
    for (const value of [undefined, '', '   ', '\t \n', null]) {
      const body: Record<string, unknown> = { ...validNew };
      if (value === undefined) delete body[field];
      else body[field] = value;
      const res = await client.post('/api/departments/create', body);
      t.is(res.status, 400, `${field}=${JSON.stringify(value)}`);
      t.is(
        res.body.error,
        'Please fill in department name, city, state, and country.',
        `${field}=${JSON.stringify(value)}`,
      );
      t.is(res.body.fields?.[field], DEPARTMENT_MESSAGES.missingFields);
    }
  }
  const empty = await client.post('/api/departments/create', {});
  t.is(empty.status, 400);
  t.is(empty.body.error, DEPARTMENT_MESSAGES.missingFields);
  t.deepEqual(Object.keys(empty.body.fields).sort(), ['city', 'country', 'name', 'state']);
  // Nothing was written.
  t.deepEqual(await links(client), []);
  t.is((await app.db('departments').where('created_by', account.user.id)).length, 0);
});

test('create: a NUL character in a field → 400, nothing written (Postgres cannot store it)', async (t) => {
  // Even where a close department exists (matched in memory, before anything reaches Postgres).
  const quarry = { ...validNew, name: 'Quarry Cove Fire Company', city: 'Quarry Cove' };
  t.is((await (await signedIn()).client.post('/api/departments/create', quarry)).status, 201);
  const { client, account } = await signedIn();
  const res = await client.post('/api/departments/create', { ...quarry, name: 'Quarry\u0000Cove Fire Company' });
  t.is(res.status, 400);
  t.is(res.body.error, 'Text cannot contain NUL characters');
  t.deepEqual(await links(client), []);
  t.is((await app.db('departments').where('created_by', account.user.id)).length, 0);
});

test('create: a user-added, pending department, trimmed, linked to the user as primary (first one)', async (t) => {
  const { client, account } = await signedIn();
  const res = await client.post<CreatedDepartmentJson>('/api/departments/create', {
    name: '  Harbor Point Volunteer Fire Company ',
    city: ' Harbor Point',
    state: 'ME ',
    county: '   ',
    country: ' US ',
  });
  t.is(res.status, 201);
  const { department, userDepartment } = res.body;
  t.like(department, {
    name: 'Harbor Point Volunteer Fire Company',
    city: 'Harbor Point',
    state: 'ME',
    county: null,
    country: 'US',
    address: null,
    address2: null,
    zipCode: null,
    source: 'user_added',
    verificationStatus: 'pending',
  });
  t.true(userDepartment.isPrimary);
  t.deepEqual(userDepartment.department, department);
  t.regex(userDepartment.addedAt, /^\d{4}-\d{2}-\d{2}T/);
  const row = await app.db('departments').where('id', department.id).first();
  t.is(row.createdBy, account.user.id);
  t.is(row.fdid, null);
  t.deepEqual(await links(client), [userDepartment]);

  // The second one is not primary; county is kept when given.
  const second = await client.post<CreatedDepartmentJson>('/api/departments/create', {
    ...validNew,
    name: 'Second Station',
  });
  t.is(second.status, 201);
  t.false(second.body.userDepartment.isPrimary);
  t.is(second.body.department.county, 'Knox');
  t.deepEqual(
    (await links(client)).map((l) => [l.department.name, l.isPrimary]),
    [
      ['Harbor Point Volunteer Fire Company', true],
      ['Second Station', false],
    ],
  );
});

test('create: other countries and over-long fields', async (t) => {
  const { client } = await signedIn();
  const abroad = await client.post<CreatedDepartmentJson>('/api/departments/create', {
    name: 'Brigade de sapeurs-pompiers',
    city: 'Lyon',
    state: 'Rhône',
    country: 'FR',
  });
  t.is(abroad.status, 201);
  t.is(abroad.body.department.country, 'FR');
  const long = await client.post('/api/departments/create', { ...validNew, name: 'x'.repeat(201) });
  t.is(long.status, 400);
  t.is(long.body.error, 'Department name must be at most 200 characters');
});

// ── link, primary, remove ────────────────────────────────────────────────────────────────────────────

test('the first department is primary; isPrimary on a later one switches it; PATCH switches it', async (t) => {
  const { client, account } = await signedIn();
  const first = await client.post<UserDepartmentJson>('/api/departments/user', {
    departmentId: official.a,
    isPrimary: false,
  });
  t.is(first.status, 201);
  t.true(first.body.isPrimary, 'first is primary even when isPrimary is false');
  t.is(first.body.department.id, official.a);

  const second = await client.post<UserDepartmentJson>('/api/departments/user', { departmentId: official.b });
  t.false(second.body.isPrimary);
  const third = await client.post<UserDepartmentJson>('/api/departments/user', {
    departmentId: official.c,
    isPrimary: true,
  });
  t.true(third.body.isPrimary);
  t.is(await primaryCount(account.user.id), 1);
  t.deepEqual(
    (await links(client)).map((l) => [l.department.id, l.isPrimary]),
    [
      [official.c, true],
      [official.a, false],
      [official.b, false],
    ],
  );

  const patched = await client.patch<UserDepartmentJson>(`/api/departments/user/${second.body.id}`, {
    isPrimary: true,
  });
  t.is(patched.status, 200);
  t.true(patched.body.isPrimary);
  t.is(await primaryCount(account.user.id), 1);
  t.deepEqual(
    (await links(client)).map((l) => [l.department.id, l.isPrimary]),
    [
      [official.b, true],
      [official.a, false],
      [official.c, false],
    ],
  );

  // Setting the primary again changes nothing.
  const again = await client.patch<UserDepartmentJson>(`/api/departments/user/${second.body.id}`, { isPrimary: true });
  t.true(again.body.isPrimary);
  t.is(await primaryCount(account.user.id), 1);
});

test('removing the primary makes the oldest remaining one primary', async (t) => {
  const { client, account } = await signedIn();
  const a = (await client.post<UserDepartmentJson>('/api/departments/user', { departmentId: official.a })).body;
  const b = (await client.post<UserDepartmentJson>('/api/departments/user', { departmentId: official.b })).body;
  const c = (
    await client.post<UserDepartmentJson>('/api/departments/user', { departmentId: official.c, isPrimary: true })
  ).body;
  t.true(c.isPrimary);

  const removed = await client.delete(`/api/departments/user/${c.id}`);
  t.is(removed.status, 204);
  t.deepEqual(
    (await links(client)).map((l) => [l.id, l.isPrimary]),
    [
      [a.id, true],
      [b.id, false],
    ],
  );
  // Removing a non-primary leaves the primary alone.
  t.is((await client.delete(`/api/departments/user/${b.id}`)).status, 204);
  t.deepEqual(
    (await links(client)).map((l) => [l.id, l.isPrimary]),
    [[a.id, true]],
  );
  t.is((await client.delete(`/api/departments/user/${a.id}`)).status, 204);
  t.deepEqual(await links(client), []);
  t.is(await primaryCount(account.user.id), 0);
  // Removing again: gone.
  t.is((await client.delete(`/api/departments/user/${a.id}`)).status, 404);
});

test('un-setting the primary hands it to the oldest other link; an only link stays primary', async (t) => {
  const { client, account } = await signedIn();
  const a = (await client.post<UserDepartmentJson>('/api/departments/user', { departmentId: official.a })).body;
  const alone = await client.patch<UserDepartmentJson>(`/api/departments/user/${a.id}`, { isPrimary: false });
  t.is(alone.status, 200);
  t.true(alone.body.isPrimary);

  const b = (await client.post<UserDepartmentJson>('/api/departments/user', { departmentId: official.b })).body;
  const c = (await client.post<UserDepartmentJson>('/api/departments/user', { departmentId: official.c })).body;
  await client.patch(`/api/departments/user/${c.id}`, { isPrimary: true });
  const unset = await client.patch<UserDepartmentJson>(`/api/departments/user/${c.id}`, { isPrimary: false });
  t.false(unset.body.isPrimary);
  t.deepEqual(
    (await links(client)).map((l) => [l.id, l.isPrimary]),
    [
      [a.id, true],
      [b.id, false],
      [c.id, false],
    ],
  );
  t.is(await primaryCount(account.user.id), 1);
});

test('the database allows at most one primary per user', async (t) => {
  const { client, account } = await signedIn();
  await client.post('/api/departments/user', { departmentId: official.a });
  await client.post('/api/departments/user', { departmentId: official.b });
  const error = await t.throwsAsync(
    app
      .db('user_departments')
      .where({ user_id: account.user.id, department_id: official.b })
      .update({ is_primary: true }),
  );
  t.regex(String(error?.message), /user_departments_one_primary/);
  await t.throwsAsync(app.db('user_departments').insert({ user_id: account.user.id, department_id: official.a }), {
    message: /user_departments_user_department_unique/,
  });
});

test('concurrent first adds still give exactly one primary', async (t) => {
  const { client, account } = await signedIn();
  const results = await Promise.all(
    [official.a, official.b, official.c, official.d, official.e].map((departmentId) =>
      client.post<UserDepartmentJson>('/api/departments/user', { departmentId }),
    ),
  );
  t.deepEqual(
    results.map((r) => r.status),
    [201, 201, 201, 201, 201],
  );
  t.is(results.filter((r) => r.body.isPrimary).length, 1);
  t.is(await primaryCount(account.user.id), 1);
});

test('POST /api/departments/user: 404 for unknown and rejected departments; 409 when already linked; 400 for a bad id', async (t) => {
  const { client } = await signedIn();
  const other = await signedIn();
  const othersPending = (await other.client.post<CreatedDepartmentJson>('/api/departments/create', validNew)).body
    .department;
  const [rejected] = (await app
    .db('departments')
    .insert({
      name: 'Rejected Hose Company',
      city: 'Nowhere',
      state: 'ZZ',
      source: 'user_added',
      verification_status: 'rejected',
    })
    .returning('id')) as { id: number }[];

  for (const departmentId of [999_999_999, rejected!.id]) {
    const res = await client.post('/api/departments/user', { departmentId });
    t.is(res.status, 404, String(departmentId));
    t.is(res.body.error, DEPARTMENT_MESSAGES.departmentNotFound);
  }
  // A colleague's pending department is offered to every signed-in user (docs/decisions/pending-departments.md).
  const colleagues = await client.post<UserDepartmentJson>('/api/departments/user', { departmentId: othersPending.id });
  t.is(colleagues.status, 201);
  t.is((await client.delete(`/api/departments/user/${colleagues.body.id}`)).status, 204);
  t.is((await client.post('/api/departments/user', { departmentId: official.a })).status, 201);
  const duplicate = await client.post('/api/departments/user', { departmentId: official.a });
  t.is(duplicate.status, 409);
  t.is(duplicate.body.error, DEPARTMENT_MESSAGES.alreadyLinked);
  for (const departmentId of [undefined, null, 'abc', 1.5, -3, 0]) {
    const res = await client.post('/api/departments/user', { departmentId });
    t.is(res.status, 400, JSON.stringify(departmentId));
  }
  t.is((await client.post('/api/departments/user', { departmentId: official.b, isPrimary: 'maybe' })).status, 400);
  // A user may link their own pending department (it is already linked on creation, so: 409, not 404).
  const own = (await client.post<CreatedDepartmentJson>('/api/departments/create', validNew)).body;
  t.is((await client.post('/api/departments/user', { departmentId: own.department.id })).status, 409);
  t.is((await client.delete(`/api/departments/user/${own.userDepartment.id}`)).status, 204);
  t.is((await client.post('/api/departments/user', { departmentId: own.department.id })).status, 201);
});

test('PATCH needs isPrimary as a boolean', async (t) => {
  const { client } = await signedIn();
  const link = (await client.post<UserDepartmentJson>('/api/departments/user', { departmentId: official.a })).body;
  for (const body of [{}, { isPrimary: null }, { isPrimary: 'yes please' }]) {
    const res = await client.patch(`/api/departments/user/${link.id}`, body);
    t.is(res.status, 400, JSON.stringify(body));
    t.is(res.body.error, DEPARTMENT_MESSAGES.isPrimaryRequired);
  }
});

test('a user cannot see, change or remove another user\u2019s links (404)', async (t) => {
  const owner = await signedIn();
  const intruder = await signedIn();
  const link = (await owner.client.post<UserDepartmentJson>('/api/departments/user', { departmentId: official.a }))
    .body;
  await intruder.client.post('/api/departments/user', { departmentId: official.b });

  t.is((await intruder.client.patch(`/api/departments/user/${link.id}`, { isPrimary: true })).status, 404);
  t.is((await intruder.client.patch(`/api/departments/user/${link.id}`, { isPrimary: false })).status, 404);
  t.is((await intruder.client.delete(`/api/departments/user/${link.id}`)).status, 404);
  t.false((await links(intruder.client)).some((l) => l.id === link.id));
  t.deepEqual(await links(owner.client), [link]);
  for (const id of ['abc', '0', '-1', '1e3', '99999999999999']) {
    t.is((await owner.client.delete(`/api/departments/user/${id}`)).status, 404, id);
  }
});

test('every departments endpoint needs sign-in (401)', async (t) => {
  const client = app.client();
  const calls = [
    () => client.get('/api/departments/search?q=troy'),
    () => client.get('/api/departments/user'),
    () => client.post('/api/departments/create', validNew),
    () => client.post('/api/departments/user', { departmentId: official.a }),
    () => client.patch('/api/departments/user/1', { isPrimary: true }),
    () => client.delete('/api/departments/user/1'),
  ];
  for (const call of calls) t.is((await call()).status, 401);
  client.bearer = 'not-a-real-token';
  for (const call of calls) t.is((await call()).status, 401);
});

test('deleting a user removes their links and keeps their added departments (creator cleared)', async (t) => {
  const { client, account } = await signedIn();
  const created = (
    await client.post<CreatedDepartmentJson>('/api/departments/create', { ...validNew, name: 'Leaving Hose Company' })
  ).body;
  await client.post('/api/departments/user', { departmentId: official.a });
  await User.query().deleteById(account.user.id);
  t.is((await app.db('user_departments').where('user_id', account.user.id)).length, 0);
  const department = await app.db('departments').where('id', created.department.id).first();
  t.is(department.createdBy, null);
});
