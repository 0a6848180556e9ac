/** Profile lists API (spec 02 §§3–7): every list's add/patch/delete, who may write, 404s, If-Match, concurrency, visibility. */
import test from 'ava';
import { startTestApp, type HttpClient, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { LISTS, LIST_MESSAGES } from '../../src/validation/lists';
import { TIMELINE_MESSAGES } from '../../src/validation/lists/timeline';
import { INCIDENT_MESSAGES } from '../../src/validation/lists/incidents';
import { SKILL_MESSAGES } from '../../src/validation/lists/skills';
import { GEAR_MESSAGES } from '../../src/validation/lists/gear';
import { AWARD_MESSAGES } from '../../src/validation/lists/awards';
import { CERTIFICATION_MESSAGES } from '../../src/validation/lists/certifications';
import { LICENSE_MESSAGES } from '../../src/validation/lists/licenses';
import { SPECIAL_UNIT_MESSAGES } from '../../src/validation/lists/specialUnits';
import { STATUS_UPDATE_MESSAGES } from '../../src/validation/lists/statusUpdates';
import { FIRE_STATION_MESSAGES } from '../../src/validation/lists/fireStations';
import { AWARD_ICONS, CERTIFICATION_ICONS, LICENSE_ICONS } from '../../src/validation/lists/icons';
import { presentProfileLists } from '../../src/presenters/lists';
import { LIST_SAMPLES as SAMPLES } from '../helpers/listSamples';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

function as(account: CreatedUser | null): HttpClient {
  const client = app.client();
  if (account) client.bearer = account.token;
  return client;
}

/** What a sample reads back as: blanks are null, a number typed as text is a number. */
const expected = (fields: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, v === '' ? null : k === 'yearsExperience' ? Number(v) : v]),
  );

test('every list: the owner adds, patches (by index and by id) and deletes, and the values read back', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner, { defaultVisibility: 'authenticated' });
  for (const list of LISTS) {
    const sample = SAMPLES[list.path]!;
    const base = `/api/profiles/${profile.id}/${list.path}`;
    const first = await as(owner).post(base, sample.add);
    t.is(first.status, 201, `${list.path}: ${JSON.stringify(first.body)}`);
    t.like(first.body, {
      index: 0,
      version: 1,
      showOnMainProfile: true,
      visibility: list.defaultVisibility ?? 'authenticated',
    });
    const added = list.path === 'certifications' ? { ...sample.add, year: 2014 } : sample.add;
    t.like(first.body, expected(added), list.path);
    t.is(first.headers.get('etag'), `"${first.body.id}.1"`);
    if (list.ownerOnly) {
      const refused = await as(owner).post(base, { ...sample.add, visibility: 'public' });
      t.is(refused.status, 400, `${list.path}: an owner-only item is never public`);
      t.like(refused.body, { fields: { visibility: LIST_MESSAGES.ownerOnly } });
    }
    const shown = list.ownerOnly ? 'private' : 'public';
    const second = await as(owner).post(base, { ...sample.add, visibility: shown });
    t.like(second.body, { index: 1, visibility: shown });

    const patched = await as(owner).patch(`${base}/0`, sample.patch);
    t.is(patched.status, 200, `${list.path}: ${JSON.stringify(patched.body)}`);
    t.like(patched.body, { id: first.body.id, version: 2, ...expected(sample.patch) }, list.path);
    const byId = await as(owner).patch(`${base}/id:${second.body.id}`, { showOnMainProfile: false });
    t.like(byId.body, { id: second.body.id, index: 1, showOnMainProfile: false });

    t.is((await as(owner).delete(`${base}/0`)).status, 204);
    const rest = await as(owner).get(base);
    t.is(rest.body.length, 1);
    t.like(rest.body[0], { id: second.body.id, index: 0 }, `${list.path}: the items after a deleted one move up`);
  }
});

test('writes: a visitor 401, another member 403 on a live profile and 404 on a draft; admins may', async (t) => {
  const owner = await createUser();
  const other = await createUser();
  const admin = await createUser({ role: 'admin' });
  const live = await createProfileFor(owner);
  const draftOwner = await createUser();
  const draft = await createProfileFor(draftOwner, { profileStatus: 'draft' });
  const body = SAMPLES.gear!.add;
  t.is((await as(null).post(`/api/profiles/${live.id}/gear`, body)).status, 401);
  t.is((await as(other).post(`/api/profiles/${live.id}/gear`, body)).status, 403);
  t.is((await as(other).post(`/api/profiles/${draft.id}/gear`, body)).status, 404);
  t.is((await as(admin).post(`/api/profiles/${live.id}/gear`, body)).status, 201);
  t.is((await as(null).patch(`/api/profiles/${live.id}/gear/0`, { years: '1' })).status, 401);
  t.is((await as(other).patch(`/api/profiles/${live.id}/gear/0`, { years: '1' })).status, 403);
  t.is((await as(other).delete(`/api/profiles/${live.id}/gear/0`)).status, 403);
  t.is((await app.db('profile_gear').where('profileId', live.id)).length, 1);
  t.is((await app.db('profile_gear').where('profileId', live.id).first()).years, body.years);
});

test('an index past the end, an unknown id or a malformed item is a 404 `Item not found`, on every list', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner);
  const base = `/api/profiles/${profile.id}/awards`;
  await as(owner).post(base, SAMPLES.awards!.add);
  const refs = ['1', '99', 'id:999999', 'abc', '-1', '01', 'id:x', 'id:0', 'id:99999999999', '1.5', 'id%3A1x'];
  for (const item of refs) {
    for (const res of [
      await as(owner).patch(`${base}/${item}`, { ceremony: 'x' }),
      await as(owner).delete(`${base}/${item}`),
    ]) {
      t.is(res.status, 404, item);
      t.deepEqual(res.body, { error: LIST_MESSAGES.itemNotFound }, item);
    }
  }
  for (const list of LISTS) {
    for (const item of ['abc', 'id:x', '99']) {
      const res = await as(owner).delete(`/api/profiles/${profile.id}/${list.path}/${item}`);
      t.deepEqual([res.status, res.body], [404, { error: LIST_MESSAGES.itemNotFound }], `${list.path}/${item}`);
    }
  }
});

test('each add rule answers its message (spec 02 §5)', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner);
  const cases: Array<[string, Record<string, unknown>, Record<string, string>]> = [
    [
      'timeline',
      {},
      {
        year: TIMELINE_MESSAGES.yearRequired,
        event: TIMELINE_MESSAGES.eventRequired,
        type: TIMELINE_MESSAGES.typeRequired,
      },
    ],
    [
      'incidents',
      { type: '', severity: '' },
      {
        date: INCIDENT_MESSAGES.dateRequired,
        location: INCIDENT_MESSAGES.locationRequired,
        title: INCIDENT_MESSAGES.titleRequired,
        description: INCIDENT_MESSAGES.descriptionRequired,
        department: INCIDENT_MESSAGES.departmentRequired,
      },
    ],
    [
      'skills',
      { name: '  ' },
      {
        name: SKILL_MESSAGES.nameRequired,
        category: SKILL_MESSAGES.categoryRequired,
        level: SKILL_MESSAGES.levelRequired,
      },
    ],
    [
      'gear',
      {},
      {
        name: GEAR_MESSAGES.nameRequired,
        station: GEAR_MESSAGES.stationRequired,
        years: GEAR_MESSAGES.yearsRequired,
        description: GEAR_MESSAGES.descriptionRequired,
      },
    ],
    [
      'awards',
      { type: 'gold' },
      { name: AWARD_MESSAGES.nameRequired, year: AWARD_MESSAGES.yearRequired, type: AWARD_MESSAGES.typeRequired },
    ],
    [
      'certifications',
      {},
      {
        name: CERTIFICATION_MESSAGES.nameRequired,
        issuer: CERTIFICATION_MESSAGES.issuerRequired,
        year: CERTIFICATION_MESSAGES.yearRequired,
      },
    ],
    [
      'certifications',
      { year: 'last year', expires: 'soon' },
      { year: CERTIFICATION_MESSAGES.yearNumeric, expires: CERTIFICATION_MESSAGES.expiresFormat },
    ],
    [
      'licenses',
      {},
      {
        name: LICENSE_MESSAGES.nameRequired,
        type: LICENSE_MESSAGES.typeRequired,
        issued: LICENSE_MESSAGES.issuedRequired,
        expires: LICENSE_MESSAGES.expiresRequired,
      },
    ],
    ['licenses', { expires: '13/2025' }, { expires: LICENSE_MESSAGES.expiresFormat }],
    ['licenses', { expires: '2025-02-30' }, { expires: LICENSE_MESSAGES.expiresFormat }],
    [
      'special-units',
      {},
      {
        name: SPECIAL_UNIT_MESSAGES.nameRequired,
        years: SPECIAL_UNIT_MESSAGES.yearsRequired,
        description: SPECIAL_UNIT_MESSAGES.descriptionRequired,
      },
    ],
    [
      'status-updates',
      {},
      { title: STATUS_UPDATE_MESSAGES.titleRequired, content: STATUS_UPDATE_MESSAGES.contentRequired },
    ],
    ['fire-stations', {}, { stationName: FIRE_STATION_MESSAGES.stationNameRequired }],
    ['gear', { ...SAMPLES.gear!.add, visibility: 'friends' }, { visibility: LIST_MESSAGES.visibility }],
  ];
  for (const [path, body, fields] of cases) {
    const res = await as(owner).post(`/api/profiles/${profile.id}/${path}`, body);
    t.is(res.status, 400, path);
    t.like(res.body.fields, fields, `${path} ${JSON.stringify(body)}`);
  }
  // The stored rule: an update may keep a legacy YYYY expiry, with its own message for anything else.
  await as(owner).post(`/api/profiles/${profile.id}/licenses`, SAMPLES.licenses!.add);
  const legacy = await as(owner).patch(`/api/profiles/${profile.id}/licenses/0`, { expires: '2024' });
  t.is(legacy.status, 200);
  const bad = await as(owner).patch(`/api/profiles/${profile.id}/licenses/0`, { expires: '2024-12' });
  t.is(bad.status, 400);
  t.is(bad.body.fields.expires, LICENSE_MESSAGES.expiresStoredFormat);
  t.is((await app.db('profile_licenses').where('profileId', profile.id)).length, 1);
});

test('If-Match with a stale version is a 412 and changes nothing; the current one succeeds', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner);
  const base = `/api/profiles/${profile.id}/skills`;
  const added = await as(owner).post(base, SAMPLES.skills!.add);
  const firstTag = added.headers.get('etag')!;
  const changed = await as(owner).patch(`${base}/0`, { level: 'beginner' }, { headers: { 'If-Match': firstTag } });
  t.is(changed.status, 200);
  const stale = await as(owner).patch(`${base}/0`, { level: 'intermediate' }, { headers: { 'If-Match': firstTag } });
  t.is(stale.status, 412);
  t.is(stale.body.error, LIST_MESSAGES.stale);
  t.is((await as(owner).delete(`${base}/0`, { headers: { 'If-Match': '"1"' } })).status, 412);
  const stored = await app.db('profile_skills').where('profileId', profile.id).first();
  t.like(stored, { level: 'beginner', version: 2 });
  t.is((await as(owner).patch(`${base}/0`, { level: 'expert' }, { headers: { 'If-Match': '2' } })).status, 200);
  // A tag names its item: after the first is deleted, the second's index 0 does not match the old tag.
  await as(owner).post(base, SAMPLES.skills!.add);
  const tag = `"${stored.id}.3"`;
  t.is((await as(owner).delete(`${base}/0`, { headers: { 'If-Match': tag } })).status, 204);
  t.is((await as(owner).delete(`${base}/0`, { headers: { 'If-Match': tag } })).status, 412);
});

test('50 concurrent appends keep all 50 items, at positions 0..49', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner);
  const responses = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      as(owner).post(`/api/profiles/${profile.id}/timeline`, {
        year: String(1980 + i),
        event: `Event ${i}`,
        type: 'milestone',
      }),
    ),
  );
  t.deepEqual(
    responses.map((r) => r.status),
    Array(50).fill(201),
  );
  const rows = await app.db('profile_timeline').where('profileId', profile.id).orderBy('position');
  t.deepEqual(
    rows.map((r) => r.position),
    Array.from({ length: 50 }, (_, i) => i),
  );
  t.is(new Set(rows.map((r) => r.event)).size, 50);
});

test('visibility: a private item never reaches a visitor or another member, in the API or the page', async (t) => {
  const owner = await createUser();
  const other = await createUser();
  const admin = await createUser({ role: 'admin' });
  const profile = await createProfileFor(owner);
  const base = `/api/profiles/${profile.id}/awards`;
  const canary = 'Canary-Private-Award-7f3a';
  await as(owner).post(base, { name: canary, year: '2020', type: 'medal', visibility: 'private' });
  await as(owner).post(base, { name: 'Members Only Award', year: '2020', type: 'medal', visibility: 'authenticated' });
  await as(owner).post(base, { name: 'Public Award', year: '2021', type: 'medal', visibility: 'public' });
  const names = async (who: CreatedUser | null) =>
    ((await as(who).get(base)).body as Array<{ name: string }>).map((i) => i.name).sort();
  t.deepEqual(await names(null), ['Public Award']);
  t.deepEqual(await names(other), ['Members Only Award', 'Public Award']);
  t.deepEqual(await names(owner), [canary, 'Members Only Award', 'Public Award'].sort());
  t.deepEqual(await names(admin), [canary, 'Members Only Award', 'Public Award'].sort());
  for (const who of [null, other]) {
    for (const path of [
      `/profiles/${profile.id}`,
      `/profiles/${profile.id}/public`,
      `/profiles/${profile.id}?widget=awards`,
    ]) {
      const page = await as(who).get(path, { headers: { Accept: 'text/html' } });
      t.is(page.status, 200);
      t.true(page.text.includes('Public Award'), path);
      t.false(page.text.includes(canary), path);
    }
  }
  const ownPage = await as(owner).get(`/profiles/${profile.id}?widget=awards`, { headers: { Accept: 'text/html' } });
  t.true(ownPage.text.includes(canary));
});

test('license expiration (spec 02 §6): shown when unset, per its own visibility otherwise', async (t) => {
  const owner = await createUser();
  const other = await createUser();
  const profile = await createProfileFor(owner);
  const base = `/api/profiles/${profile.id}/licenses`;
  const add = SAMPLES.licenses!.add;
  t.is((await as(owner).post(base, add)).body.expirationVisibility, null, 'none chosen: unset');
  await as(owner).post(base, { ...add, name: 'Blank expiry', expirationVisibility: '' });
  await as(owner).post(base, { ...add, name: 'Public expiry', expirationVisibility: 'public' });
  await as(owner).post(base, { ...add, name: 'Members expiry', expirationVisibility: 'authenticated' });
  await as(owner).post(base, { ...add, name: 'Private expiry', expirationVisibility: 'private' });
  const expiries = async (who: CreatedUser | null) =>
    Object.fromEntries(
      ((await as(who).get(base)).body as Array<{ name: string; expires: string | null }>).map((i) => [
        i.name,
        i.expires,
      ]),
    );
  const shown = '12/2099';
  t.deepEqual(await expiries(null), {
    'EMT-Basic': shown,
    'Blank expiry': shown,
    'Public expiry': shown,
    'Members expiry': null,
    'Private expiry': null,
  });
  t.deepEqual(await expiries(other), {
    'EMT-Basic': shown,
    'Blank expiry': shown,
    'Public expiry': shown,
    'Members expiry': shown,
    'Private expiry': null,
  });
  t.deepEqual(await expiries(owner), {
    'EMT-Basic': shown,
    'Blank expiry': shown,
    'Public expiry': shown,
    'Members expiry': shown,
    'Private expiry': shown,
  });
  // Clearing a chosen visibility makes it unset again.
  t.is((await as(owner).patch(`${base}/4`, { expirationVisibility: '' })).status, 200);
  t.is((await expiries(null))['Private expiry'], shown);
});

test('license status: hidden with the expiry it would hint at (visitor, member, owner)', async (t) => {
  const owner = await createUser();
  const member = await createUser();
  const profile = await createProfileFor(owner);
  const base = `/api/profiles/${profile.id}/licenses`;
  const lapsed = { ...SAMPLES.licenses!.add, expires: '01/2001' };
  await as(owner).post(base, { ...lapsed, name: 'Unset expiry' });
  await as(owner).post(base, { ...lapsed, name: 'Members expiry', expirationVisibility: 'authenticated' });
  await as(owner).post(base, { ...lapsed, name: 'Private expiry', expirationVisibility: 'private' });
  const seen = async (who: CreatedUser | null) =>
    Object.fromEntries(
      ((await as(who).get(base)).body as Array<{ name: string; status: string | null; expires: string | null }>).map(
        (i) => [i.name, { status: i.status, expires: i.expires }],
      ),
    );
  const shown = { status: 'expired', expires: '01/2001' };
  const hidden = { status: null, expires: null };
  t.deepEqual(await seen(null), { 'Unset expiry': shown, 'Members expiry': hidden, 'Private expiry': hidden });
  t.deepEqual(await seen(member), { 'Unset expiry': shown, 'Members expiry': shown, 'Private expiry': hidden });
  t.deepEqual(await seen(owner), { 'Unset expiry': shown, 'Members expiry': shown, 'Private expiry': shown });

  // The page shows the status badge with the expiry, and none where the expiry is hidden.
  const page = async (who: CreatedUser | null) =>
    (await as(who).get(`/profiles/${profile.id}?widget=licenses`, { headers: { Accept: 'text/html' } })).text;
  t.true((await page(null)).includes('Expired 01/2001'), 'visitor: the unset one');
  await as(owner).delete(`${base}/1`);
  await as(owner).delete(`${base}/0`); // only 'Private expiry' is left
  t.false((await page(null)).includes('>Expired<'), 'visitor');
  t.false((await page(member)).includes('>Expired<'), 'member');
  t.true((await page(owner)).includes('>Expired<'), 'owner');
});

test.serial('loadProfileLists reads every list in one statement, ordered by the computed rules', async (t) => {
  const { loadProfileLists } = await import('../../src/services/lists');
  const owner = await createUser();
  const profile = await createProfileFor(owner);
  for (const list of LISTS) {
    for (let i = 0; i < 3; i++)
      await as(owner).post(`/api/profiles/${profile.id}/${list.path}`, {
        visibility: list.ownerOnly ? 'private' : 'public',
        ...SAMPLES[list.path]!.add,
      });
  }
  await as(owner).post(`/api/profiles/${profile.id}/licenses`, {
    ...SAMPLES.licenses!.add,
    name: 'Old',
    expires: '01/2001',
    expirationVisibility: 'authenticated',
  });
  let queries = 0;
  const count = () => (queries += 1);
  app.db.on('query', count);
  const stored = await loadProfileLists(null, profile);
  app.db.off('query', count);
  t.is(queries, 1);
  const lists = presentProfileLists(stored, null, owner.user.id, { now: new Date(), sort: 'newest' });
  for (const list of LISTS)
    if (list.ownerOnly) t.deepEqual(lists[list.key], [], `${list.key}: a visitor is given none`);
    else t.true(lists[list.key]!.length >= 3, list.key);
  t.like(lists.licenses![0], { name: 'Old', status: null, expires: null }, 'expired first; both hidden from a visitor');
  const own = presentProfileLists(stored, owner.user, owner.user.id, { now: new Date(), sort: 'newest' });
  t.like(own.licenses![0], { name: 'Old', status: 'expired', expires: '01/2001' });
});

test('nested lists: each row is checked with its own rule; blank rows are dropped; tags are trimmed', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner);
  const base = `/api/profiles/${profile.id}`;
  const skill = { name: 'Rope rescue', category: 'firefighter', level: 'expert' };

  const incident = { date: '2021', location: 'Elm St', title: 'Fire', description: 'Big', department: 'AFD' };
  const refusals: Array<[string, Record<string, unknown>, string, string]> = [
    [
      'skills',
      { ...skill, endorsements: [{ endorserName: 'Capt. Reyes' }, { endorserTitle: 'Captain', comment: 'Steady' }] },
      'endorsements[1].endorserName',
      SKILL_MESSAGES.endorserRequired,
    ],
    [
      'awards',
      { name: 'Medal', year: '2020', type: 'medal', mediaLinks: [{ title: 'No URL', type: 'news' }] },
      'mediaLinks[0].url',
      AWARD_MESSAGES.mediaUrlRequired,
    ],
    [
      'incidents',
      { ...incident, mediaUrls: [{ url: 'https://news.example/a', type: 'tabloid' }] },
      'mediaUrls[0].type',
      LIST_MESSAGES.invalidChoice('Media type'),
    ],
  ];
  for (const [path, item, field, message] of refusals) {
    const res = await as(owner).post(`${base}/${path}`, item);
    t.is(res.status, 400, path);
    t.is(res.body.fields[field], message, path);
  }

  const added = await as(owner).post(`${base}/skills`, {
    ...skill,
    certifications: [' Rope Tech ', '', 'Rescue Tech I'],
    endorsements: [
      { endorserName: ' Capt. Reyes ', endorserTitle: '' },
      { endorserName: '', comment: '  ' },
    ],
  });
  t.is(added.status, 201);
  t.deepEqual(added.body.certifications, ['Rope Tech', 'Rescue Tech I']);
  t.is(added.body.endorsements.length, 1, 'the blank row is dropped');
  t.is(added.body.endorsements[0].endorserName, 'Capt. Reyes');

  // A PATCH replaces the nested list and is checked the same way; a refused one changes nothing.
  const item = `${base}/skills/id:${added.body.id}`;
  const refused = await as(owner).patch(item, { endorsements: [{ comment: 'no name' }] });
  t.is(refused.status, 400);
  t.is(refused.body.fields['endorsements[0].endorserName'], SKILL_MESSAGES.endorserRequired);
  const patched = await as(owner).patch(item, {
    endorsements: [...added.body.endorsements, { endorserName: 'Lt. Chen', endorserDepartment: 'Austin FD' }],
  });
  t.is(patched.status, 200);
  t.deepEqual(
    patched.body.endorsements.map((e: { endorserName: string }) => e.endorserName),
    ['Capt. Reyes', 'Lt. Chen'],
  );
  const tooMany = await as(owner).patch(item, { certifications: Array.from({ length: 51 }, (_, i) => `Cert ${i}`) });
  t.is(tooMany.status, 400);
  t.is(tooMany.body.fields.certifications, LIST_MESSAGES.tooMany('Certifications', 50));
});

test('icons: only the set of each list is accepted on write; an unknown icon is refused and changes nothing', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner);
  const base = `/api/profiles/${profile.id}`;
  const cases: Array<[string, Record<string, unknown>, readonly string[]]> = [
    ['awards', { name: 'Medal', year: '2020', type: 'medal' }, AWARD_ICONS],
    ['certifications', { name: 'FF II', issuer: 'TCFP', year: 2014 }, CERTIFICATION_ICONS],
    ['licenses', { name: 'EMT', type: 'EMS', issued: '2016', expires: '12/2099', status: 'active' }, LICENSE_ICONS],
  ];
  for (const [path, item, icons] of cases) {
    const unknown = await as(owner).post(`${base}/${path}`, { ...item, icon: 'no-such-icon' });
    t.is(unknown.status, 400, path);
    t.is(unknown.body.fields.icon, LIST_MESSAGES.invalidChoice('Icon'), path);
    t.is(unknown.body.error, 'Please choose a valid icon');
    for (const icon of icons) {
      const res = await as(owner).post(`${base}/${path}`, { ...item, icon });
      t.is(res.status, 201, `${path} ${icon}`);
      t.is(res.body.icon, icon);
    }
    const res = await as(owner).post(`${base}/${path}`, { ...item, icon: '' });
    t.is(res.body.icon, null, 'a blank icon is none');
    const refused = await as(owner).patch(`${base}/${path}/id:${res.body.id}`, { icon: 'Medal<script>' });
    t.is(refused.status, 400);
    const after = await as(owner).get(`${base}/${path}`);
    t.is(after.body.at(-1).icon, null, 'the refused icon was not stored');
  }
  t.is(AWARD_ICONS.length, 12, 'twelve award icons (spec 02 §3)');
});
