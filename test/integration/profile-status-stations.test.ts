/**
 * Status updates and fire stations on the profile page (spec 02 §3): their sections show each viewer the items
 * their visibility allows (visitor, member, owner), the main profile only those marked for it, their linked
 * photo, and edit mode gives both the list editor, whose plain add form stores an item without JavaScript.
 */
import test from 'ava';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { insertPhotoFor } from '../helpers/photos';
import { FIRE_STATION_MESSAGES } from '../../src/validation/lists/fireStations';
import { STATUS_UPDATE_MESSAGES } from '../../src/validation/lists/statusUpdates';

let app: TestApp;
let owner: CreatedUser;
let member: CreatedUser;
let id: number;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
  owner = await createUser({ name: 'Sam Stations' });
  member = await createUser({ name: 'Mo Member' });
  id = (await createProfileFor(owner, { defaultVisibility: 'public' })).id;
  const photo = await insertPhotoFor(id, { caption: 'Deployment photo' });
  const privatePhoto = await insertPhotoFor(id, { caption: 'Private station photo', visibility: 'private' });
  const add = async (list: string, item: Record<string, unknown>) => {
    const res = await clientAs(app, owner).post(`/api/profiles/${id}/${list}`, item);
    if (res.status !== 201) throw new Error(`${list}: ${res.status} ${JSON.stringify(res.body)}`);
  };
  const update = { type: 'deployment', date: '2024-06-01', showOnMainProfile: true };
  await add('status-updates', {
    ...update,
    title: 'Public update',
    content: 'Deployed to the wildfire line.',
    priority: 'high',
    visibility: 'public',
    photo: photo.id,
  });
  await add('status-updates', {
    ...update,
    title: 'Members update',
    content: 'Crew news.',
    visibility: 'authenticated',
  });
  await add('status-updates', { ...update, title: 'Private update', content: 'Owner only.', visibility: 'private' });
  await add('status-updates', {
    title: 'Off main update',
    content: 'Only when expanded.',
    visibility: 'public',
    showOnMainProfile: false,
  });
  const station = { showOnMainProfile: true, visibility: 'public' };
  await add('fire-stations', {
    ...station,
    stationName: 'Public station',
    stationNumber: '4',
    position: 'Engineer',
    startYear: '2015',
    location: 'Austin, TX',
    apparatus: 'Engine 4',
    specialties: ['Hazmat', 'Swift water'],
    stationPhoto: privatePhoto.id,
  });
  await add('fire-stations', { ...station, stationName: 'Members station', visibility: 'authenticated' });
  await add('fire-stations', { ...station, stationName: 'Private station', visibility: 'private' });
});
test.after.always(async () => {
  await app?.close();
});

const html = { headers: { Accept: 'text/html' } };
const page = async (viewer: CreatedUser | null, query = '') => {
  const res = await clientAs(app, viewer).get(`/profiles/${id}${query}`, html);
  if (res.status !== 200) throw new Error(`status ${res.status}`);
  return res.text as string;
};
/** The markup of one section (from its heading to the end of its frame). */
const section = (text: string, key: string) => {
  const start = text.indexOf(`id="section-${key}"`);
  return start < 0 ? '' : text.slice(start, text.indexOf('</section>', start));
};

const VIEWERS = [
  { name: 'visitor', viewer: () => null, sees: ['Public'], not: ['Members', 'Private'] },
  { name: 'member', viewer: () => member, sees: ['Public', 'Members'], not: ['Private'] },
  { name: 'owner', viewer: () => owner, sees: ['Public', 'Members', 'Private'], not: [] },
];
for (const { name, viewer, sees, not } of VIEWERS) {
  test(`${name}: sees the status updates and fire stations their visibility allows`, async (t) => {
    const text = await page(viewer());
    const updates = section(text, 'statusUpdates');
    const stations = section(text, 'fireStations');
    t.true(updates.includes('>Status Updates<'), 'the section has its title');
    t.true(stations.includes('>Fire Stations<'));
    for (const prefix of sees) {
      t.true(updates.includes(`${prefix} update`), `${prefix} update shown`);
      t.true(stations.includes(`${prefix} station`), `${prefix} station shown`);
    }
    for (const prefix of not) {
      t.false(text.includes(`${prefix} update`), `${prefix} update hidden`);
      t.false(text.includes(`${prefix} station`), `${prefix} station hidden`);
    }
    t.false(updates.includes('Off main update'), 'not marked for the main profile: only in the expanded view');
  });
}

test('the read views: type, priority, date, content, the station line and the photo the viewer may see', async (t) => {
  const updates = section(await page(null, '?widget=status-updates'), 'statusUpdates');
  t.true(updates.includes('Off main update'), 'the expanded view shows every item');
  t.true(updates.includes('Deployment') && updates.includes('High priority') && updates.includes('2024-06-01'));
  t.true(updates.includes('Deployed to the wildfire line.'));
  t.true(updates.includes('alt="Deployment photo"'), 'the linked public photo');

  const stations = section(await page(null, '?widget=fire-stations'), 'fireStations');
  t.true(stations.includes('Station 4') && stations.includes('Engineer') && stations.includes('2015–present'));
  t.true(stations.includes('Engine 4') && stations.includes('Hazmat, Swift water'), 'details when expanded');
  t.false(stations.includes('Private station photo'), 'a private photo never shows to a visitor');
  t.true(
    section(await page(owner, '?widget=fire-stations'), 'fireStations').includes('alt="Private station photo"'),
    'the owner sees it',
  );
});

test('edit mode: both sections get the list editor; the owner sees the empty states as invitations', async (t) => {
  const editing = await page(owner, '?edit=1');
  t.regex(section(editing, 'statusUpdates'), /data-island="ListEditor"/);
  t.regex(section(editing, 'fireStations'), /data-island="ListEditor"/);

  const other = await createUser({ name: 'Empty Lists' });
  const emptyId = (await createProfileFor(other, { defaultVisibility: 'public' })).id;
  const own = (await clientAs(app, other).get(`/profiles/${emptyId}`, html)).text as string;
  t.true(own.includes('Add your first status update') && own.includes('Add the first fire station you served at'));
  const visitor = (await clientAs(app, null).get(`/profiles/${emptyId}/public`, html)).text as string;
  t.false(visitor.includes('section-statusUpdates') || visitor.includes('section-fireStations'), 'no empty sections');
});

for (const { path, key, fields, required, message, stored } of [
  {
    path: 'status-updates',
    key: 'statusUpdates',
    fields: { title: 'Plain form update', content: 'Posted without script', type: 'training', priority: 'low' },
    required: 'content',
    message: STATUS_UPDATE_MESSAGES.contentRequired,
    stored: 'Plain form update',
  },
  {
    path: 'fire-stations',
    key: 'fireStations',
    fields: { stationName: 'Plain form station', stationNumber: '9', position: 'Captain' },
    required: 'stationName',
    message: FIRE_STATION_MESSAGES.stationNameRequired,
    stored: 'Plain form station',
  },
]) {
  test.serial(`the plain add form stores a ${key} item and refuses a missing field with its message`, async (t) => {
    const refused = await clientAs(app, owner).postForm(`/profiles/${id}/lists/${path}`, {
      ...fields,
      [required]: '',
      visibility: 'public',
    });
    t.is(refused.status, 400);
    t.true((refused.text as string).includes(message));

    const res = await clientAs(app, owner).postForm(`/profiles/${id}/lists/${path}`, {
      ...fields,
      visibility: 'public',
      showOnMainProfile: 'true',
    });
    t.is(res.status, 303);
    const listed = (await clientAs(app, owner).get(`/api/profiles/${id}/${path}`)).body as Array<
      Record<string, unknown>
    >;
    const itemId = String(listed.at(-1)!.id);
    t.is(res.headers.get('location'), `/profiles/${id}?edit=1&saved=${key}:${itemId}#item-${key}-${itemId}`);
    t.like(listed.at(-1), { ...fields, visibility: 'public', showOnMainProfile: true });
    t.true(section(await page(null), key).includes(stored), 'a visitor sees it');
  });
}
