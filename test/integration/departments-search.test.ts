/** GET /api/departments/search over the full seeded registry extract (3,216 official departments). */
import test from 'ava';
import { startTestApp, type HttpClient, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import type { DepartmentJson } from '../../src/validation/departments';
import { assertRankedLikeWholeTable } from '../helpers/departmentRanking';

let app: TestApp;
let alice: CreatedUser;
let bob: CreatedUser;

test.before(async () => {
  app = await startTestApp();
  alice = await createUser({ name: 'Alice Search' });
  bob = await createUser({ name: 'Bob Search' });
  const base = { city: 'Quorvale', state: 'ZZ', country: 'US' };
  await app.db('departments').insert([
    {
      ...base,
      name: 'Zyxquor Rejected Fire Department',
      source: 'official',
      verification_status: 'rejected',
      fdid: 'ZZ001',
    },
    {
      ...base,
      name: 'Zyxquor Verified Volunteers',
      source: 'user_added',
      verification_status: 'verified',
      created_by: bob.user.id,
    },
    {
      ...base,
      name: 'Zyxquor Pending of Alice',
      source: 'user_added',
      verification_status: 'pending',
      created_by: alice.user.id,
    },
    {
      ...base,
      name: 'Zyxquor Pending of Bob',
      source: 'user_added',
      verification_status: 'pending',
      created_by: bob.user.id,
    },
    {
      ...base,
      name: 'Zyxquor Rejected of Alice',
      source: 'user_added',
      verification_status: 'rejected',
      created_by: alice.user.id,
    },
  ]);
  // The shipped registry has Springfields in MA, OH, OR and TN, none in Illinois or Iowa: departments users
  // added there (verified), with the state as users type it.
  const added = { country: 'US', source: 'user_added', verification_status: 'verified', created_by: bob.user.id };
  await app.db('departments').insert([
    { ...added, name: 'Springfield Fire Department', city: 'Springfield', state: 'IL' },
    { ...added, name: 'Springfield Township Fire Protection District', city: 'Springfield', state: 'IL' },
    { ...added, name: 'West Springfield Volunteer Fire Department', city: 'Riverton', state: 'Illinois' },
    { ...added, name: 'Sangamon County Fire Protection District', city: 'Springfield', state: 'il' },
    { ...added, name: 'Cedar Rapids Fire Department', city: 'Cedar Rapids', state: 'IA' },
    { ...added, name: 'Cedar Rapids Volunteer Fire Department', city: 'Cedar Rapids', state: 'NE' },
    { ...added, name: 'Bluefield Fire Department', city: 'Bluefield', state: 'Virginia' },
    // A place word found as a name prefix, as word starts (one in another state) and inside a shorter name.
    { ...added, name: 'Quorvik Fire Department', city: 'Nome', state: 'AK' },
    { ...added, name: 'North Quorvik Volunteer Fire Department', city: 'Nome', state: 'AK' },
    { ...added, name: 'Upquorvik Fire', city: 'Nome', state: 'AK' },
    { ...added, name: 'South Quorvik Fire Department', city: 'Austin', state: 'TX' },
  ]);
});
test.after.always(async () => {
  await app?.close();
});

function as(user: CreatedUser): HttpClient {
  const client = app.client();
  client.bearer = user.token;
  return client;
}

async function search(user: CreatedUser, q: string): Promise<DepartmentJson[]> {
  const res = await as(user).get<DepartmentJson[]>(`/api/departments/search?q=${encodeURIComponent(q)}`);
  if (res.status !== 200) throw new Error(`search ${q}: ${res.status} ${res.text}`);
  return res.body;
}

/** 0 exact name, 1 name prefix, 2 anything else (case-insensitive). */
const category = (name: string, q: string) => {
  const n = name.toLowerCase();
  const query = q.toLowerCase().trim();
  return n === query ? 0 : n.startsWith(query) ? 1 : 2;
};

test('the seed loads all 3,216 official departments, verified', async (t) => {
  const count = async (where: Record<string, string>) =>
    Number(
      (
        (await app.db('departments').where(where).whereNot('state', 'ZZ').count('* as count')) as { count: string }[]
      )[0]!.count,
    );
  t.is(await count({ source: 'official' }), 3216);
  t.is(await count({ source: 'official', verification_status: 'verified' }), 3216);
});

test('ranking: exact name matches first, then name prefixes, then fuzzy matches on the distinctive word', async (t) => {
  const results = await search(alice, 'Troy Fire Department');
  t.deepEqual(
    results.slice(0, 3).map((d) => d.name),
    ['Troy Fire Department', 'Troy Fire Department', 'Troy Fire Department Station 12'],
  );
  const categories = results.map((d) => category(d.name, 'Troy Fire Department'));
  t.deepEqual(categories.slice(0, 3), [0, 0, 1]);
  t.deepEqual(
    categories,
    [...categories].sort((a, b) => a - b),
  );
  // The exact matches are the Troy departments of two states; fuzzy ones follow.
  t.deepEqual(
    results
      .slice(0, 2)
      .map((d) => d.state)
      .sort(),
    ['MI', 'MT'],
  );
  // "fire" and "department" narrow nothing (docs/decisions/department-search.md): every result is about Troy — it contains
  // "troy", or a word of it is a fuzzy match for "troy" — so fewer than ten is the right answer.
  t.true(results.length > 3 && results.length <= 10, String(results.length));
  const rows = (await app
    .db('departments')
    .whereIn(
      'id',
      results.map((d) => d.id),
    )
    .select('id', app.db.raw("word_similarity('troy', search_text) as troy"))) as { id: number; troy: number }[];
  t.is(rows.length, results.length);
  for (const row of rows) t.true(row.troy >= 0.55, `${row.id}: ${row.troy}`);
  t.true(
    results.some((d) => d.name === 'Troy Fire Protection District'),
    'a Troy department by fuzzy match',
  );
});

test('ranking never puts a weaker category above a stronger one', async (t) => {
  for (const q of [
    'West End Fire Company',
    'Hamilton Fire Department',
    'Batavia Fire Department',
    'hamilton',
    'spring',
    'marion fire department',
    'aurora',
  ]) {
    const categories = (await search(alice, q)).map((d) => category(d.name, q));
    t.deepEqual(
      categories,
      [...categories].sort((a, b) => a - b),
      q,
    );
  }
});

test('matching ignores letter case and surrounding spaces', async (t) => {
  const upper = await search(alice, 'TROY FIRE DEPARTMENT');
  const spaced = await search(alice, '   troy   fire department  ');
  const plain = await search(alice, 'Troy Fire Department');
  t.deepEqual(
    upper.map((d) => d.id),
    plain.map((d) => d.id),
  );
  t.deepEqual(
    spaced.map((d) => d.id),
    plain.map((d) => d.id),
  );
});

test('fuzzy (trigram) matches over name and city: typos and a city name find departments', async (t) => {
  t.is((await search(alice, 'bristle bay'))[0]?.name, 'Bristol Bay Borough Fire Department');
  t.true((await search(alice, 'sprngfield')).filter((d) => d.name.includes('Springfield')).length > 3);
  const byCity = await search(alice, 'Naknek');
  t.deepEqual(
    byCity.map((d) => d.name),
    ['Bristol Bay Borough Fire Department'],
  );
  t.is(byCity[0]!.city, 'Naknek');
});

test('a renamed department is found by a typo of its new name, no longer by its old one', async (t) => {
  const [row] = await app
    .db('departments')
    .insert({ name: 'Wexhollow Fire Company', city: 'Tarnby', state: 'ZZ', country: 'US', source: 'official' })
    .returning('id');
  const names = async (q: string) => (await search(alice, q)).map((d) => d.name);
  t.deepEqual(await names('wexholow'), ['Wexhollow Fire Company']);
  await app.db('departments').where({ id: row.id }).update({ name: 'Brindlemoor Fire Company', city: 'Quillsby' });
  t.deepEqual(await names('brindlemor'), ['Brindlemoor Fire Company']);
  t.deepEqual(await names('quilsby'), ['Brindlemoor Fire Company']);
  t.deepEqual(await names('wexholow'), []);
});

test('control characters in the query are spaces: a NUL byte searches the rest, never a 500', async (t) => {
  for (const q of ['troy\u0000fire', 'troy\u0007 fire', '\u0000troy fire\u0000']) {
    const res = await as(alice).get(`/api/departments/search?q=${encodeURIComponent(q)}`);
    t.is(res.status, 200, JSON.stringify(q));
    t.deepEqual(
      (res.body as { id: number }[]).map((d) => d.id),
      (await search(alice, 'troy fire')).map((d) => d.id),
      JSON.stringify(q),
    );
  }
});

test('a query under 2 characters (after trimming) answers 200 []', async (t) => {
  for (const q of ['', 'a', ' a ', '     ', '\t']) {
    const res = await as(alice).get(`/api/departments/search?q=${encodeURIComponent(q)}`);
    t.is(res.status, 200, JSON.stringify(q));
    t.deepEqual(res.body, [], JSON.stringify(q));
  }
  const none = await as(alice).get('/api/departments/search');
  t.is(none.status, 200);
  t.deepEqual(none.body, []);
  t.true((await search(alice, ' ma ')).length > 0, 'two characters are enough');
});

test('never more than 10 results', async (t) => {
  for (const q of ['ma', 'fire', 'fire department', 'co', 'volunteer', 'township', 'de']) {
    const results = await search(alice, q);
    t.is(results.length, 10, q);
  }
});

test('a query parameter sent twice is refused at the edge, not reduced to one of its values', async (t) => {
  const res = await as(alice).get('/api/departments/search?q=fire&q=zz');
  t.is(res.status, 400);
  t.is(res.body.error, 'Query parameter q must be given once');
});

test('short queries (2–3 characters) find only departments containing them, no fuzzy guesses', async (t) => {
  t.deepEqual(await search(alice, 'zq'), []);
  t.deepEqual(await search(alice, 'qxz'), []);
  for (const q of ['ak', 'nak', 'ma']) {
    for (const d of await search(alice, q)) t.true(`${d.name} ${d.city}`.toLowerCase().includes(q), `${q}: ${d.name}`);
  }
});

test('LIKE wildcards in the query are literal characters', async (t) => {
  t.deepEqual(await search(alice, '%%'), []);
  t.deepEqual(await search(alice, '__'), []);
  t.deepEqual(await search(alice, '%_%_'), []);
});

test('quotes and backslashes in the query are plain characters (the embedded database passes them as literals)', async (t) => {
  t.is((await search(alice, "Green's Cross"))[0]?.name, "Green's Crossroad Volunteer Fire Department");
  t.deepEqual(await search(alice, "x' or ''='"), []);
  t.deepEqual(await search(alice, '\\\\'), []);
  t.deepEqual(await search(alice, "\\'; drop table departments; --"), []);
  t.true((await search(alice, 'troy fire')).length > 0);
});

test('rejected departments are never offered; pending ones are offered to every signed-in user, marked', async (t) => {
  const expected = ['Zyxquor Pending of Alice', 'Zyxquor Pending of Bob', 'Zyxquor Verified Volunteers'];
  t.deepEqual((await search(alice, 'Zyxquor')).map((d) => d.name).sort(), expected);
  t.deepEqual((await search(bob, 'Zyxquor')).map((d) => d.name).sort(), expected);
  const [bobs] = await search(alice, 'Zyxquor Pending of Bob');
  t.like(bobs, { name: 'Zyxquor Pending of Bob', verificationStatus: 'pending' });
  t.deepEqual(
    await search(alice, 'Zyxquor Rejected Fire Department').then((r) =>
      r.filter((d) => d.verificationStatus === 'rejected'),
    ),
    [],
  );
});

test('results have the department JSON shape', async (t) => {
  const [first] = await search(alice, 'Bristol Bay Borough Fire Department');
  t.deepEqual(Object.keys(first!).sort(), [
    'address',
    'address2',
    'city',
    'country',
    'county',
    'id',
    'name',
    'source',
    'state',
    'verificationStatus',
    'zipCode',
  ]);
  t.like(first, {
    name: 'Bristol Bay Borough Fire Department',
    address: '2 Main ST',
    address2: null,
    city: 'Naknek',
    county: 'Bristol Bay',
    state: 'AK',
    zipCode: '99633',
    country: 'US',
    source: 'official',
    verificationStatus: 'verified',
  });
});

test('search needs sign-in', async (t) => {
  const res = await app.client().get('/api/departments/search?q=troy');
  t.is(res.status, 401);
});

/** The Illinois Springfields above, in the search's order: name prefix, then a later word; shorter first. */
const ILLINOIS_SPRINGFIELDS = [
  'Springfield Fire Department',
  'Springfield Township Fire Protection District',
  'West Springfield Volunteer Fire Department',
  'Sangamon County Fire Protection District',
];

test('a trailing state code or name narrows to that state: "Springfield IL" finds the Illinois Springfields', async (t) => {
  const expected = await search(alice, 'Springfield IL');
  t.deepEqual(
    expected.slice(0, 4).map((d) => d.name),
    ILLINOIS_SPRINGFIELDS,
  );
  // Only Illinois: the state as stored ("IL") or as a user typed it ("Illinois", "il").
  for (const d of expected) t.true(['IL', 'Illinois', 'il'].includes(d.state), `${d.name}, ${d.state}`);
  for (const q of [
    'springfield il',
    'Springfield, IL',
    'Springfield, Illinois',
    'SPRINGFIELD ILLINOIS',
    'Springfield IL.',
  ]) {
    t.deepEqual(
      (await search(alice, q)).map((d) => d.id),
      expected.map((d) => d.id),
      q,
    );
  }
  // Without the state, Springfields of every state, as before.
  t.deepEqual(new Set((await search(alice, 'Springfield')).map((d) => d.state.toUpperCase())).size > 2, true);
});

test('a city of two words and a state of two words: "Cedar Rapids Iowa", "New York NY"', async (t) => {
  const iowa = await search(alice, 'Cedar Rapids Iowa');
  t.deepEqual(
    iowa.map((d) => [d.name, d.state]),
    [['Cedar Rapids Fire Department', 'IA']],
  );
  t.deepEqual(
    (await search(alice, 'cedar rapids, ia')).map((d) => d.id),
    iowa.map((d) => d.id),
  );
  t.deepEqual(
    (await search(alice, 'Cedar Rapids Nebraska')).map((d) => d.state),
    ['NE'],
  );
  const newYork = await search(alice, 'New York NY');
  t.deepEqual(
    newYork.slice(0, 2).map((d) => d.name),
    ['New York Mills Fire Department', 'Dunkirk New York Fire Department'],
  );
  for (const d of newYork) t.is(d.state, 'NY', d.name);
});

test('"West Virginia" is West Virginia, "Virginia" is Virginia; a comma separates the state from the place', async (t) => {
  const states = async (q: string) => [...new Set((await search(alice, q)).map((d) => d.state))];
  t.deepEqual(await states('Bluefield West Virginia'), ['WV']);
  t.deepEqual(await states('bluefield, west virginia'), ['WV']);
  t.deepEqual(await states('Bluefield Virginia'), ['Virginia']);
  t.deepEqual(await states('Bluefield WV'), ['WV']);
  t.deepEqual(await states('Bluefield VA'), ['Virginia']);
  // Both places without a state.
  t.deepEqual((await states('Bluefield')).sort(), ['Virginia', 'WV']);
});

test('a state code that is also a word, or a state name that is also a place: the text as typed ranks first', async (t) => {
  // "Co" is Colorado and the abbreviation of Company: the Hose Companies stay (ten of the 16), none dropped for Colorado's.
  const hose = await search(alice, 'Hose Co');
  t.is(hose.length, 10);
  for (const d of hose) t.true(`${d.name} ${d.city}`.toLowerCase().includes('hose co'), d.name);
  // "Fort Washington" (Maryland) is a place, then Washington state's "fort…" departments follow.
  const fort = await search(alice, 'Fort Washington');
  t.is(fort[0]?.name, 'Allentown Road Volunteer Fire Department (Prince Georges County Fire Department)');
  for (const d of fort.slice(1)) t.is(d.state, 'WA', d.name);
  // A state alone is text first: "in" is in hundreds of names, so no Indiana filter shows.
  const lone = await search(alice, 'IN');
  t.is(lone.length, 10);
  for (const d of lone) t.true(`${d.name} ${d.city}`.toLowerCase().includes('in'), d.name);
  // "Indiana": the three departments containing it (one in Pennsylvania), then Indiana's departments.
  const indiana = await search(alice, 'Indiana');
  t.is(indiana.length, 10);
  t.deepEqual(
    indiana
      .slice(0, 3)
      .map((d) => d.state)
      .sort(),
    ['IN', 'IN', 'PA'],
  );
  for (const d of indiana.slice(3)) t.true(['IN', 'Indiana'].includes(d.state), d.name);
});

test('every answer with or without a state agrees with the whole-table ranking on its containing matches', async (t) => {
  const queries = [
    'Springfield',
    'Springfield IL',
    'Cedar Rapids',
    'Troy Fire Department',
    'fire department, Ohio',
    'Hose Co',
    'Indiana',
    'WV',
    'ak',
  ];
  await assertRankedLikeWholeTable(t, app.db, alice.user.id, queries, (q) => search(alice, q));
});

test('a word starting with the query ranks above a shorter name containing it inside, as typed and in a state', async (t) => {
  const names = async (q: string) => (await search(alice, q)).map((d) => d.name);
  // Name prefix, then word starts (shorter first), then the shorter name that has it only inside a word.
  t.deepEqual((await names('quorvik')).slice(0, 4), [
    'Quorvik Fire Department',
    'South Quorvik Fire Department',
    'North Quorvik Volunteer Fire Department',
    'Upquorvik Fire',
  ]);
  // In a state reading the state's departments keep the same order, and Texas's is left out.
  t.deepEqual((await names('Quorvik AK')).slice(0, 3), [
    'Quorvik Fire Department',
    'North Quorvik Volunteer Fire Department',
    'Upquorvik Fire',
  ]);
  t.false((await names('Quorvik AK')).includes('South Quorvik Fire Department'));
});

test('a typo with a state: the place\u2019s close matches in that state only', async (t) => {
  const found = await search(alice, 'Sprngfield IL');
  for (const name of ILLINOIS_SPRINGFIELDS)
    t.true(
      found.some((d) => d.name === name),
      name,
    );
  for (const d of found) t.true(['IL', 'Illinois', 'il'].includes(d.state), `${d.name}, ${d.state}`);
});

test('a department moved to another state is found by a typo with its new state, no longer with its old one', async (t) => {
  const [row] = await app
    .db('departments')
    .insert({ name: 'Quillmoor Fire Company', city: 'Tarnby', state: 'OH', country: 'US', source: 'user_added' })
    .returning('id');
  const names = async (q: string) => (await search(alice, q)).map((d) => d.name);
  t.deepEqual(await names('quilmoor OH'), ['Quillmoor Fire Company']);
  t.deepEqual(await names('quilmoor IN'), []);
  await app.db('departments').where({ id: row.id }).update({ state: 'Indiana' });
  t.deepEqual(await names('quilmoor OH'), []);
  t.deepEqual(await names('quilmoor, Indiana'), ['Quillmoor Fire Company']);
});
