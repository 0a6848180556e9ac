/** The credential catalogue (docs/decisions/credential-catalogue.md): seeded entries, search, validation, caching. */
import test from 'ava';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { CATALOGUE_MAX_RESULTS, suggestExpiry, type CatalogueEntryJson } from '../../src/validation/catalogue';
import { filterForWidget } from '../../src/validation/profileWidgets';

let app: TestApp;
test.before(async () => {
  app = await startTestApp();
});
test.after.always(async () => {
  await app?.close();
});

const search = async (query: string) => app.client().get<CatalogueEntryJson[]>(`/api/credentials/catalogue${query}`);

test('"EMT" finds the NREMT entries, the EMT one first, with issuer and 24-month validity', async (t) => {
  const res = await search('?q=EMT');
  t.is(res.status, 200);
  t.regex(res.headers.get('cache-control') ?? '', /public, max-age=\d+/);
  const first = res.body[0]!;
  t.like(first, {
    name: 'Emergency Medical Technician (EMT)',
    issuer: 'National Registry of Emergency Medical Technicians (NREMT)',
    validityMonths: 24,
    kind: 'certification',
  });
  t.true(res.body.some((entry) => entry.name === 'Advanced EMT (AEMT)'));
  t.deepEqual(Object.keys(first).sort(), ['id', 'issuer', 'kind', 'name', 'validityMonths']);
});

test('the seeded catalogue holds what the issue lists, validity null where it does not expire', async (t) => {
  const byName = async (q: string) => (await search(`?q=${encodeURIComponent(q)}`)).body;
  t.like((await byName('Firefighter I'))[0], { name: 'Firefighter I', validityMonths: null });
  t.like((await byName('red card'))[0], { validityMonths: 12 });
  t.like((await byName('ACLS'))[0], { issuer: 'American Heart Association', validityMonths: 24 });
  t.is((await byName('ICS-')).length, 4);
  t.is((await byName('Fire Officer')).length, 4);
  t.truthy((await byName('IS-800'))[0]);
  // A name prefix ranks above a containment.
  t.is((await byName('fire'))[0]!.name.startsWith('Fire'), true);
  t.true((await byName('fire')).length <= CATALOGUE_MAX_RESULTS);
});

test('short, pattern-like and unknown queries find nothing; a kind narrows', async (t) => {
  t.deepEqual((await search('?q=E')).body, []);
  t.deepEqual((await search('')).body, []);
  t.deepEqual((await search('?q=%25%25')).body, []);
  t.deepEqual((await search('?q=zzzz')).body, []);
  t.deepEqual((await search('?q=EMT&kind=license')).body, []);
  t.true((await search('?q=EMT&kind=certification')).body.length > 0);
});

test('bad query values are 400 with a message, never 500', async (t) => {
  const kind = await search('?q=EMT&kind=diploma');
  t.is(kind.status, 400);
  t.regex(JSON.stringify(kind.body), /kind must be certification or license/);
  t.is((await search('?q=EMT&q=BLS')).status, 400);
});

test('suggested expiry: issue year or date plus the usual validity, in the field’s form', (t) => {
  t.is(suggestExpiry(24, 2025, 'year'), 2027);
  t.is(suggestExpiry(24, '2025', 'year'), 2027);
  t.is(suggestExpiry(12, 'last spring', 'year'), null);
  t.is(suggestExpiry(null, 2025, 'year'), null);
  t.is(suggestExpiry(24, '03/2025', 'date'), '03/2027');
  t.is(suggestExpiry(12, '11/2025', 'date'), '11/2026');
  t.is(suggestExpiry(24, '02/29/2024', 'date'), '02/28/2026');
  t.is(suggestExpiry(6, '2025-08-31', 'date'), '02/28/2026');
  t.is(suggestExpiry(24, '2025', 'date'), null);
});

test('the edit page’s certification and license forms post the name without JavaScript (a named combobox)', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner);
  // An empty profile's sections open from the Add menu, each with its add form (docs/decisions/guided-start.md).
  for (const widget of ['certifications', 'licenses'] as const) {
    const page = await clientAs(app, owner).get<string>(
      `/profiles/${profile.id}?edit=1&add=${filterForWidget(widget)}`,
      { headers: { Accept: 'text/html' } },
    );
    t.is(page.status, 200);
    const comboboxes = page.text.match(/<input[^>]*role="combobox"[^>]*>/g) ?? [];
    const named = comboboxes.filter((input) => /name="name"/.test(input));
    t.is(named.length, 1, `the ${widget} add form`);
  }
});
