/**
 * Bad input is a 400 with a message, never a 500, and changes nothing: values of the wrong JSON type (an object
 * or a list where text belongs), numbers past a column's range, NUL characters (which Postgres cannot store).
 */
import test from 'ava';
import { startTestApp, clientAs, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { DEPARTMENT_MESSAGES } from '../../src/validation/departments';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

test('an object or a list where text belongs: 400 naming the field, nothing changed', async (t) => {
  const owner = await createUser({ name: 'Casey Ortega' });
  const profile = await createProfileFor(owner, { motto: 'Always ready' });
  const client = clientAs(app, owner);
  for (const name of [{ first: 'x' }, ['x', 'y']]) {
    const res = await client.patch('/api/auth/profile', { name, email: owner.user.email });
    t.is(res.status, 400, JSON.stringify(name));
    t.is(res.body.fields?.name, 'name must be text');
  }
  for (const motto of [{ a: 1 }, [1, 2]]) {
    const res = await client.patch(`/api/profiles/${profile.id}`, { motto });
    t.is(res.status, 400, JSON.stringify(motto));
  }
  const created = await client.post('/api/departments/create', {
    name: ['Harbor'],
    city: 'c',
    state: 'ME',
    country: 'US',
  });
  t.is(created.status, 400);
  t.is(created.body.error, DEPARTMENT_MESSAGES.missingFields);
  const login = await app.client().post('/api/auth/login', { email: { $ne: null }, password: {} });
  t.is(login.status, 400);
  t.is(login.body.fields?.email, 'email must be text');
  const row = await app.db('users').where('id', owner.user.id).first();
  t.is(row.name, 'Casey Ortega');
  t.is((await app.db('profiles').where('id', profile.id).first()).motto, 'Always ready');
});

test('an id past the integer range names no department: 400 with the spec message, not a database error', async (t) => {
  const owner = await createUser();
  const res = await clientAs(app, owner).post('/api/departments/user', { departmentId: 99_999_999_999 });
  t.is(res.status, 400);
  t.is(res.body.error, DEPARTMENT_MESSAGES.departmentIdRequired);
});

test('a NUL character in a list item or an admin search: 400, nothing stored', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner);
  const res = await clientAs(app, owner).post(`/api/profiles/${profile.id}/timeline`, {
    year: '2019',
    event: 'Hired\u0000 at Station 7',
    type: 'hired',
  });
  t.is(res.status, 400);
  t.is(res.body.error, 'Text cannot contain NUL characters');
  t.is((await app.db('profile_timeline').where('profileId', profile.id)).length, 0);
  const admin = await createUser({ role: 'admin' });
  const search = await clientAs(app, admin).get('/api/admin/users?q=a%00b');
  t.is(search.status, 400);
});
