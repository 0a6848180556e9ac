/** The request's one transaction: all or nothing, and side effects only after commit. */
import test from 'ava';
import { Model } from 'objection';
import { afterCommit, inTransaction } from '../../src/db/transaction';
import { startTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

test('afterCommit callbacks run after a commit, in order, and never after a rollback', async (t) => {
  const ran: string[] = [];
  await inTransaction(app.db, async (trx) => {
    await trx('blacklist').insert({ type: 'domain', value: 'commit.example', reason: 'test', isActive: true });
    afterCommit(trx, () => ran.push('first'));
    afterCommit(trx, async () => {
      // The committed row is visible outside the transaction by now.
      const row = await app.db('blacklist').where({ value: 'commit.example' }).first();
      ran.push(row ? 'second saw the row' : 'second ran too early');
    });
    t.deepEqual(ran, [], 'nothing runs before the commit');
  });
  t.deepEqual(ran, ['first', 'second saw the row']);

  await t.throwsAsync(
    inTransaction(app.db, async (trx) => {
      await trx('blacklist').insert({ type: 'domain', value: 'rollback.example', reason: 'test', isActive: true });
      afterCommit(trx, () => ran.push('after rollback'));
      throw new Error('boom');
    }),
    { message: 'boom' },
  );
  t.deepEqual(ran, ['first', 'second saw the row']);
  t.falsy(await app.db('blacklist').where({ value: 'rollback.example' }).first());
  t.throws(() => afterCommit(undefined as never, () => undefined), { message: /inTransaction/ });
  t.truthy(Model.knex(), 'models stay bound');
});

test('a reset e-mail is sent only once its token is stored', async (t) => {
  const { user } = await createUser();
  const before = app.mails.length;
  const res = await app.client().post('/api/auth/forgot-password', { email: user.email });
  t.is(res.status, 200);
  t.is(app.mails.length, before + 1);
  const token = /token=([^\s&]+)/.exec(app.mails.at(-1)!.text)![1]!;
  // The link in the mail works: its token was committed before the mail left.
  const reset = await app
    .client()
    .post('/api/auth/reset-password', { token: decodeURIComponent(token), password: 'brand-new-pass' });
  t.is(reset.status, 200);
});

test('a failed write leaves nothing behind: a duplicate link rolls back the whole request', async (t) => {
  const { token, user } = await createUser();
  const client = app.client();
  client.bearer = token;
  const [first, second] = (await app
    .db('departments')
    .where('verificationStatus', 'verified')
    .orderBy('id')
    .limit(2)
    .select('id')) as { id: number }[];
  t.is((await client.post('/api/departments/user', { departmentId: first!.id })).status, 201);
  t.is((await client.post('/api/departments/user', { departmentId: second!.id })).status, 201);
  // Asking for the second again as primary: the request first clears the current primary, then the insert
  // hits the unique index. The 409 must leave the first link primary, as before the request.
  const again = await client.post('/api/departments/user', { departmentId: second!.id, isPrimary: true });
  t.is(again.status, 409);
  t.is(again.body.error, 'This department is already one of your departments.');
  const rows = (await app.db('user_departments').where('userId', user.id).orderBy('id')) as {
    departmentId: number;
    isPrimary: boolean;
  }[];
  t.deepEqual(
    rows.map((r) => [r.departmentId, r.isPrimary]),
    [
      [first!.id, true],
      [second!.id, false],
    ],
  );
});

test('malformed ids in a URL name nothing: 404, never another row', async (t) => {
  const { token } = await createUser();
  const client = app.client();
  client.bearer = token;
  for (const id of ['abc', '0', '-1', '1e3', '12abc', '0x1F', '2147483648', '%2012']) {
    const res = await client.patch(`/api/departments/user/${id}`, { isPrimary: true });
    t.is(res.status, 404, id);
    t.deepEqual(res.body, { error: 'Not found' }, id);
  }
});
