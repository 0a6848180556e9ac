/**
 * Full-page screenshots of every page of the app at 375 px and 1280 px, deterministically, so a refactor can
 * prove every page still looks the same (compare two runs with scripts/compare-screenshots.ts).
 *
 *   npm run build:islands && npx tsx scripts/screenshots.ts OUT_DIR      (or: npm run screenshots -- OUT_DIR)
 *
 * It builds nothing: the islands must be built. It starts the real app as the integration tests do
 * (test/helpers/app.ts over a fresh database cloned from the migrated template, TEST_DATABASE_URL — default
 * postgres://postgres@127.0.0.1:5432/postgres), with a fake AI model server (test/helpers/fakeAi.ts) so the AI
 * logs and the editor's AI assist exist, and seeds fixed data through the app's HTTP API: a super admin, beta
 * codes, a blacklist, an owner with a rich live profile (every list, every visibility, photos linked to a
 * timeline event, an incident, an award and as the profile image, a folder, departments incl. a pending one),
 * a second member without a profile and an inactive third user. Then every timestamp the database filled in
 * is set to a fixed value and the sample profile's today-relative dates are frozen (see `freezeClockData`),
 * and the app is restarted so no page kept in a cache predates that. Photo storage keys (random) are replaced
 * by keys derived from the photo ids. Each page is then opened for its viewer in Chromium, scrolled through
 * (lazy images, islands hydrated when visible), its random port written as localhost:3000 where the page
 * shows the site's address, and saved as OUT_DIR/<name>-<width>.png. SHOTS_ONLY=<regex> captures only the
 * pages whose names match. The exit code is 1 when a page failed (wrong status, a redirect, a page error,
 * an image that did not load).
 *
 * Known limits: license/certification statuses are computed from today, so only far-past and far-future
 * expiries are seeded (no "expiring" state is shown); the admin beta-code stats count codes expired by today.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MANIFEST_PATH } from '../src/render/manifest';
import { startTestApp, type HttpClient, type TestApp } from '../test/helpers/app';
import { launchBrowser, waitForIslands } from '../test/helpers/browser';
import { chatReply, startFakeAi, type FakeAiServer } from '../test/helpers/fakeAi';
import { createUser } from '../test/helpers/users';

const WIDTHS = [375, 1280] as const;
const VIEWPORT_HEIGHT: Record<(typeof WIDTHS)[number], number> = { 375: 812, 1280: 900 };
/** Every timestamp the database sets itself becomes this plus the row's id in minutes (rows keep their order). */
const FIXED_TIME = '2024-03-01T12:00:00Z';
/** The app listens on a random port; pages that print the site's address (the custom URL) show this instead. */
const STABLE_HOST = 'localhost:3000';
const FREEZE_CSS = `*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}`;
/** Columns holding "when this happened" that the database or the services fill with the current time. */
const CLOCK_COLUMNS = [
  'created_at',
  'updated_at',
  'added_at',
  'used_at',
  'created_date',
  'upload_date',
  'timestamp',
  'feedback_timestamp',
];
/** Tables whose times decide whether a sign-in or a reset link still works: never touched. */
const CLOCK_SKIP_TABLES = ['sessions', 'password_reset_tokens', 'knex_migrations', 'knex_migrations_lock'];

type Viewer = 'visitor' | 'owner' | 'member' | 'admin';

interface Account {
  email: string;
  password: string;
}

interface Seeded {
  accounts: Record<Exclude<Viewer, 'visitor'>, Account>;
  profileId: number;
  username: string;
}

interface Shot {
  name: string;
  viewer: Viewer;
  path: string;
  /** The path (and query) the page must end on; defaults to `path` (a redirect elsewhere is an error). */
  finalPath?: string;
  status?: number;
}

// ---------------------------------------------------------------------------------------------------------
// Seeding, through the HTTP API as each user.

async function call<T = any>(
  client: HttpClient,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<T> {
  const res = await client.request<T>(method, url, body);
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.text.slice(0, 500)}`);
  return res.body;
}

/** A small photo: a coloured background with a few shapes (no text: fonts would make it machine-dependent). */
async function photoDataUrl(width: number, height: number, background: string, accent: string, format: 'png' | 'jpeg') {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect x="${width * 0.1}" y="${height * 0.55}" width="${width * 0.8}" height="${height * 0.3}" fill="${accent}"/>` +
      `<circle cx="${width * 0.75}" cy="${height * 0.3}" r="${height * 0.15}" fill="#ffffff" fill-opacity="0.8"/>` +
      `</svg>`,
  );
  const image = sharp({ create: { width, height, channels: 3, background } }).composite([{ input: svg }]);
  const bytes = await (format === 'png' ? image.png() : image.jpeg({ quality: 90 })).toBuffer();
  return `data:image/${format};base64,${bytes.toString('base64')}`;
}

async function seed(app: TestApp, ai: FakeAiServer): Promise<Seeded> {
  const password = 'turnout-screens-2024';
  const admin = await createUser({
    name: 'Alex Admin',
    email: 'alex.admin@turnout.example',
    role: 'super_admin',
    password,
  });
  const adminApi = app.client();
  adminApi.bearer = admin.token;

  // Invite codes (one expired long ago, one deactivated) and a blacklist.
  await call(adminApi, 'POST', '/api/admin/beta-codes', {
    code: 'CREW-2024',
    maxUses: 10,
    expiresAt: '2099-12-31T00:00:00Z',
    notes: 'Station 7 crew',
  });
  await call(adminApi, 'POST', '/api/admin/beta-codes', {
    code: 'ACADEMY-2019',
    maxUses: 25,
    expiresAt: '2020-01-01T00:00:00Z',
    notes: 'Academy class 19-1 (expired)',
  });
  const paused = await call(adminApi, 'POST', '/api/admin/beta-codes', { code: 'PAUSED-CODE', maxUses: 3, notes: '' });
  await call(adminApi, 'PATCH', `/api/admin/beta-codes/${paused.id}/deactivate`);
  await call(adminApi, 'POST', '/api/admin/blacklist', {
    type: 'email',
    value: 'spammer@example.net',
    reason: 'Repeated fake sign-ups',
  });
  await call(adminApi, 'POST', '/api/admin/blacklist', {
    type: 'domain',
    value: 'disposable.example',
    reason: 'Throwaway e-mail provider',
  });

  // Three members registered with the crew code.
  const register = async (name: string, email: string) => {
    const client = app.client();
    const { token } = await call(client, 'POST', '/api/auth/register', {
      name,
      email,
      password,
      inviteCode: 'crew-2024',
    });
    client.cookies.clear();
    client.bearer = token;
    return client;
  };
  const owner = await register('Casey Morgan', 'casey.morgan@turnout.example');
  const member = await register('Riley Chen', 'riley.chen@turnout.example');
  const inactive = await register('Jamie Ortiz', 'jamie.ortiz@turnout.example');
  const inactiveUser = await call(inactive, 'GET', '/api/auth/me');
  await call(adminApi, 'PATCH', `/api/admin/users/${inactiveUser.user.id}/status`, { isActive: false });

  // Departments: a verified one for the profile, a second link, and pending ones the admin sees.
  const [springfield] = await call(owner, 'GET', '/api/departments/search?q=springfield');
  const [other] = await call(owner, 'GET', '/api/departments/search?q=county');
  if (!springfield || !other) throw new Error('the reference departments are missing');
  await call(owner, 'POST', '/api/departments/create', {
    name: 'Lakeside Volunteer Fire Company',
    city: 'Lakeside',
    state: 'OR',
    county: 'Coos',
    country: 'USA',
  });
  await call(member, 'POST', '/api/departments/create', {
    name: 'Pine Ridge Fire Rescue',
    city: 'Pine Ridge',
    state: 'SD',
    country: 'USA',
  });

  // The owner's profile: created as a draft, filled in, made live, with a custom URL.
  const profile = await call(owner, 'POST', '/api/profiles', {
    name: 'Casey Morgan',
    rank: 'Captain',
    departmentId: springfield.id,
    phone: '(555) 010-2024',
    email: 'casey.morgan@turnout.example',
    website: 'https://casey-morgan.example',
    linkedin: 'https://www.linkedin.com/in/casey-morgan-example',
    twitter: 'https://x.com/caseymorgan_ff',
    instagram: 'https://instagram.com/caseymorgan.ff',
    role: 'Company Officer',
  });
  const id = profile.id as number;
  if (other.id !== springfield.id) await call(owner, 'POST', '/api/departments/user', { departmentId: other.id });
  await call(owner, 'PATCH', `/api/profiles/${id}`, {
    title: 'Engine 7 Company Officer',
    badgeNumber: '0712',
    motto: 'Everyone goes home.',
    currentStatus: 'On duty — B Shift',
    personalStatement:
      'Nineteen years in the fire service, from volunteer probie to captain of Engine 7. I run our recruit ' +
      'extrication module and care most about training the next crew to come home safe.',
    defaultVisibility: 'public',
    fieldVisibility: { phone: 'authenticated', email: 'public' },
  });
  await call(owner, 'PATCH', `/api/profiles/${id}/status`, { profileStatus: 'live' });
  const username = 'casey-morgan';
  await call(owner, 'PATCH', '/api/auth/username', { username });

  const add = async (list: string, item: Record<string, unknown>) =>
    (await call(owner, 'POST', `/api/profiles/${id}/${list}`, { visibility: 'public', ...item })).id as number;

  const hired = await add('timeline', {
    year: '2005',
    date: '2005-06-06',
    event: 'Hired as a firefighter',
    type: 'hired',
    department: springfield.name,
    position: 'Firefighter',
    location: 'Station 1',
    isPrimary: true,
    description: 'Recruit class 05-2, assigned to Truck 1.',
  });
  await add('timeline', {
    year: '2009',
    event: 'Completed Fire Officer I',
    type: 'training_completed',
    description: 'Evening classes at the county academy.',
  });
  await add('timeline', {
    year: '2014',
    date: '2014-02-16',
    event: 'Promoted to Lieutenant',
    type: 'promoted',
    position: 'Lieutenant',
    location: 'Station 3',
    visibility: 'authenticated',
  });
  await add('timeline', {
    year: '2019',
    date: '2019-04-01',
    event: 'Promoted to Captain',
    type: 'promoted',
    position: 'Captain',
    location: 'Station 7',
  });
  await add('timeline', {
    year: '2021',
    event: 'Private note: considering the battalion chief exam',
    type: 'milestone',
    visibility: 'private',
    showOnMainProfile: false,
  });

  await add('status-updates', {
    date: '2024-02-20',
    title: 'Recruit extrication day',
    content: 'Twelve recruits, four cars, zero injuries. Proud of this class.',
    type: 'training',
    priority: 'high',
  });
  await add('status-updates', {
    date: '2024-02-10',
    title: 'B Shift drill calendar posted',
    content: 'Crew only: the quarter’s drill calendar is on the station board.',
    type: 'announcement',
    priority: 'low',
    visibility: 'authenticated',
  });

  const warehouse = await add('incidents', {
    date: '2021-07-04',
    location: 'Elm Street warehouse district',
    title: 'Three-alarm warehouse fire',
    description: 'Heavy fire in a vacant warehouse with exposures on two sides.',
    department: springfield.name,
    type: 'structure_fire',
    severity: 'major',
    detailedStory: 'Engine 7 protected the east exposure for four hours while Truck 1 opened the roof.',
    unitsResponded: ['Engine 7', 'Truck 1', 'Battalion 2'],
    outcomeResult: 'No injuries; both exposures saved.',
    lessonsLearned: 'Stage early and keep the water supply redundant.',
    mediaUrls: [{ url: 'https://news.example/elm-street-fire', title: 'Warehouse fire on Elm', type: 'news_article' }],
  });
  await add('incidents', {
    date: '2016-01-12',
    location: 'Route 9',
    title: 'Vehicle extrication, two trapped',
    description: 'Head-on collision with two occupants trapped.',
    department: springfield.name,
    type: 'vehicle_accident',
    severity: 'critical',
    visibility: 'private',
  });

  const valor = await add('awards', {
    name: 'Medal of Valor',
    year: '2021',
    type: 'valor',
    icon: 'star',
    awardedBy: springfield.name,
    citation: 'For holding the east exposure at the Elm Street fire.',
    significance: 'The department’s highest honor.',
    ceremony: 'Annual Awards Ceremony, City Hall',
    mediaLinks: [{ url: 'https://news.example/valor-2021', title: 'Valor awards 2021', type: 'news' }],
  });
  await add('awards', {
    name: 'Unit Citation',
    year: '2016',
    type: 'unit',
    icon: 'heart',
    awardedBy: springfield.name,
    visibility: 'authenticated',
  });

  await add('certifications', { name: 'Firefighter II', issuer: 'State Fire Training', year: 2005, icon: 'flame' });
  await add('certifications', {
    name: 'Fire Officer II',
    issuer: 'State Fire Training',
    year: 2015,
    expires: 2099,
    icon: 'certificate',
  });
  await add('certifications', {
    name: 'Hazmat Operations',
    issuer: 'State Fire Training',
    year: 2006,
    expires: 2010,
    icon: 'hazmat',
    visibility: 'authenticated',
  });

  await add('licenses', {
    name: 'Emergency Medical Technician',
    type: 'EMT',
    issued: '2006',
    expires: '06/2099',
    status: 'active',
    icon: 'ambulance',
    expirationVisibility: 'public',
  });
  await add('licenses', {
    name: 'Commercial Driver’s License — Class B',
    type: 'CDL',
    issued: '2010',
    expires: '12/2098',
    status: 'active',
    icon: 'truck',
  });
  await add('licenses', {
    name: 'Boat Operator',
    type: 'Marine',
    issued: '2008',
    expires: '03/2012',
    status: 'active',
    icon: 'boat',
    visibility: 'private',
  });

  await add('skills', {
    name: 'Vehicle extrication',
    category: 'firefighter',
    level: 'expert',
    yearsExperience: 15,
    description: 'Hydraulic tools and new vehicle construction.',
    certifications: ['Rescue Technician'],
    endorsements: [
      {
        endorserName: 'Battalion Chief Dana Okafor',
        endorserTitle: 'Battalion Chief',
        endorserDepartment: springfield.name,
        comment: 'The person every company calls when a car is upside down.',
        date: '2023-05-02',
      },
    ],
  });
  await add('skills', { name: 'Pump operations', category: 'firefighter', level: 'advanced', yearsExperience: 10 });
  await add('skills', { name: 'Incident command', category: 'leadership', level: 'intermediate', yearsExperience: 5 });
  await add('skills', {
    name: 'Curriculum development',
    category: 'professional',
    level: 'beginner',
    yearsExperience: 2,
    visibility: 'authenticated',
  });

  await add('gear', {
    name: 'Engine 7',
    station: 'Station 7',
    years: '2019–2024',
    description: '1,500 gpm pumper; company officer.',
  });
  await add('gear', { name: 'Truck 1', station: 'Station 1', years: '2005–2014', description: '100-foot aerial.' });
  await add('special-units', {
    name: 'Technical Rescue Team',
    years: '2010–2024',
    description: 'Vehicle, trench and rope rescue.',
  });
  await add('special-units', {
    name: 'Honor Guard',
    years: '2012–2018',
    description: 'Funerals and ceremonies.',
    visibility: 'authenticated',
  });
  await add('fire-stations', {
    stationNumber: '7',
    stationName: 'Station 7 — Riverside',
    location: 'Riverside',
    startYear: '2019',
    years: '2019–2024',
    position: 'Captain',
    apparatus: 'Engine 7',
    description: 'Riverside district, first-due on the industrial park.',
    specialties: ['Water rescue', 'Industrial fires'],
  });

  // Photos: uploaded as data URLs (generated with sharp), one in a folder, one private; linked to widgets.
  const upload = async (fields: Record<string, unknown>) => {
    const gallery = await call(owner, 'POST', `/api/profiles/${id}/photos`, fields);
    return gallery.photoGallery.at(-1).id as number;
  };
  const crew = await upload({
    url: await photoDataUrl(960, 640, '#b22222', '#1f2937', 'jpeg'),
    originalName: 'engine7-crew.jpg',
    caption: 'Engine 7, B Shift',
    category: 'milestone',
    tags: ['crew', 'engine 7'],
    showOnMainProfile: true,
  });
  const ceremony = await upload({
    url: await photoDataUrl(640, 640, '#1e3a8a', '#facc15', 'png'),
    originalName: 'valor-ceremony.png',
    caption: 'Medal of Valor ceremony',
    category: 'ceremony',
    tags: ['award'],
    showOnMainProfile: true,
  });
  const folder = await call(owner, 'POST', `/api/profiles/${id}/folders`, {
    name: 'Training',
    color: '#2f855a',
    description: 'Drills and academy days',
  });
  await upload({
    url: await photoDataUrl(800, 600, '#2f855a', '#f97316', 'jpeg'),
    originalName: 'drill-day.jpg',
    caption: 'Extrication drill',
    category: 'training',
    folderId: folder.id,
  });
  await upload({
    url: await photoDataUrl(600, 800, '#4b5563', '#e5e7eb', 'png'),
    originalName: 'private.png',
    caption: 'Private: station kitchen',
    category: 'action',
    visibility: 'private',
  });
  await call(owner, 'PUT', `/api/profiles/${id}/photo-links/timeline/id:${hired}`, { photoIds: [crew] });
  await call(owner, 'PUT', `/api/profiles/${id}/photo-links/incidents/id:${warehouse}`, { photoIds: [crew, ceremony] });
  await call(owner, 'PUT', `/api/profiles/${id}/photo-links/awards/id:${valor}`, { photoIds: [ceremony] });
  await call(owner, 'PUT', `/api/profiles/${id}/photo-links/profile`, { photoIds: [crew] });

  // AI logs: accepted and rejected enhancements, a photo analysis, and one awaiting feedback.
  ai.next(
    chatReply('Captain of Engine 7 with nineteen years of service and a passion for training safe crews.', {
      logprobs: [-0.05, -0.1],
    }),
  );
  const accepted = await call(owner, 'POST', '/api/ai/enhance', {
    field: 'personalStatement',
    text: 'I am captain of engine 7 and like training.',
  });
  await call(owner, 'POST', `/api/ai/logs/${accepted.logId}/feedback`, { accepted: true });
  ai.next(chatReply('Fought a large fire at a warehouse with many units.', { logprobs: [-0.7, -0.9] }));
  const rejected = await call(owner, 'POST', '/api/ai/enhance', {
    field: 'incidents.description',
    text: 'Big warehouse fire.',
    context: 'Three-alarm warehouse fire',
  });
  await call(owner, 'POST', `/api/ai/logs/${rejected.logId}/feedback`, { accepted: false });
  ai.next(
    chatReply('{"caption": "Engine crew in front of the station", "category": "milestone", "tags": ["crew"]}', {
      logprobs: [-0.2],
    }),
  );
  await call(owner, 'POST', '/api/ai/photo-caption', { profileId: id, photoId: crew });
  ai.next(chatReply('Pulled two people from a wrecked car on Route 9.', { logprobs: [-0.3] }));
  await call(member, 'POST', '/api/ai/enhance', { field: 'timeline.description', text: 'car wreck rescue' });

  return {
    accounts: {
      admin: { email: admin.user.email, password },
      owner: { email: 'casey.morgan@turnout.example', password },
      member: { email: 'riley.chen@turnout.example', password },
    },
    profileId: id,
    username,
  };
}

/**
 * Sets every clock-filled column to FIXED_TIME plus the row's id in minutes, and freezes the sample profile's
 * dates that its seed computed from the day the test template was built.
 */
async function freezeClockData(app: TestApp): Promise<void> {
  const { db } = app;
  const { rows } = (await db.raw(
    `select c.table_name as "table", c.column_name as "column",
            exists (select 1 from information_schema.columns i
                    where i.table_schema = 'public' and i.table_name = c.table_name and i.column_name = 'id') as "hasId"
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.data_type like 'timestamp%' and c.column_name = any(?)
      order by 1, 2`,
    [CLOCK_COLUMNS],
  )) as { rows: Array<{ table: string; column: string; hasId: boolean }> };
  for (const { table, column, hasId } of rows) {
    if (CLOCK_SKIP_TABLES.includes(table)) continue;
    const value = hasId ? `?::timestamptz + "id" * interval '1 minute'` : '?::timestamptz';
    await db.raw(`update "${table}" set "${column}" = ${value} where "${column}" is not null`, [FIXED_TIME]);
  }

  // The sample profile (id 1, seeds/sampleProfile.ts): status-update dates and expiries relative to its seeding.
  const byPosition = async (table: string, column: string, values: Array<string | number>, where = {}) => {
    const items = await db(table)
      .where({ profileId: 1, ...where })
      .orderBy('position')
      .select('id');
    for (const [index, item] of items.entries()) {
      const value = values[index % values.length]!;
      await db(table)
        .where({ id: item.id })
        .update({ [column]: value });
    }
  };
  await byPosition('profile_status_updates', 'date', ['2024-02-27', '2024-02-18', '2024-02-10']);
  await byPosition('profile_licenses', 'expires', ['03/2099', '09/2100', '01/2001']);
  const expiring = await db('profile_certifications')
    .where({ profileId: 1 })
    .whereNotNull('expires')
    .orderBy('position');
  for (const [index, item] of expiring.entries()) {
    await db('profile_certifications')
      .where({ id: item.id })
      .update({ expires: index === 0 ? 2099 : 2001 });
  }
}

/**
 * Photo storage keys are random (src/services/photos): the editor shows the profile image's /media/ URL. Each
 * becomes a key derived from the photo's id, its files moved (the profile image is a link to the photo's row).
 */
async function fixStorageKeys(app: TestApp, mediaDir: string): Promise<void> {
  const photos = await app.db('photos').orderBy('id').select('id', 'storageKey');
  for (const photo of photos as Array<{ id: number; storageKey: string }>) {
    const key = crypto.createHash('sha256').update(`turnout-screenshots-photo-${photo.id}`).digest('hex').slice(0, 32);
    fs.renameSync(path.join(mediaDir, 'photos', photo.storageKey), path.join(mediaDir, 'photos', key));
    await app.db('photos').where({ id: photo.id }).update({ storageKey: key });
  }
}

// ---------------------------------------------------------------------------------------------------------
// The pages.

function shots({ profileId: id, username }: Seeded): Shot[] {
  const profile = `/profiles/${id}`;
  const publicView = `${profile}/public`;
  const widgets = [
    'timeline',
    'incidents',
    'awards',
    'certifications',
    'licenses',
    'skills',
    'gear',
    'units',
    'photos',
  ];
  return [
    // Visitors.
    { name: 'landing', viewer: 'visitor', path: '/' },
    { name: 'login', viewer: 'visitor', path: '/login' },
    { name: 'login-after-reset', viewer: 'visitor', path: '/login?reset=1' },
    { name: 'register', viewer: 'visitor', path: '/register' },
    { name: 'forgot-password', viewer: 'visitor', path: '/forgot-password' },
    { name: 'forgot-password-sent', viewer: 'visitor', path: '/forgot-password?sent=1' },
    { name: 'reset-password', viewer: 'visitor', path: '/reset-password?token=screenshot-invalid-token' },
    { name: 'reset-password-no-token', viewer: 'visitor', path: '/reset-password' },
    { name: 'not-found', viewer: 'visitor', path: '/missing/page', status: 404 },
    // No such route: /{username} answers "Profile not found" (My Departments is a card on /account-settings).
    { name: 'my-departments', viewer: 'visitor', path: '/my-departments', status: 404 },
    { name: 'profile-not-found', viewer: 'visitor', path: '/profiles/999999', status: 404 },
    { name: 'admin-as-visitor', viewer: 'visitor', path: '/admin', status: 401 },
    { name: 'sample-profile', viewer: 'visitor', path: '/profiles/1/public' },
    { name: 'public-as-visitor', viewer: 'visitor', path: publicView },
    { name: 'username-as-visitor', viewer: 'visitor', path: `/${username}`, finalPath: publicView },
    { name: 'profile-as-visitor', viewer: 'visitor', path: profile },
    ...widgets.map((widget): Shot => ({
      name: `public-widget-${widget}`,
      viewer: 'visitor',
      path: `${publicView}?widget=${widget}`,
    })),
    {
      name: 'public-widget-timeline-oldest',
      viewer: 'visitor',
      path: `${publicView}?widget=timeline&sort=oldest`,
    },
    // The profile's owner.
    { name: 'owner-profile', viewer: 'owner', path: profile },
    { name: 'owner-profile-edit', viewer: 'owner', path: `${profile}?edit=1` },
    { name: 'owner-profile-edit-photos', viewer: 'owner', path: `${profile}?edit=1&widget=photos` },
    { name: 'owner-widget-awards', viewer: 'owner', path: `${profile}?widget=awards` },
    { name: 'owner-public-view', viewer: 'owner', path: publicView },
    { name: 'account-settings', viewer: 'owner', path: '/account-settings' },
    { name: 'account-settings-saved', viewer: 'owner', path: '/account-settings?saved=profile' },
    { name: 'access-denied', viewer: 'owner', path: '/admin', status: 403 },
    // Another signed-in member, who has no profile.
    { name: 'create-profile', viewer: 'member', path: '/create-profile' },
    { name: 'profile-new', viewer: 'member', path: '/profile/new' },
    { name: 'member-profile', viewer: 'member', path: profile },
    { name: 'member-public-view', viewer: 'member', path: publicView },
    { name: 'member-widget-awards', viewer: 'member', path: `${publicView}?widget=awards` },
    { name: 'member-account-settings', viewer: 'member', path: '/account-settings' },
    // The super admin.
    { name: 'admin-users', viewer: 'admin', path: '/admin' },
    { name: 'admin-users-search', viewer: 'admin', path: '/admin?tab=users&q=casey' },
    { name: 'admin-beta-codes', viewer: 'admin', path: '/admin?tab=beta-codes' },
    { name: 'admin-blacklist', viewer: 'admin', path: '/admin?tab=blacklist' },
    { name: 'admin-ai-logs', viewer: 'admin', path: '/admin?tab=ai-logs' },
    { name: 'admin-ai-logs-pending', viewer: 'admin', path: '/admin?tab=ai-logs&filter=pending' },
    { name: 'admin-departments', viewer: 'admin', path: '/admin?tab=departments' },
    { name: 'admin-database-setup', viewer: 'admin', path: '/admin/supabase-setup' },
    { name: 'admin-profile', viewer: 'admin', path: profile },
    { name: 'admin-profile-edit', viewer: 'admin', path: `${profile}?edit=1` },
  ];
}

/**
 * Scrolls through the page so lazy images load and `hydrate="visible"` islands hydrate, then back to the top;
 * checks every image loaded; writes the app's random port as STABLE_HOST wherever the page shows it.
 */
async function settle(page: Page, host: string): Promise<void> {
  await page.evaluate(async () => {
    for (const img of document.querySelectorAll('img')) img.loading = 'eager';
    const step = Math.max(200, Math.floor(window.innerHeight / 2));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  await waitForIslands(page);
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  const broken = await page.evaluate(() =>
    [...document.images].filter((img) => img.naturalWidth === 0).map((img) => img.currentSrc || img.src),
  );
  if (broken.length) throw new Error(`images did not load: ${broken.join(', ')}`);
  await page.evaluate(
    ([from, to]) => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeValue?.includes(from)) node.nodeValue = node.nodeValue.split(from).join(to);
      }
      for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
        if (field.value.includes(from)) field.value = field.value.split(from).join(to);
      }
    },
    [host, STABLE_HOST] as const,
  );
  await page.evaluate(async () => {
    await document.fonts.ready;
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(300);
}

async function signedInContext(
  browser: Browser,
  baseUrl: string,
  width: (typeof WIDTHS)[number],
  account: Account | null,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width, height: VIEWPORT_HEIGHT[width] },
    deviceScaleFactor: 1,
    locale: 'en-US',
    timezoneId: 'UTC',
    colorScheme: 'light',
    reducedMotion: 'reduce',
  });
  // A string, not a function: tsx (esbuild keepNames) would wrap a named inner function in `__name(…)`,
  // which does not exist in the page.
  await context.addInitScript(
    `(() => {
      const css = ${JSON.stringify(FREEZE_CSS)};
      const add = () => {
        const style = document.createElement('style');
        style.dataset.screenshots = 'freeze';
        style.textContent = css;
        document.head.append(style);
      };
      if (document.head) add();
      else document.addEventListener('DOMContentLoaded', add, { once: true });
    })();`,
  );
  if (account) {
    const login = await context.request.post(`${baseUrl}/api/auth/login`, {
      data: account,
      headers: { Origin: baseUrl },
    });
    if (!login.ok()) throw new Error(`login as ${account.email} failed: ${login.status()}`);
  }
  return context;
}

async function capture(browser: Browser, app: TestApp, seeded: Seeded, outDir: string): Promise<string[]> {
  const failures: string[] = [];
  const only = process.env.SHOTS_ONLY ? new RegExp(process.env.SHOTS_ONLY) : null;
  const list = shots(seeded).filter((shot) => !only || only.test(shot.name));
  for (const width of WIDTHS) {
    for (const viewer of ['visitor', 'owner', 'member', 'admin'] as const) {
      if (!list.some((shot) => shot.viewer === viewer)) continue;
      const context = await signedInContext(
        browser,
        app.baseUrl,
        width,
        viewer === 'visitor' ? null : seeded.accounts[viewer],
      );
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      for (const shot of list.filter((s) => s.viewer === viewer)) {
        const file = path.join(outDir, `${shot.name}-${width}.png`);
        errors.length = 0;
        try {
          const response = await page.goto(app.baseUrl + shot.path, { waitUntil: 'networkidle' });
          const status = response?.status();
          const final = new URL(page.url());
          const expected = shot.finalPath ?? shot.path;
          if (final.pathname + final.search !== expected) throw new Error(`ended on ${final.pathname}${final.search}`);
          if (status !== (shot.status ?? 200)) throw new Error(`status ${status}, expected ${shot.status ?? 200}`);
          await settle(page, new URL(app.baseUrl).host);
          await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
          if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
          console.log(`  ${shot.name}-${width}.png`);
        } catch (error) {
          const message = `${shot.name}-${width} (${viewer} ${shot.path}): ${(error as Error).message.split('\n')[0]}`;
          failures.push(message);
          console.error(`  FAILED ${message}`);
        }
      }
      await context.close();
    }
  }
  return failures;
}

async function main(): Promise<void> {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('usage: npx tsx scripts/screenshots.ts OUT_DIR');
    process.exit(2);
  }
  if (!fs.existsSync(MANIFEST_PATH)) {
    console.error('The islands are not built: run `npm run build:islands` first.');
    process.exit(2);
  }
  process.env.TEST_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres';
  fs.mkdirSync(outDir, { recursive: true });
  for (const file of fs.readdirSync(outDir)) if (file.endsWith('.png')) fs.rmSync(path.join(outDir, file));

  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnout-screenshots-'));
  const ai = await startFakeAi();
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  try {
    app = await startTestApp({ rateLimitsEnabled: false, ai: ai.config(), mediaDir });
    console.log('seeding…');
    const seeded = await seed(app, ai);
    await fixStorageKeys(app, mediaDir);
    await freezeClockData(app);
    await app.restart(); // new caches: nothing rendered before the freeze is served
    browser = await launchBrowser();
    console.log(`capturing into ${path.resolve(outDir)}…`);
    const failures = await capture(browser, app, seeded, outDir);
    const count = fs.readdirSync(outDir).filter((f) => f.endsWith('.png')).length;
    console.log(`${count} screenshots, ${failures.length} failed`);
    if (failures.length) process.exitCode = 1;
  } finally {
    await browser?.close();
    await app?.close();
    await ai.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  }
}

await main();
