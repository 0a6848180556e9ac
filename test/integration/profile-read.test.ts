/**
 * The profile read every profile page, document and share route starts with (findProfileWithUsername,
 * src/services/profileReads.ts): a statement built once and run with each id must find exactly what
 * `profilesWithUsername().findById(id)` finds — the same model, column for column — for each id asked, inside a
 * transaction too, and nothing for an id no profile has.
 */
import test from 'ava';
import { startTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';
import { anyDepartment, createProfileFor } from '../helpers/profiles';
import { inTransaction } from '../../src/db/transaction';
import { findProfileWithUsername, profilesWithUsername } from '../../src/services/profileReads';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

test('each id finds its own profile, as the query builder makes it; an unknown id finds none', async (t) => {
  const department = await anyDepartment();
  const first = await createUser({ name: 'Ada Firstread', username: 'ada-firstread' });
  const second = await createUser({ name: 'Bo Secondread', username: 'bo-secondread' });
  const ids = [
    (
      await createProfileFor(first, {
        rank: 'Captain',
        departmentId: department.id,
        hiddenWidgets: ['gear'],
        profileImageUrl: 'https://cdn.example.com/ada.jpg',
      })
    ).id,
    (await createProfileFor(second, { rank: 'Engineer' })).id,
  ];
  for (const id of ids) {
    const built = await profilesWithUsername().findById(id);
    const found = await findProfileWithUsername(id);
    t.truthy(found);
    t.true(found instanceof built!.constructor, 'a Profile model');
    t.deepEqual(found!.toJSON(), built!.toJSON());
  }
  const [ada, bo] = await Promise.all(ids.map((id) => findProfileWithUsername(id)));
  t.is(ada!.username, 'ada-firstread');
  t.deepEqual(ada!.hiddenWidgets, ['gear']);
  t.is(bo!.username, 'bo-secondread');
  t.is(await findProfileWithUsername(2_000_000_000), undefined);
});

test('inside a transaction it reads what the transaction wrote', async (t) => {
  const owner = await createUser({ name: 'Cy Intransaction' });
  const { id } = await createProfileFor(owner, { rank: 'Lieutenant' });
  const seen = await inTransaction(app.db, async (trx) => {
    await trx('profiles').where({ id }).update({ rank: 'Battalion Chief' });
    return findProfileWithUsername(id, trx);
  });
  t.is(seen!.rank, 'Battalion Chief');
});
