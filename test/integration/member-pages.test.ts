/**
 * Signed-in members' profile pages from the cache (docs/decisions/kept-pages.md): kept once per profile version for every
 * member, each answer carrying the viewer's own menu. What a member notices: the same page as a full render,
 * their own name in the menu (never another member's), no private item, no script, and every write at once —
 * also when the write went through another app process.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import test from 'ava';
import { needsPostgresServer } from '../helpers/postgresServer';
import { queriesOf } from '../helpers/queries';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

const html = { headers: { Accept: 'text/html' } };
const menu = (page: string) => /<details[^>]*data-testid="user-menu".*?<\/details>/s.exec(page)?.[0] ?? '';

async function until(condition: () => Promise<boolean>, ms = 4000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

let canaries = 0;

/** A live profile with one award of each visibility, each title a canary to search the HTML for. */
async function profileWithCanaries(on: TestApp = app) {
  canaries += 1;
  const owner = await createUser({ username: `canary-${canaries}-${Date.now().toString(36)}` });
  const profile = await createProfileFor(owner, { profileStatus: 'live' });
  const stamp = Date.now().toString(36);
  const titles = {
    public: `Open canary ${stamp}`,
    authenticated: `Crew canary ${stamp}`,
    private: `Hidden canary ${stamp}`,
  };
  const etags: Record<string, string> = {};
  for (const [visibility, name] of Object.entries(titles)) {
    const res = await clientAs(on, owner).post(`/api/profiles/${profile.id}/awards`, {
      name,
      year: '2019',
      type: 'valor',
      visibility,
    });
    if (res.status !== 201) throw new Error(`award not added: ${res.status}`);
    etags[visibility] = `${res.body.id}|${res.headers.get('etag')}`;
  }
  return { owner, profile, titles, etags };
}

/** The raw answer, undecoded, for an Accept-Encoding. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

test('a member’s page from the cache is the page a full render gives them, in gzip and identity, with no script', async (t) => {
  const { profile, titles } = await profileWithCanaries();
  const member = await createUser({ name: 'Robin Okafor' });
  const path = `/profiles/${profile.id}/public`;
  const uncached = await startTestApp({ rateLimitsEnabled: false, pageCache: false }, app.database);
  try {
    const rendered = (await clientAs(uncached, member).get(path, html)).text;
    await clientAs(app, member).get(path, html); // keeps it
    const headers = { Accept: 'text/html', Authorization: `Bearer ${member.token}` };
    const gzip = await rawGet(`${app.baseUrl}${path}`, { ...headers, 'Accept-Encoding': 'gzip, br' });
    t.is(gzip.headers['content-encoding'], 'gzip', 'gzip even when br is offered: a spliced page is gzip');
    const identity = await rawGet(`${app.baseUrl}${path}`, { ...headers, 'Accept-Encoding': 'identity' });
    t.is(identity.headers['content-encoding'], undefined);
    // The full render's own page differs only where the render is for the request (the base URL), and the
    // spliced menu is padded by a comment of spaces right after it (src/pageCache/splicedPages.ts).
    const same = (page: string) => page.replaceAll(uncached.baseUrl, app.baseUrl);
    const unpadded = (page: string) => {
      t.is(page.match(/<\/details><!-- +-->/g)?.length, 1, 'one padding comment, right after the menu');
      return page.replace(/<!-- +-->/, '');
    };
    t.is(unpadded(zlib.gunzipSync(gzip.body).toString()), same(rendered), 'gzip: byte for byte a full render');
    t.is(unpadded(identity.body.toString()), same(rendered), 'identity: byte for byte a full render');
    t.true(rendered.includes(titles.authenticated));
    t.false(rendered.includes(titles.private));
    t.true(menu(rendered).includes('Robin Okafor'));
    t.notRegex(identity.body.toString(), /<script(?![^>]*application\/(ld\+)?json)|modulepreload/, 'no script');
  } finally {
    await uncached.close();
  }
});

test.serial(
  'a warm member page renders nothing and loads no list: the cache answers it, never with a private item',
  async (t) => {
    const { profile, titles } = await profileWithCanaries();
    const member = await createUser();
    const path = `/profiles/${profile.id}/public`;
    await clientAs(app, member).get(path, html);
    const warm = await queriesOf(app.db, () => clientAs(app, member).get(path, html));
    t.is(warm.result.status, 200);
    t.false(
      warm.sql.some((sql) => /awards|union all/i.test(sql)),
      `no list query on a hit: ${warm.sql.join(' ; ')}`,
    );
    t.true(warm.result.text.includes(titles.public));
    t.true(warm.result.text.includes(titles.authenticated));
    t.false(warm.result.text.includes(titles.private), 'the private canary is never in a member’s page');
    // A visitor of the same profile gets neither the members' nor the private item.
    const visitor = (await clientAs(app, null).get(path, html)).text;
    t.false(visitor.includes(titles.authenticated));
    t.false(visitor.includes(titles.private));
  },
);

test('two members alternately: each sees their own menu, never the other’s', async (t) => {
  const { profile } = await profileWithCanaries();
  const ada = await createUser({ name: 'Ada Reyes', email: `ada.${Date.now()}@example.com` });
  const ben = await createUser({ name: 'Ben Sato', email: `ben.${Date.now()}@example.com` });
  const benProfile = await createProfileFor(ben);
  const path = `/profiles/${profile.id}/public`;
  for (let round = 0; round < 3; round++) {
    for (const [me, other] of [
      [ada, ben],
      [ben, ada],
    ] as const) {
      const page = (await clientAs(app, me).get(path, html)).text;
      const mine = menu(page);
      t.true(mine.includes(`${me.user.name}, account menu`), `round ${round}: ${me.user.name}'s menu`);
      t.true(mine.includes(me.user.email));
      t.false(
        page.includes(other.user.name),
        `round ${round}: ${other.user.name} is nowhere on ${me.user.name}'s page`,
      );
      t.false(page.includes(other.user.email));
      t.false(page.includes('Signed-in member'), 'the stand-in never shows');
    }
  }
  // Their menus differ as their accounts do: Ben has a profile, Ada may create one.
  t.true(menu((await clientAs(app, ben).get(path, html)).text).includes(`href="/profiles/${benProfile.id}"`));
  t.true(menu((await clientAs(app, ada).get(path, html)).text).includes('href="/create-profile"'));
  // Ada creates her profile (here straight in the database, as another node would): My Profile as soon as this
  // node hears of it through Postgres.
  const adaProfile = await createProfileFor(ada);
  await app.caughtUp();
  t.true(menu((await clientAs(app, ada).get(path, html)).text).includes(`href="/profiles/${adaProfile.id}"`));
  // A renamed member sees the new name at once.
  await clientAs(app, ada).patch('/api/auth/profile', { name: 'Ada Reyes-Lindqvist', email: ada.user.email });
  t.true(menu((await clientAs(app, ada).get(path, html)).text).includes('Ada Reyes-Lindqvist'));
});

test.serial('View as member is the members’ kept page, with the owner’s menu and the banner', async (t) => {
  const { owner, profile, titles } = await profileWithCanaries();
  const member = await createUser();
  const path = `/profiles/${profile.id}`;
  await clientAs(app, owner).get(`${path}?as=member`, html); // keeps it
  const warm = await queriesOf(app.db, () => clientAs(app, owner).get(`${path}?as=member`, html));
  const page = warm.result.text;
  t.false(
    warm.sql.some((sql) => /awards|union all/i.test(sql)),
    `kept: no list query: ${warm.sql.join(' ; ')}`,
  );
  t.true(menu(page).includes(`${owner.user.name}, account menu`), 'the owner’s own menu');
  t.true(page.includes(titles.authenticated));
  t.false(page.includes(titles.private));
  t.true(page.includes('Viewing as a member.'), 'the banner');
  t.false(page.includes('data-island="ProfileToolbar"'), 'no edit controls');
  // A member asking for ?as=member gets their normal page, with their own menu.
  const asked = (await clientAs(app, member).get(`${path}?as=member`, html)).text;
  t.true(menu(asked).includes(`${member.user.name}, account menu`));
  t.false(asked.includes(owner.user.name + ', account menu'));
});

test('every write shows at once to a member on this process', async (t) => {
  const { owner, profile, titles, etags } = await profileWithCanaries();
  const admin = await createUser({ role: 'admin' });
  const path = `/profiles/${profile.id}/public`;
  const readAs = (account: CreatedUser) => clientAs(app, account).get(path, html);
  await writesShow(t, { owner, admin, profileId: profile.id, titles, etags, write: app, readAs, wait: false });
});

const serverOnly = needsPostgresServer(test, 'two app processes need a database server');

serverOnly('every write shows to a member on another app process, through Postgres notifications', async (t) => {
  const other = await startTestApp({ rateLimitsEnabled: false }, app.database);
  try {
    const { owner, profile, titles, etags } = await profileWithCanaries();
    const admin = await createUser({ role: 'admin' });
    const path = `/profiles/${profile.id}/public`;
    const readAs = (account: CreatedUser) => clientAs(other, account).get(path, html);
    await writesShow(t, { owner, admin, profileId: profile.id, titles, etags, write: app, readAs, wait: true });
  } finally {
    await other.close();
  }
});

/**
 * Item, visibility, profile status, username, a deactivated owner (the profile stays: deactivation only ends
 * sessions), a deactivated member (a visitor from then on) and a deleted owner, each written through `write`
 * and read by members through `readAs`: at once (`wait` false, the same process) or as soon as the
 * notification arrives (another process).
 */
async function writesShow(
  t: import('ava').ExecutionContext,
  s: {
    owner: CreatedUser;
    admin: CreatedUser;
    profileId: number;
    titles: Record<'public' | 'authenticated' | 'private', string>;
    etags: Record<string, string>;
    write: TestApp;
    readAs: (account: CreatedUser) => Promise<{ status: number; text: string }>;
    wait: boolean;
  },
) {
  const member = await createUser();
  let reader = member;
  const shows = async (what: string, check: (page: { status: number; text: string }) => boolean) => {
    const seen = s.wait ? await until(async () => check(await s.readAs(reader))) : check(await s.readAs(reader));
    t.true(seen, what);
  };
  const writer = clientAs(s.write, s.owner);
  const base = `/api/profiles/${s.profileId}/awards`;
  // Warm the member's kept page first, so every check below is against a page the cache holds.
  t.false((await s.readAs(member)).text.includes(s.titles.private));
  t.is((await s.readAs(member)).status, 200);

  // An item.
  const added = `Added canary ${Date.now().toString(36)}`;
  t.is(
    (await writer.post(base, { name: added, year: '2020', type: 'valor', visibility: 'authenticated' })).status,
    201,
  );
  await shows('a new item', (page) => page.text.includes(added));

  // Visibility: members-only → private hides it from members; private → members shows it.
  const [crewId, crewTag] = s.etags.authenticated!.split('|') as [string, string];
  const hidden = await writer.patch(
    `${base}/id:${crewId}`,
    { visibility: 'private' },
    { headers: { 'If-Match': crewTag } },
  );
  t.is(hidden.status, 200);
  await shows('a members-only item made private is gone', (page) => !page.text.includes(s.titles.authenticated));
  const [secretId, secretTag] = s.etags.private!.split('|') as [string, string];
  const shared = await writer.patch(
    `${base}/id:${secretId}`,
    { visibility: 'authenticated' },
    { headers: { 'If-Match': secretTag } },
  );
  t.is(shared.status, 200);
  await shows('a private item made members-only appears', (page) => page.text.includes(s.titles.private));

  // The profile's status.
  t.is((await writer.patch(`/api/profiles/${s.profileId}/status`, { profileStatus: 'draft' })).status, 200);
  await shows('a draft is not found', (page) => page.status === 404);
  t.is((await writer.patch(`/api/profiles/${s.profileId}/status`, { profileStatus: 'live' })).status, 200);
  await shows('live again', (page) => page.status === 200);

  // The username (the page's canonical address).
  const username = `renamed-${s.profileId}-${Date.now().toString(36)}`;
  t.is((await writer.patch('/api/auth/username', { username })).status, 200);
  await shows('the new username', (page) => page.text.includes(`/${username}"`));

  const admin = clientAs(s.write, s.admin);
  // A deactivated owner: their sessions end; their profile is still shown as it was (spec 01 names no other
  // effect), so the member's page keeps every item it showed.
  t.is((await admin.patch(`/api/admin/users/${s.owner.user.id}/status`, { isActive: false })).status, 200);
  t.is((await writer.patch(`/api/profiles/${s.profileId}`, { motto: 'Too late' })).status, 401, 'owner signed out');
  await shows('a deactivated owner’s profile is unchanged', (page) => page.text.includes(s.titles.private));

  // A deactivated member is a visitor from their next request: no members-only item, no menu.
  t.is((await admin.patch(`/api/admin/users/${member.user.id}/status`, { isActive: false })).status, 200);
  await shows(
    'a deactivated member gets the visitor’s page',
    (page) => page.status === 200 && !page.text.includes(s.titles.private) && !page.text.includes('account menu'),
  );

  // A deleted owner: the profile is gone for every other member.
  reader = await createUser();
  t.true((await s.readAs(reader)).text.includes(s.titles.private), 'another member’s kept page');
  t.is((await admin.delete(`/api/admin/users/${s.owner.user.id}`)).status, 204);
  await shows('a deleted owner’s profile is gone', (page) => page.status === 404);
}

test('a signed session cookie: the member’s kept page with their menu; the same session with a forged signature is a visitor', async (t) => {
  const { profile, titles } = await profileWithCanaries();
  const member = await createUser({ name: 'Casey Lindqvist' });
  const browser = app.client();
  const login = await browser.post('/api/auth/login', { email: member.user.email, password: member.password });
  t.is(login.status, 200);
  const path = `/profiles/${profile.id}/public`;
  await browser.get(path, html); // keeps the members' page and the session
  for (let i = 0; i < 2; i++) {
    const page = (await browser.get(path, html)).text;
    t.true(menu(page).includes('Casey Lindqvist'), 'the member’s own menu');
    t.true(page.includes(titles.authenticated));
  }
  const forged = app.client();
  forged.cookies.set('turnout.sid', browser.cookies.get('turnout.sid')!);
  forged.cookies.set('turnout.sid.sig', 'not-the-signature');
  const page = (await forged.get(path, html)).text;
  t.false(page.includes('Casey Lindqvist'), 'no member menu for a forged signature');
  t.false(page.includes(titles.authenticated), 'a visitor’s page');
  t.is((await forged.get('/api/auth/me')).status, 401);
});

test('a session that falls due for renewal while kept still renews when its member reads a kept page', async (t) => {
  const { profile } = await profileWithCanaries();
  const member = await createUser();
  const path = `/profiles/${profile.id}/public`;
  // koa-session renews a session within half its max age of expiry (`renew`). A 10-second session: not due when
  // it is first read (and kept by the session cache), due 5 s later.
  const maxAge = 10_000;
  const startedAt = Date.now();
  const expiresAt = startedAt + maxAge;
  await app
    .db('sessions')
    .where('user_id', member.user.id)
    .update({
      data: JSON.stringify({ _expire: expiresAt, _maxAge: maxAge }),
      expires_at: new Date(expiresAt),
    });
  await clientAs(app, member).get(path, html); // the page is kept for members
  const expiry = async () => {
    const row = await app.db('sessions').where('user_id', member.user.id).first();
    return new Date(row.expiresAt ?? row.expires_at).getTime();
  };
  t.is((await clientAs(app, member).get(path, html)).status, 200, 'read while not due: the session is kept');
  t.is(await expiry(), expiresAt, 'not renewed yet');
  await new Promise((resolve) => setTimeout(resolve, startedAt + maxAge / 2 + 500 - Date.now()));
  t.is((await clientAs(app, member).get(path, html)).status, 200);
  t.true((await expiry()) > expiresAt, 'due: renewed, its expiry moved on');
});
