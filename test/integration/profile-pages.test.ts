/** Profile pages (spec 02 §2): server-rendered, filtered for the viewer, shareable, and script-free for visitors. */
import test from 'ava';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { RESERVED_USERNAMES } from '../../src/validation/auth';
import { LISTS } from '../../src/validation/lists';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

const html = { headers: { Accept: 'text/html' } };
const as = (account: CreatedUser | null) => clientAs(app, account);
const hasScript = (page: string) =>
  /<script(?![^>]*type="application\/(json|ld\+json)")/.test(page) || page.includes('modulepreload');

test('the sample profile is live at /profiles/1/public with its sharing metadata and no JavaScript', async (t) => {
  const res = await as(null).get('/profiles/1/public', html);
  t.is(res.status, 200);
  t.true(res.text.includes('Jordan Rivera'));
  t.true(res.text.includes('Personal Statement'));
  t.false(hasScript(res.text), 'a visitor gets no script');
  t.regex(res.text, /<title>Jordan Rivera — Captain, Training Officer · Turnout<\/title>/);
  t.true(res.text.includes(`<link rel="canonical" href="${app.baseUrl}/jordan-rivera">`));
  t.true(res.text.includes('<meta property="og:title" content="Jordan Rivera — Captain, Training Officer">'));
  t.true(res.text.includes(`<meta property="og:url" content="${app.baseUrl}/jordan-rivera">`));
  t.true(res.text.includes('<meta name="twitter:card"'));
  const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(res.text)?.[1];
  const data = JSON.parse(ld!) as {
    '@type': string;
    mainEntity: { '@type': string; name: string; worksFor: { name: string }; sameAs: string[] };
  };
  t.is(data['@type'], 'ProfilePage');
  t.is(data.mainEntity['@type'], 'Person');
  t.is(data.mainEntity.name, 'Jordan Rivera');
  t.true(data.mainEntity.sameAs.includes('https://www.linkedin.com/in/jordan-rivera-fire'));
  t.falsy(res.headers.get('x-robots-tag'), 'a live public page may be indexed');
  t.false(res.text.includes('name="robots"'));
  t.false(res.text.includes('href="/login"'), 'no Login / Join Beta on public pages');
});

test('the sample profile has items in every list for a visitor; one crew-only item, none private', async (t) => {
  const member = await createUser();
  let hidden = 0;
  // Training hours are private unless shared (docs/decisions/training-hours.md): the sample shares none.
  for (const list of LISTS.filter((each) => each.defaultVisibility !== 'private')) {
    const res = await as(null).get(`/api/profiles/1/${list.path}`);
    t.is(res.status, 200, list.path);
    const items = res.body as Array<{ visibility: string }>;
    t.true(items.length > 0, `${list.path} is not empty for a visitor`);
    t.true(
      items.every((item) => item.visibility === 'public'),
      list.path,
    );
    const signedIn = (await as(member).get(`/api/profiles/1/${list.path}`)).body as Array<{ visibility: string }>;
    t.false(
      signedIn.some((item) => item.visibility === 'private'),
      list.path,
    );
    hidden += signedIn.length - items.length;
  }
  t.is(hidden, 1, 'exactly one item is for signed-in members only');
  const page = await as(null).get('/profiles/1/public', html);
  for (const text of ['Medal of Valor', 'Working fire with occupants reported', 'Technical Rescue Team', 'Engine 3'])
    t.true(page.text.includes(text), text);
});

test('/{username}: the profile’s public view; reserved words and what cannot be a username go home', async (t) => {
  const found = await as(null).get('/jordan-rivera', html);
  t.is(found.status, 302);
  t.is(found.headers.get('location'), '/profiles/1/public');
  t.is((await as(null).get('/JORDAN-RIVERA', html)).headers.get('location'), '/profiles/1/public');
  for (const word of RESERVED_USERNAMES.filter(
    (w) => !['login', 'register', 'account-settings', 'health', 'admin'].includes(w),
  )) {
    const res = await as(null).get(`/${word}`, html);
    t.is(res.status, 302, word);
    t.is(res.headers.get('location'), '/', word);
  }
  // Spec 02 §2: not 1 to 50 characters, or characters other than letters, digits, underscore and hyphen → home.
  for (const bad of ['a'.repeat(51), 'a%20b', 'na%C3%AFve', 'x%3Cscript%3E', 'a.b', 'a%2Fb']) {
    for (const account of [null, await createUser()]) {
      const res = await as(account).get(`/${bad}`, html);
      t.is(res.status, 302, bad);
      t.is(res.headers.get('location'), '/', bad);
    }
  }
  const fifty = await as(null).get(`/${'a'.repeat(50)}`, html);
  t.is(fifty.status, 404);
  t.true(fifty.text.includes('Profile not found'), '50 characters is a username nobody has');
  const deeper = await as(null).get('/no-such/page', html);
  t.is(deeper.status, 404, 'two segments are an ordinary unknown path');
  t.true(deeper.text.includes('Page Not Found'));
});

test('/profiles/{id}: a non-numeric id goes home; an unknown one is Profile not found', async (t) => {
  for (const id of ['abc', '1e3', '0', '12abc']) {
    const res = await as(null).get(`/profiles/${id}`, html);
    t.is(res.status, 302, id);
    t.is(res.headers.get('location'), '/', id);
  }
  const missing = await as(null).get('/profiles/987654', html);
  t.is(missing.status, 404);
  t.true(missing.text.includes('Profile not found'));
});

test('Profile not found under /profiles/ keeps the header’s widget filter (spec 01 §2); /{username} has none', async (t) => {
  const owner = await createUser();
  const draft = await createProfileFor(owner, { profileStatus: 'draft' });
  const filterOf = (page: string) => /<nav[^>]*aria-label="Widget filter".*?<\/nav>/s.exec(page)?.[0] ?? '';
  for (const [path, base] of [
    ['/profiles/987654', '/profiles/987654'],
    ['/profiles/987654/public?widget=awards', '/profiles/987654/public'],
    [`/profiles/${draft.id}`, `/profiles/${draft.id}`],
  ] as const) {
    const res = await as(null).get(path, html);
    t.is(res.status, 404, path);
    t.true(res.text.includes('Profile not found'), path);
    const filter = filterOf(res.text);
    t.is((filter.match(/<a /g) ?? []).length, 10, `${path}: the ten choices`);
    t.true(filter.includes(`href="${base}?widget=timeline"`), path);
    t.true(filter.includes('All Widgets'), path);
  }
  t.regex(
    filterOf((await as(null).get('/profiles/987654/public?widget=awards', html)).text),
    /<a[^>]*aria-current="page"[^>]*>Awards</,
  );
  t.false((await as(null).get(`/nobody-${Date.now()}`, html)).text.includes('Widget filter'));
});

test('a draft is Profile not found for visitors and other members on all three routes; its owner sees it, unindexed', async (t) => {
  const owner = await createUser({ username: `draftie-${Date.now() % 100000}` });
  const other = await createUser();
  const profile = await createProfileFor(owner, { profileStatus: 'draft' });
  for (const path of [`/profiles/${profile.id}`, `/profiles/${profile.id}/public`, `/${owner.user.username}`]) {
    for (const [who, account] of [
      ['visitor', null],
      ['other', other],
    ] as const) {
      const res = await as(account).get(path, html);
      t.is(res.status, 404, `${who} ${path}`);
      t.true(res.text.includes('Profile not found'), `${who} ${path}`);
      t.false(res.text.includes(owner.user.name), `${who} ${path}`);
    }
  }
  const own = await as(owner).get(`/profiles/${profile.id}/public`, html);
  t.is(own.status, 200);
  t.is(own.headers.get('x-robots-tag'), 'noindex');
  t.true(own.text.includes('<meta name="robots" content="noindex">'));
});

test('the own view shows the owner’s controls; the public view never does, not even to the owner', async (t) => {
  const owner = await createUser();
  const admin = await createUser({ role: 'admin' });
  const other = await createUser();
  const profile = await createProfileFor(owner);
  const own = await as(owner).get(`/profiles/${profile.id}`, html);
  t.true(own.text.includes('data-island="ProfileToolbar"'));
  // In the header (spec 01 §2), with the spec's label; Edit Profile is a link, so it works without script.
  const header = /<header.*?<\/header>/s.exec(own.text)?.[0] ?? '';
  t.true(header.includes('data-island="ProfileToolbar"'), 'the controls are in the header');
  t.regex(header, new RegExp(`<a[^>]*href="/profiles/${profile.id}\\?edit=1"[^>]*>Edit Profile</a>`));
  t.false((/<main.*?<\/main>/s.exec(own.text)?.[0] ?? '').includes('role="toolbar"'), 'none left in the page');
  t.regex(own.text, /role="switch"/, 'the visibility toggle is the owner’s');
  const adminView = await as(admin).get(`/profiles/${profile.id}`, html);
  t.true(adminView.text.includes('data-island="ProfileToolbar"'), 'admins may edit any profile');
  t.notRegex(adminView.text, /role="switch"/, 'but the visibility toggle is the owner’s alone');
  const otherView = await as(other).get(`/profiles/${profile.id}`, html);
  t.false(otherView.text.includes('data-island="ProfileToolbar"'));
  const publicView = await as(owner).get(`/profiles/${profile.id}/public?edit=1`, html);
  t.false(publicView.text.includes('data-island="Profile'), 'no editing island on the public view');
  const editing = await as(owner).get(`/profiles/${profile.id}?edit=1`, html);
  t.true(editing.text.includes('data-island="ProfileEditor"'));
  const notEditing = await as(other).get(`/profiles/${profile.id}?edit=1`, html);
  t.false(notEditing.text.includes('data-island="ProfileEditor"'), 'edit mode is only for those who may edit');
});

test('edit mode carries a ListEditor island per list with items, the empty ones in the Add menu; none for another member', async (t) => {
  const owner = await createUser();
  const other = await createUser();
  const profile = await createProfileFor(owner, { profileStatus: 'live' });
  const added = await as(owner).post(`/api/profiles/${profile.id}/timeline`, {
    year: '2015',
    event: 'Hired by the department',
    type: 'hired',
    showOnMainProfile: false,
  });
  t.is(added.status, 201);
  const count = (text: string) => text.split('data-island="ListEditor"').length - 1;
  const editing = await as(owner).get(`/profiles/${profile.id}?edit=1`, html);
  t.is(count(editing.text), 1, 'the timeline: the empty lists are links in the one "Add …" menu');
  const empty = ['incidents', 'awards', 'certifications', 'licenses', 'skills', 'apparatus', 'units', 'photos'];
  for (const filter of [...empty, 'status-updates', 'fire-stations']) {
    const link = `/profiles/${profile.id}?edit=1&amp;add=${filter}#section-`;
    t.true(editing.text.includes(link), `${filter} is in the Add menu`);
  }
  const opened = await as(owner).get(`/profiles/${profile.id}?edit=1&add=awards`, html);
  t.is(count(opened.text), 2, 'a section opened from the menu brings its editor');
  t.regex(opened.text, /<details[^>]*open=""[^>]*>\s*<summary>.*?Add<span data-noun="">/s, 'its add form open');
  t.true(editing.text.includes('Hired by the department'), 'the editor gets every item, even one off the main profile');
  t.is(count((await as(owner).get(`/profiles/${profile.id}`, html)).text), 0, 'not outside edit mode');
  t.is(count((await as(owner).get(`/profiles/${profile.id}/public?edit=1`, html)).text), 0, 'never on the public view');
  const otherView = await as(other).get(`/profiles/${profile.id}?edit=1`, html);
  t.is(otherView.status, 200);
  t.is(count(otherView.text), 0, 'another member never gets the editors');
});

test('a private field never reaches a non-owner: not in the HTML, the props or the meta tags', async (t) => {
  const owner = await createUser();
  const other = await createUser();
  const admin = await createUser({ role: 'admin' });
  const canary = `canary-${Date.now()}`;
  const profile = await createProfileFor(owner, {
    phone: `+1 ${canary}`,
    phoneVisibility: 'private',
    email: `${canary}@example.com`,
    emailVisibility: 'authenticated',
  });
  for (const path of [`/profiles/${profile.id}`, `/profiles/${profile.id}/public`, `/profiles/${profile.id}?edit=1`]) {
    const visitor = await as(null).get(path, html);
    t.false(visitor.text.includes(canary), `visitor ${path}`);
    const member = await as(other).get(path, html);
    t.false(member.text.includes(`+1 ${canary}`), `member ${path}: the private phone`);
    t.true(member.text.includes(`${canary}@example.com`), `member ${path}: the e-mail is for signed-in members`);
  }
  const ownerView = await as(owner).get(`/profiles/${profile.id}?edit=1`, html);
  t.true(ownerView.text.includes(`+1 ${canary}`));
  // Meta tags are built from the visitor's view, whoever asks.
  const head = ownerView.text.slice(0, ownerView.text.indexOf('</head>'));
  t.false(head.includes(canary), 'no private or members-only data in the head, even for the owner');
  t.true(
    (await as(admin).get(`/profiles/${profile.id}`, html)).text.includes(`+1 ${canary}`),
    'admins see private fields',
  );
});

test('widget filter and sections are links the server answers; hidden widgets stay hidden', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner, { hiddenWidgets: ['awards'] });
  const own = await as(owner).get(`/profiles/${profile.id}`, html);
  t.true(own.text.includes('Add your first career milestone'), 'the owner is invited to fill empty sections');
  t.false(own.text.includes('Add your first award'), 'a hidden widget is not shown');
  t.true(own.text.includes(`href="/profiles/${profile.id}?widget=timeline"`));
  const timeline = await as(owner).get(`/profiles/${profile.id}?widget=timeline`, html);
  t.true(timeline.text.includes('← All widgets'));
  t.false(timeline.text.includes('Add your first license'), 'one section, full width');
  const visitor = await as(null).get(`/profiles/${profile.id}/public`, html);
  t.false(visitor.text.includes('Add your first'), 'visitors never see an empty section');
});

test('no JavaScript on a profile for a visitor, nor for a signed-in member who is not its owner', async (t) => {
  const owner = await createUser();
  const member = await createUser();
  const profile = await createProfileFor(owner);
  for (const path of [`/profiles/${profile.id}/public`, `/profiles/${profile.id}`]) {
    for (const [who, account] of [
      ['visitor', null],
      ['member', member],
    ] as const) {
      const res = await as(account).get(path, html);
      t.is(res.status, 200, `${who} ${path}`);
      t.false(hasScript(res.text), `${who} ${path}`);
      t.false(res.text.includes('data-island="'), `${who} ${path}`);
    }
  }
  const member404 = await as(member).get(`/profiles/${profile.id}/public`, html);
  t.true(member404.text.includes(', account menu"'), 'the member still has their menu, without script');
  t.true(
    hasScript((await as(owner).get(`/profiles/${profile.id}`, html)).text),
    'the owner’s own view has its controls',
  );
});

test('a bad link value redirects to the page without it; the filter’s spellings and unknown parameters stay', async (t) => {
  for (const path of ['/profiles/1', '/profiles/1/public']) {
    // Warm the visitors' kept page first: a kept page is never served under a bad address either.
    t.is((await as(null).get(path, html)).status, 200);
    const cases: Array<[string, string]> = [
      ['?widget=bogus&sort=oldest', '?sort=oldest'],
      ['?widget=', ''],
      ['?sort=sideways', ''],
      ['?widget=awards&edit=0', '?widget=awards'],
      ['?edit=1&confirm=timeline', '?edit=1'],
      ['?edit=1&open=timeline:0', '?edit=1'],
      ['?edit=1&open=timeline:12&open=gear:3', '?edit=1'],
      ['?widget=awards&widget=skills', ''],
    ];
    for (const [query, canonical] of cases) {
      const res = await as(null).get(`${path}${query}`, html);
      t.is(res.status, 302, path + query);
      t.is(res.headers.get('location'), path + canonical, path + query);
    }
    for (const query of ['?widget=gear', '?widget=special-units', '?widget=all&sort=newest', '?utm_source=mail']) {
      t.is((await as(null).get(`${path}${query}`, html)).status, 200, path + query);
    }
  }
  // The path's own rule comes first: a bad id goes home whatever the query (spec 02 §2).
  t.is((await as(null).get('/profiles/abc?widget=bogus', html)).headers.get('location'), '/');
});
