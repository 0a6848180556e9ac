/**
 * One expiry input (docs/decisions/one-expiry-input.md): a certification's or a license's expiry is typed once, as a
 * year, a month (MM/YYYY) or a full date (YYYY-MM-DD or MM/DD/YYYY); the spec's stored fields are derived from it
 * (a certification's year and precise expiry; a license's status, never asked). Old API clients keep working.
 */
import test from 'ava';
import { startTestApp, clientAs, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { CERTIFICATION_MESSAGES, certifications } from '../../src/validation/lists/certifications';
import { expirySuggestion, type CatalogueEntryJson } from '../../src/validation/catalogue';
import { LICENSE_MESSAGES } from '../../src/validation/lists/licenses';
import { listItemModel } from '../../src/models/ListItem';
import { licenses } from '../../src/validation/lists/licenses';
import type { ListDefinition } from '../../src/validation/lists';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

const cert = { name: 'Hazmat Technician', issuer: 'State Fire Academy', year: 2024 };
const license = { name: 'Driver License Class B', type: 'State DMV', issued: '2020' };

async function ownerApi() {
  const owner = await createUser();
  const profile = await createProfileFor(owner);
  return { owner, profile, api: clientAs(app, owner) };
}

test('a certification takes its expiry as a year, a month or a full date, and stores the year and the precise expiry', async (t) => {
  const { profile, api } = await ownerApi();
  const base = `/api/profiles/${profile.id}/certifications`;
  const cases: Array<[string, { expires: number; expiresOn: string | null }]> = [
    ['2098', { expires: 2098, expiresOn: null }],
    ['03/2098', { expires: 2098, expiresOn: '03/2098' }],
    ['2098-03-15', { expires: 2098, expiresOn: '03/15/2098' }],
    ['03/15/2098', { expires: 2098, expiresOn: '03/15/2098' }],
  ];
  for (const [typed, stored] of cases) {
    const saved = await api.post(base, { ...cert, expires: typed });
    t.is(saved.status, 201, `${typed}: ${JSON.stringify(saved.body)}`);
    t.like(saved.body, { ...stored, status: 'current' }, typed);
  }
});

test('a certification expiry typed as "03/2028" after a suggested year saves in one step (no second field to agree with)', async (t) => {
  const { profile, api } = await ownerApi();
  const saved = await api.post(`/api/profiles/${profile.id}/certifications`, { ...cert, expires: '03/2028' });
  t.is(saved.status, 201, JSON.stringify(saved.body));
  t.like(saved.body, { expires: 2028, expiresOn: '03/2028' });

  // A later edit to a year alone drops the month; a blank expiry clears both (a permanent certification).
  const item = `/api/profiles/${profile.id}/certifications/id:${saved.body.id}`;
  const year = await api.patch(item, { expires: '2029' });
  t.like(year.body, { expires: 2029, expiresOn: null });
  const cleared = await api.patch(item, { expires: '' });
  t.like(cleared.body, { expires: null, expiresOn: null, status: 'permanent' });
});

test('an unreadable expiry is a 400 with a message saying what is accepted, and nothing is stored', async (t) => {
  const { profile, api } = await ownerApi();
  const base = `/api/profiles/${profile.id}/certifications`;
  for (const bad of ['13/2028', '02/30/2028', 'next spring', '2028-13-01']) {
    const refused = await api.post(base, { ...cert, expires: bad });
    t.is(refused.status, 400, bad);
    t.is(refused.body.fields.expires, CERTIFICATION_MESSAGES.expiresFormat, bad);
  }
  const licenseBad = await api.post(`/api/profiles/${profile.id}/licenses`, { ...license, expires: '31/2028' });
  t.is(licenseBad.status, 400);
  t.is(licenseBad.body.fields.expires, LICENSE_MESSAGES.expiresFormat);
  const listed = await api.get(`/api/profiles/own/${profile.id}`);
  t.deepEqual([listed.body.certifications.length, listed.body.licenses.length], [0, 0]);
});

test('old API clients: the year with the precise expiry, or the precise expiry alone, keep working; disagreeing ones are refused', async (t) => {
  const { profile, api } = await ownerApi();
  const base = `/api/profiles/${profile.id}/certifications`;
  const both = await api.post(base, { ...cert, expires: 2099, expiresOn: '11/2099' });
  t.like(both.body, { expires: 2099, expiresOn: '11/2099' });
  const preciseAlone = await api.post(base, { ...cert, expiresOn: '03/31/2099' });
  t.like(preciseAlone.body, { expires: 2099, expiresOn: '03/31/2099' });
  const yearNumber = await api.post(base, { ...cert, expires: 2097 });
  t.like(yearNumber.body, { expires: 2097, expiresOn: null });
  const mismatch = await api.post(base, { ...cert, expires: 2030, expiresOn: '03/2031' });
  t.is(mismatch.status, 400);
  t.is(mismatch.body.fields.expiresOn, CERTIFICATION_MESSAGES.expiresOnYear);
});

test('a license saves without a status; its stored and presented status come from the expiry', async (t) => {
  const { profile, api } = await ownerApi();
  const base = `/api/profiles/${profile.id}/licenses`;
  const now = new Date();
  const soon = `${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
  const cases: Array<[string, string, string]> = [
    ['2099-04-15', '04/15/2099', 'active'],
    ['12/2099', '12/2099', 'active'],
    ['2099', '2099', 'active'],
    [soon, soon, 'expiring'],
    ['01/02/2001', '01/02/2001', 'expired'],
  ];
  for (const [typed, expires, status] of cases) {
    const saved = await api.post(base, { ...license, expires: typed });
    t.is(saved.status, 201, `${typed}: ${JSON.stringify(saved.body)}`);
    t.like(saved.body, { expires, status }, typed);
    const row = await listItemModel(licenses as unknown as ListDefinition)
      .query()
      .findById(saved.body.id);
    t.is((row as unknown as { status: string }).status, status, `${typed}: the stored status is derived`);
  }
});

test('an old client sending a status it made up gets the status the expiry gives', async (t) => {
  const { profile, api } = await ownerApi();
  const saved = await api.post(`/api/profiles/${profile.id}/licenses`, {
    ...license,
    expires: '01/2001',
    status: 'active',
  });
  t.is(saved.status, 201);
  t.is(saved.body.status, 'expired');
  const moved = await api.patch(`/api/profiles/${profile.id}/licenses/id:${saved.body.id}`, { expires: '06/2099' });
  t.is(moved.body.status, 'active', 'a new expiry moves the status');
  const refused = await api.post(`/api/profiles/${profile.id}/licenses`, {
    ...license,
    expires: '06/2099',
    status: 'x',
  });
  t.is(refused.status, 400);
  t.is(refused.body.fields.status, LICENSE_MESSAGES.statusChoice);
});

test('the catalogue suggests an expiry only into an empty field, and never one already past', (t) => {
  const entry: CatalogueEntryJson = { id: 1, name: 'EMT', issuer: 'NREMT', validityMonths: 24, kind: 'certification' };
  const fill = certifications.catalogue!;
  const now = new Date(2026, 10, 29);
  t.is(expirySuggestion(fill, entry, { year: 2025, expires: '' }, now), 2027);
  t.is(expirySuggestion(fill, entry, { year: 2025, expires: '03/2028' }, now), undefined, 'what was typed stays');
  t.is(expirySuggestion(fill, entry, { year: 2020, expires: null }, now), undefined, 'a renewed card: 2022 is past');
  t.is(expirySuggestion(fill, entry, { year: 2024, expires: null }, now), 2026, 'this year is not past yet');
  const dated = licenses.catalogue!;
  t.is(expirySuggestion(dated, entry, { issued: '10/2024', expires: '' }, now), undefined, '10/2026 ended');
  t.is(expirySuggestion(dated, entry, { issued: '11/2024', expires: '' }, now), '11/2026');
});

test('without script: the add form posts "03/2028" once and both stored fields follow; a license posts no status', async (t) => {
  const { profile, api } = await ownerApi();
  const posted = await api.postForm(`/profiles/${profile.id}/lists/certifications`, {
    ...cert,
    year: '2024',
    expires: '03/2028',
    visibility: 'public',
  });
  t.is(posted.status, 303);
  const [stored] = (await api.get(`/api/profiles/${profile.id}/certifications`)).body;
  t.like(stored, { expires: 2028, expiresOn: '03/2028' });
  t.is(
    posted.headers.get('location'),
    `/profiles/${profile.id}?edit=1&saved=certifications:${stored.id}#item-certifications-${stored.id}`,
  );

  const bad = await api.postForm(`/profiles/${profile.id}/lists/certifications`, {
    ...cert,
    year: '2024',
    expires: '3/28',
  });
  t.is(bad.status, 400);
  t.true(bad.text.includes(CERTIFICATION_MESSAGES.expiresFormat), 'the message beside the field');
  t.true(bad.text.includes('value="3/28"'), 'what was typed is kept');

  const license = await api.postForm(`/profiles/${profile.id}/lists/licenses`, {
    name: 'EMT-B',
    type: 'State',
    issued: '2021',
    expires: '2099-01-31',
  });
  t.is(license.status, 303);
  t.like((await api.get(`/api/profiles/${profile.id}/licenses`)).body[0], { expires: '01/31/2099', status: 'active' });
});
