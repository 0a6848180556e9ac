/**
 * Expiry dates precise enough to remind (docs/decisions/expiry-reminders.md): a certification takes a month or a full date beside its
 * year, a license a full date beside MM/YYYY; the year-only and MM/YYYY forms keep working; status and order
 * follow the most precise value, on the API and on the page.
 */
import test from 'ava';
import { startTestApp, clientAs, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { CERTIFICATION_MESSAGES } from '../../src/validation/lists/certifications';
import { LICENSE_MESSAGES } from '../../src/validation/lists/licenses';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

const cert = { name: 'NREMT EMT', issuer: 'NREMT', year: 2024 };
const license = { name: 'State EMT', type: 'EMS', issued: '2020', status: 'active' };

test('a certification takes a month or a full date; the year is filled from it and must match it', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner);
  const base = `/api/profiles/${profile.id}/certifications`;
  const api = clientAs(app, owner);

  const dated = await api.post(base, { ...cert, expiresOn: '03/31/2099' });
  t.is(dated.status, 201, JSON.stringify(dated.body));
  t.like(dated.body, { expires: 2099, expiresOn: '03/31/2099', status: 'current' });

  const monthOnly = await api.post(base, { ...cert, expires: 2099, expiresOn: '11/2099' });
  t.like(monthOnly.body, { expires: 2099, expiresOn: '11/2099' });

  const yearOnly = await api.post(base, { ...cert, expires: 2098 });
  t.like(yearOnly.body, { expires: 2098, expiresOn: null, status: 'current' }, 'the spec form stays valid');

  const mismatch = await api.post(base, { ...cert, expires: 2030, expiresOn: '03/2031' });
  t.is(mismatch.status, 400);
  t.is(mismatch.body.fields.expiresOn, CERTIFICATION_MESSAGES.expiresOnYear);

  for (const bad of ['02/30/2031', '13/2031', '2031-13-01']) {
    const refused = await api.post(base, { ...cert, expiresOn: bad });
    t.is(refused.status, 400, bad);
    t.is(refused.body.fields.expiresOn, CERTIFICATION_MESSAGES.expiresOnFormat, bad);
  }

  const patched = await api.patch(`${base}/id:${yearOnly.body.id}`, { expiresOn: '01/15/2097' });
  t.is(patched.status, 200, JSON.stringify(patched.body));
  t.like(patched.body, { expires: 2097, expiresOn: '01/15/2097' }, 'a patch of the date alone moves the year');
});

test('a license takes MM/DD/YYYY as well as MM/YYYY; its status follows the day', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner);
  const base = `/api/profiles/${profile.id}/licenses`;
  const api = clientAs(app, owner);

  const day = await api.post(base, { ...license, expires: '04/15/2099' });
  t.is(day.status, 201, JSON.stringify(day.body));
  t.like(day.body, { expires: '04/15/2099', status: 'active' });
  const lapsed = await api.post(base, { ...license, expires: '01/02/2001' });
  t.like(lapsed.body, { status: 'expired' });
  const month = await api.post(base, { ...license, expires: '12/2099' });
  t.like(month.body, { expires: '12/2099' });

  const bad = await api.post(base, { ...license, expires: '02/30/2099' });
  t.is(bad.status, 400);
  t.is(bad.body.fields.expires, LICENSE_MESSAGES.expiresFormat);

  const page = await api.get(`/profiles/${profile.id}?widget=licenses`, { headers: { Accept: 'text/html' } });
  t.true(page.text.includes('Expires 04/15/2099'));
  const order = ['Expired 01/02/2001', 'Expires 12/2099', 'Expires 04/15/2099'].map((s) => page.text.indexOf(s));
  t.deepEqual(
    [...order].sort((a, b) => a - b),
    order,
    'expired first, then the most time left first',
  );
});

test('the profile page shows a certification by its precise expiry', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner);
  await clientAs(app, owner).post(`/api/profiles/${profile.id}/certifications`, { ...cert, expiresOn: '05/2099' });
  const page = await clientAs(app, owner).get(`/profiles/${profile.id}?widget=certifications`, {
    headers: { Accept: 'text/html' },
  });
  t.true(page.text.includes('Expires 05/2099'));
});
