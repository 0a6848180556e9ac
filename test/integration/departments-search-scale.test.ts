/**
 * Search at national scale: the 3,216 shipped departments plus registry-shaped ones up to 27,000, where
 * "fire" is in nearly every name. The service's per-category plans must return exactly what the
 * one-statement ranking over the whole table returns (the brute force below).
 */
import test from 'ava';
import { startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { countDepartments, insertRegistryShaped } from '../helpers/registryShaped';
import { searchDepartments } from '../../src/services/departments/search';
import { assertRankedLikeWholeTable, rankedContaining as bruteForce } from '../helpers/departmentRanking';
import { DEPARTMENT_SEARCH_MAX_RESULTS } from '../../src/validation/departments';

let app: TestApp;
let alice: CreatedUser;
let bob: CreatedUser;

test.before(async () => {
  app = await startTestApp();
  alice = await createUser({ name: 'Alice Scale' });
  bob = await createUser({ name: 'Bob Scale' });
  await insertRegistryShaped(app.db, 27_000 - (await countDepartments(app.db)));
  // Short names that would rank first for "fire" and "ma" if the visibility rules were skipped.
  const hidden = { city: 'Ma', state: 'ZZ', country: 'US', source: 'user_added' };
  await app.db('departments').insert([
    { ...hidden, name: 'Fire', verification_status: 'rejected', created_by: alice.user.id },
    { ...hidden, name: 'Fire A', verification_status: 'pending', created_by: bob.user.id },
    { ...hidden, name: 'Fire B', verification_status: 'pending', created_by: alice.user.id },
  ]);
  // An exact name that also starts 2,500 others ("City of …"): found by the lower-cased name's own index.
  await app.db('departments').insert({
    name: 'City',
    city: 'Center',
    state: 'ZZ',
    country: 'US',
    source: 'official',
    verification_status: 'verified',
  });
  await app.db.raw('analyze departments, department_words, department_vocabulary');
});
test.after.always(async () => {
  await app?.close();
});

const serviceSearch = (q: string) => searchDepartments(alice.user, q, app.db);

test('the table holds 27,000 departments, nearly all with "fire" in the name', async (t) => {
  t.true((await countDepartments(app.db)) >= 27_000);
  const [{ share }] = (
    await app.db.raw(`select avg((name ilike '%fire%')::int)::float as share from departments where state <> 'ZZ'`)
  ).rows as [{ share: number }];
  t.true(share > 0.95, String(share));
});

test('a common word and a 2-character query return the best ten, in order', async (t) => {
  for (const q of ['fire', 'Fire', 'ma', 'co']) {
    const expected = (await bruteForce(app.db, q, alice.user.id)).slice(0, DEPARTMENT_SEARCH_MAX_RESULTS);
    t.is(expected.length, 10, q);
    const found = await searchDepartments(alice.user, q, app.db);
    t.deepEqual(
      found.map((d) => d.id),
      expected,
      q,
    );
  }
  // Every signed-in user is offered the pending "Fire A" and "Fire B" (whoever added them) first for "fire"; the
  // rejected one is never offered.
  const names = (await searchDepartments(alice.user, 'fire', app.db)).map((d) => d.name);
  t.deepEqual(names.slice(0, 2), ['Fire A', 'Fire B']);
  t.false(names.includes('Fire'));
});

test('every kind of query agrees with the whole-table ranking on its containing matches', async (t) => {
  const queries = [
    'fire department',
    'county volunteer',
    'volunteer fire company',
    'spring',
    'troy fire',
    'oakwood1',
    'ak',
    're',
    'zq',
    'naknek',
    'rescue squad',
    'fire & rescue',
    // Name prefixes of 2–3 characters (read in rank order from the initials index), and of 4+ (the first
    // rows of the initials bucket, else a btree range: "hickory wi" starts 1 of the 1,200 "hi…" names).
    'fi',
    'Fir',
    'spr',
    'oak',
    'coun',
    'mari',
    'city',
    'City of',
    'hick',
    'hickory wi',
    'cedar g',
    // A place word in 3,000 names, with a second word that narrows it.
    'junction cit',
    'valley o',
  ];
  await assertRankedLikeWholeTable(t, app.db, alice.user.id, queries, serviceSearch);
});

test('the fuzzy tier matches the distinctive words; fire-service words alone get no fuzzy tier', async (t) => {
  // "fire" is in nearly every name: only departments about Troy (or Marion) may follow the containing ones.
  for (const [q, word] of [
    ['troy fire', 'troy'],
    ['marion fire', 'marion'],
    ['bristle bay', 'bristle'],
    // "hickory" is in 1,200 names: the fuzzy tier ranks only the shortest FUZZY_CANDIDATES of them.
    ['hickory ke', 'hickory'],
  ] as const) {
    const found = await searchDepartments(alice.user, q, app.db);
    t.true(found.length > 0, q);
    const rows = (await app.db.raw(
      `select word_similarity(?, search_text) as score from departments where id = any(?)`,
      [word, found.map((d) => d.id)],
    )) as { rows: { score: number }[] };
    for (const row of rows.rows) t.true(row.score >= 0.55, `${q}: ${row.score}`);
  }
  // Only weak words, two rows contain them: those two, no fuzzy guesses matching on "fire department".
  const weak = 'district fire department';
  const expected = await bruteForce(app.db, weak, alice.user.id);
  t.true(expected.length > 0 && expected.length < 10, String(expected.length));
  t.deepEqual(
    (await searchDepartments(alice.user, weak, app.db)).map((d) => d.id),
    expected,
  );
});

test('a state after the query narrows to that state, bounded like any query (the state\u2019s own walk)', async (t) => {
  const queries = [
    // Fire-service words only: walked in the state's rank order (departments_search_state).
    'fire department IL',
    'volunteer fire company, Kentucky',
    'fire NY',
    'fire district ky',
    // Short and prefix places: the initials walk, filtered by the state.
    'oak IL',
    'ce, Iowa',
    'hick NC',
    // Distinctive places: the indexes of the place, filtered by the state.
    'junction Michigan',
    'cedar Iowa',
    'Oakwood1 Georgia',
    // A state alone: the text as typed, then the state's shortest names.
    'Iowa',
    'NE',
  ];
  const containing = await assertRankedLikeWholeTable(t, app.db, alice.user.id, queries, serviceSearch);
  for (const [q, count] of containing) t.true(count > 0, q);
});

test('a typo with a state finds the state\u2019s departments close to the place, even behind shorter ones elsewhere', async (t) => {
  // "hickory" is in 1,200 names across 4 states: the fuzzy tier's 100 candidates are taken in the state.
  const found = await searchDepartments(alice.user, 'hickry KY', app.db);
  t.true(found.length > 0);
  for (const d of found) t.is(d.state, 'KY', d.name);
});
