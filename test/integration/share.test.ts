/**
 * Sharing (docs/decisions/share.md): every share route answers a visitor, a member, the owner and an admin with only what
 * each may see — public, members-only and private canaries in the QR code's target, the contact card (parsed
 * by an independent vCard parser), the résumé page and PDF (its extracted text), the link preview image (its
 * SVG source) and the insights counts.
 */
import test from 'ava';
import ICAL from 'ical.js';
import jsQR from 'jsqr';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { conditionalGet } from '../helpers/conditionalGet';
import { insightCounter } from '../../src/services/insights/counter';
import { ogSvg } from '../../src/render/share/ogImage';
import { presentPreviewCard } from '../../src/presenters/share';
import { profilesWithUsername } from '../../src/services/profileReads';

let app: TestApp;
let fixture: Fixture;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
  fixture = await sharedProfile();
});
test.after.always(async () => {
  await app?.close();
});

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const as = (account: CreatedUser | null) => clientAs(app, account);
const NAME = 'Seán Ó Briain, Jr.; Ærø\\Test';

interface Fixture {
  owner: CreatedUser;
  member: CreatedUser;
  admin: CreatedUser;
  id: number;
  canaries: { public: string; authenticated: string; private: string; offMain: string };
}

/** A live profile with an award, a certification and a timeline event of each visibility (plus one off the main profile). */
async function sharedProfile(attributes: Parameters<typeof createProfileFor>[1] = {}): Promise<Fixture> {
  const stamp = Math.random().toString(36).slice(2, 8);
  const owner = await createUser({ name: NAME });
  const member = await createUser();
  const admin = await createUser({ role: 'admin' });
  const profile = await createProfileFor(owner, {
    name: NAME,
    rank: 'Captain',
    title: 'Training Officer',
    role: 'Instructor',
    email: `captain-${stamp}@example.com`,
    emailVisibility: 'private',
    phone: '(512) 555-0100',
    phoneVisibility: 'authenticated',
    linkedin: 'sean-obriain',
    personalStatement: `Twenty years on the line. Statement ${stamp}`,
    ...attributes,
  });
  const canaries = {
    public: `Public ${stamp}`,
    authenticated: `Crew ${stamp}`,
    private: `Secret ${stamp}`,
    offMain: `Offmain ${stamp}`,
  };
  const add = async (list: string, item: Record<string, unknown>) => {
    const res = await as(owner).post(`/api/profiles/${profile.id}/${list}`, item);
    if (res.status !== 201) throw new Error(`${list}: ${res.status} ${JSON.stringify(res.body)}`);
  };
  for (const visibility of ['public', 'authenticated', 'private'] as const) {
    const label = canaries[visibility];
    await add('awards', {
      name: `${label} award`,
      year: '2019',
      type: 'valor',
      visibility,
      citation: `${label} citation`,
    });
    await add('certifications', { name: `${label} certification`, issuer: 'NFPA', year: 2018, visibility });
    await add('timeline', {
      year: '2015',
      event: `${label} event`,
      type: 'promoted',
      department: 'Travis County ESD',
      visibility,
    });
  }
  await add('awards', { name: `${canaries.offMain} award`, year: '2012', type: 'service', showOnMainProfile: false });
  return { owner, member, admin, id: profile.id, canaries };
}

const viewers = () => ({ visitor: null, member: fixture.member, owner: fixture.owner, admin: fixture.admin }) as const;

/** What each kind of viewer may see of the canaries. */
const expected = {
  visitor: ['public'],
  member: ['public', 'authenticated'],
  owner: ['public', 'authenticated', 'private'],
  admin: ['public', 'authenticated', 'private'],
} as const;

function checkCanaries(t: import('ava').ExecutionContext, text: string, who: keyof typeof expected, what: string) {
  for (const visibility of ['public', 'authenticated', 'private'] as const) {
    const present = (expected[who] as readonly string[]).includes(visibility);
    t.is(
      text.includes(fixture.canaries[visibility]),
      present,
      `${what} for ${who}: ${visibility} items ${present ? 'shown' : 'hidden'}`,
    );
  }
  t.false(text.includes(fixture.canaries.offMain), `${what} for ${who}: items off the main profile are left out`);
}

test('QR code: SVG and PNG encode the canonical public address with src=qr, kept per version with an ETag', async (t) => {
  const path = `/profiles/${fixture.id}`;
  for (const [who, account] of Object.entries(viewers())) {
    const png = await as(account).get(`${path}/qr.png?size=400`);
    t.is(png.status, 200, `${who} gets the PNG`);
    t.is(png.headers.get('content-type'), 'image/png');
  }
  const res = await fetch(`${app.baseUrl}${path}/qr.png?size=400`);
  const bytes = Buffer.from(await res.arrayBuffer());
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  t.is(info.width, 400);
  const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
  t.is(
    decoded?.data,
    `${app.baseUrl}/profiles/${fixture.id}/public?src=qr`,
    'a profile without a username: its public view',
  );

  const svg = await as(null).get(`${path}/qr.svg`);
  t.is(svg.status, 200);
  t.regex(svg.headers.get('content-type') ?? '', /^image\/svg\+xml/);
  t.true(svg.text.startsWith('<svg'));
  const etag = svg.headers.get('etag')!;
  t.truthy(etag);
  t.is((await conditionalGet(`${app.baseUrl}${path}/qr.svg`, etag)).status, 304, 'unchanged: 304');

  // A username: the QR code encodes /{username}; the SVG changes with the profile's version.
  await app
    .db('users')
    .where({ id: fixture.owner.user.id })
    .update({ username: `sean${fixture.id}` });
  const renamed = await as(fixture.owner).patch('/api/profiles/' + fixture.id, { motto: 'Everyone goes home' });
  t.is(renamed.status, 200);
  const after = await as(null).get(`${path}/qr.svg`);
  t.not(after.headers.get('etag'), etag, 'a new profile version: a new QR code');
  const bigger = await fetch(`${app.baseUrl}${path}/qr.png?size=2048`);
  const big = await sharp(Buffer.from(await bigger.arrayBuffer()))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  t.is(big.info.width, 2048, 'up to 2048 px for print');
  t.is(
    jsQR(new Uint8ClampedArray(big.data), big.info.width, big.info.height)?.data,
    `${app.baseUrl}/sean${fixture.id}?src=qr`,
  );

  // The username's page carries the scan mark to the public view.
  const scan = await as(null).get(`/sean${fixture.id}?src=qr`);
  t.is(scan.headers.get('location'), `/profiles/${fixture.id}/public?src=qr`);
  await app.db('users').where({ id: fixture.owner.user.id }).update({ username: null });
  await as(fixture.owner).patch('/api/profiles/' + fixture.id, { motto: 'Everyone goes home.' });

  for (const size of ['0', '63', '2049', 'abc', '1e3']) {
    t.is((await as(null).get(`${path}/qr.png?size=${size}`)).status, 400, `size=${size} is refused`);
  }
});

test('drafts: every share route answers 404 to visitors and members, and works for the owner and admins', async (t) => {
  const draft = await sharedProfile({ profileStatus: 'draft' });
  for (const route of ['qr.svg', 'qr.png', 'contact.vcf', 'resume', 'resume.pdf', 'og.png', 'insights']) {
    const path = `/profiles/${draft.id}/${route}`;
    t.is((await as(null).get(path)).status, 404, `${route}: a visitor`);
    t.is((await as(draft.member).get(path)).status, 404, `${route}: a member`);
    t.is((await as(draft.owner).get(path)).status, 200, `${route}: the owner`);
    t.is((await as(draft.admin).get(path)).status, 200, `${route}: an admin`);
  }
  t.is((await as(null).get('/profiles/999999/contact.vcf')).status, 404, 'a missing profile');
  t.is((await as(null).get('/profiles/12abc/resume.pdf')).status, 404, 'a malformed id');
});

/** The card's properties as the independent parser reads them: name → values (as text). */
function parseCard(text: string) {
  const card = new ICAL.Component(ICAL.parse(text) as unknown as unknown[]);
  const values = (name: string) => card.getAllProperties(name).map((p) => p.getValues().map(String).join(';'));
  return { card, values };
}

test('contact card: vCard 4.0 with each field the viewer may see, escaped and folded, read back by ical.js', async (t) => {
  for (const [who, account] of Object.entries(viewers())) {
    const res = await as(account).get(`/profiles/${fixture.id}/contact.vcf`);
    t.is(res.status, 200);
    t.is(res.headers.get('content-type'), 'text/vcard; charset=utf-8');
    t.regex(res.headers.get('content-disposition') ?? '', /attachment; filename="Sean-O-Briain-Jr-rTest\.vcf"/);
    t.is(res.headers.get('cache-control'), 'private, no-cache');
    for (const line of res.text.split('\r\n')) t.true(Buffer.byteLength(line) <= 75, `folded: ${line}`);
    t.true(res.text.endsWith('END:VCARD\r\n'));

    const { card, values } = parseCard(res.text);
    t.is(card.getFirstPropertyValue('version'), '4.0');
    t.deepEqual(values('fn'), [NAME], `${who}: the name with a comma, a semicolon, a backslash and non-ASCII letters`);
    const n = card.getFirstProperty('n')!.getFirstValue() as unknown as string[];
    t.deepEqual(n.slice(0, 2), ['Ærø\\Test', 'Seán Ó Briain, Jr.;'], 'N: family; given');
    t.deepEqual(values('org'), [(await profilesWithUsername().findById(fixture.id))!.department]);
    t.deepEqual(values('title'), ['Captain, Training Officer']);
    t.deepEqual(values('role'), ['Instructor']);
    t.deepEqual(values('url').sort(), [`${app.baseUrl}/profiles/${fixture.id}/public`]);
    t.deepEqual(values('x-socialprofile'), ['https://www.linkedin.com/in/sean-obriain']);
    t.is(card.getFirstProperty('x-socialprofile')!.getParameter('type'), 'linkedin');
    t.truthy(card.getFirstPropertyValue('rev'));
    const sees = { visitor: [false, false], member: [false, true], owner: [true, true], admin: [true, true] }[who]!;
    t.is(values('email').length, sees[0] ? 1 : 0, `${who}: the private e-mail address ${sees[0] ? 'shown' : 'hidden'}`);
    if (sees[0]) t.regex(values('email')[0]!, /^captain-.*@example\.com$/);
    t.deepEqual(values('tel'), sees[1] ? ['tel:5125550100'] : [], `${who}: the members-only phone`);
    t.false(/captain-.*@example\.com/.test(res.text) && !sees[0], 'no trace of the hidden address');
  }
});

test('résumé page: print-ready HTML with no script, only what the viewer may see, in fire-service order', async (t) => {
  for (const [who, account] of Object.entries(viewers())) {
    const res = await as(account).get(`/profiles/${fixture.id}/resume`, { headers: { Accept: 'text/html' } });
    t.is(res.status, 200);
    t.false(res.text.includes('<script'), 'no script');
    t.true(res.text.includes('@page'), 'print CSS');
    t.true(res.text.includes('size:letter') || res.text.includes('size: letter'));
    checkCanaries(t, res.text, who as keyof typeof expected, 'résumé page');
    const order = ['statement', 'credentials', 'experience', 'awards'].map((key) =>
      res.text.indexOf(`data-resume-section="${key}"`),
    );
    t.true(
      order.every((index, i) => index > 0 && (i === 0 || index > order[i - 1]!)),
      'sections in order',
    );
    t.true(res.text.includes('Travis County ESD'), 'experience grouped by department');
    t.is(res.text.includes('(512) 555-0100'), who !== 'visitor', `${who}: the members-only phone`);
  }
  const a4 = await as(null).get(`/profiles/${fixture.id}/resume?paper=a4`);
  t.true(a4.text.includes('size:A4') || a4.text.includes('size: A4'));
  const bad = await as(null).get(`/profiles/${fixture.id}/resume?paper=legal`);
  t.is(bad.status, 302, 'a bad paper goes to the canonical address');
});

test('résumé PDF: real text with the canaries the viewer may see, page numbers, an embedded font', async (t) => {
  for (const [who, account] of Object.entries(viewers())) {
    const res = await fetch(`${app.baseUrl}/profiles/${fixture.id}/resume.pdf`, {
      headers: account ? { Authorization: `Bearer ${account.token}` } : {},
    });
    t.is(res.status, 200);
    t.is(res.headers.get('content-type'), 'application/pdf');
    t.regex(res.headers.get('content-disposition') ?? '', /\.pdf"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    t.true(bytes.subarray(0, 5).toString() === '%PDF-');
    t.true(bytes.includes('/FontFile2'), 'the TrueType font is embedded');
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    const { text } = await parser.getText();
    await parser.destroy();
    checkCanaries(t, text, who as keyof typeof expected, 'résumé PDF');
    t.true(text.includes(NAME), 'the name, non-ASCII letters included, as real text');
    t.regex(text, /Page 1 of 1/);
  }
});

test('résumé sections: the owner chooses them (saved); others may not', async (t) => {
  const mine = await sharedProfile();
  const path = `/api/profiles/${mine.id}/resume-sections`;
  t.is((await as(null).request('PUT', path, { sections: ['awards'] })).status, 401);
  t.is((await as(mine.member).request('PUT', path, { sections: ['awards'] })).status, 403);
  const bad = await as(mine.owner).request('PUT', path, { sections: ['awards', 'gossip'] });
  t.is(bad.status, 400);
  t.is((await as(mine.owner).request('PUT', path, { sections: 'awards' })).status, 400);
  const saved = await as(mine.owner).request('PUT', path, { sections: ['awards', 'statement'] });
  t.is(saved.status, 200);
  t.deepEqual(saved.body.resumeSections, ['statement', 'awards'], 'kept in résumé order');
  const page = await as(null).get(`/profiles/${mine.id}/resume`);
  t.true(page.text.includes(`${mine.canaries.public} award`));
  t.false(page.text.includes(`${mine.canaries.public} certification`), 'a section left out');
  t.false(page.text.includes('data-resume-section="experience"'));
});

test('link preview image: 1200×630 PNG, kept per version; its SVG holds no private field; meta tags on the public page', async (t) => {
  const res = await fetch(`${app.baseUrl}/profiles/${fixture.id}/og.png`);
  t.is(res.status, 200);
  t.is(res.headers.get('content-type'), 'image/png');
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  t.deepEqual([meta.width, meta.height], [1200, 630]);
  const etag = res.headers.get('etag')!;
  t.is((await conditionalGet(`${app.baseUrl}/profiles/${fixture.id}/og.png`, etag)).status, 304);

  const profile = (await profilesWithUsername().findById(fixture.id))!;
  const svg = ogSvg(presentPreviewCard(profile), null, 'Turnout');
  t.true(svg.includes('Seán Ó Briain, Jr.; Ærø\\Test'), 'the name');
  t.true(svg.includes('Captain · Training Officer'));
  t.true(svg.includes('>SÆ<'), 'initials without a photo');
  t.false(svg.includes(profile.email!), 'never the private e-mail address');
  t.false(svg.includes('555-0100'), 'never the members-only phone');
  t.false(svg.includes(fixture.canaries.private));

  const page = await as(null).get(`/profiles/${fixture.id}/public`);
  t.regex(
    page.text,
    new RegExp(`<meta property="og:image" content="${app.baseUrl}/profiles/${fixture.id}/og\\.png\\?v=`),
  );
  t.true(page.text.includes('<meta property="og:image:width" content="1200">'));
  t.true(page.text.includes('<meta property="og:image:height" content="630">'));
  t.true(page.text.includes('<meta name="twitter:card" content="summary_large_image">'));
});

test('insights: views, visitors, QR scans, downloads and referrers counted for readers only; shown to the owner and admins', async (t) => {
  const mine = await sharedProfile();
  const visit = (path: string, headers: Record<string, string> = {}, account: CreatedUser | null = null) =>
    as(account).get(path, { headers: { 'User-Agent': BROWSER, Accept: 'text/html', ...headers } });
  const pub = `/profiles/${mine.id}/public`;
  await insightCounter.flush();
  await visit(pub);
  await visit(pub); // the same visitor again (a kept page): a view, not a new visitor
  await visit(`${pub}?src=qr`, { 'User-Agent': `${BROWSER} Mobile` });
  await visit(pub, { Referer: 'https://www.facebook.com/groups/123' });
  await visit(pub, { Referer: `${app.baseUrl}/profiles/${mine.id}` }); // our own site: no referrer
  await visit(pub, { 'User-Agent': `${BROWSER} Firefox` }, mine.member); // another browser: another visitor
  await visit(pub, { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' }); // a bot
  await visit(pub, { 'User-Agent': '' }); // no user agent: a bot
  await visit(pub, {}, mine.owner); // the owner's own views do not count
  await visit(`/profiles/${mine.id}`, {}, mine.admin); // nor an admin's
  await visit(`/profiles/${mine.id}?as=member`, {}, mine.owner); // nor the owner's "View as" (rendered and kept)
  await visit(`/profiles/${mine.id}?as=member`, {}, mine.owner); // (answered from the kept page)
  await visit(`/profiles/${mine.id}/contact.vcf`);
  await visit(`/profiles/${mine.id}/resume.pdf`, {}, mine.member);
  await visit(`/profiles/${mine.id}/resume.pdf`, {}, mine.owner); // not counted
  await new Promise((resolve) => setTimeout(resolve, 200)); // the member's view looks up the owner after answering
  await insightCounter.flush();

  const path = `/api/profiles/${mine.id}/insights`;
  t.is((await as(null).get(path)).status, 401, 'a visitor (the profile is readable; its insights are not)');
  t.is((await as(mine.member).get(path)).status, 403, 'a member');
  const own = await as(mine.owner).get(path);
  t.is(own.status, 200);
  t.deepEqual(own.body.totals, { views: 6, visitors: 3, qrScans: 1, vcardDownloads: 1, pdfDownloads: 1 });
  t.deepEqual(own.body.referrers, [{ domain: 'facebook.com', views: 1 }]);
  t.is(own.body.daily.length, 30);
  t.is(own.body.daily.at(-1).views, 6, 'today');
  t.is((await as(mine.owner).get(`${path}?days=90`)).body.daily.length, 90);
  t.is((await as(mine.owner).get(`${path}?days=7`)).status, 400);
  t.is((await as(mine.admin).get(path)).status, 200, 'an admin');

  const panel = await as(mine.owner).get(`/profiles/${mine.id}/insights`, { headers: { Accept: 'text/html' } });
  t.is(panel.status, 200);
  t.true(panel.text.includes('data-chart="views"'), 'the server-drawn chart');
  t.regex(panel.text, /<table aria-label="Views per day, last 30 days"/, 'the same numbers as a table');
  t.true(panel.text.includes('facebook.com'));
  t.is(panel.text.match(/<main\b/g)?.length, 1, 'one main landmark (the layout’s)');
  t.is((await as(mine.member).get(`/profiles/${mine.id}/insights`)).status, 403);
  t.is((await as(null).get(`/profiles/${mine.id}/insights`)).status, 401);

  const site = await as(mine.admin).get('/api/admin/insights');
  t.is(site.status, 200);
  t.true(site.body.totals.views >= 6, 'site totals add every profile up');
  const dashboard = await as(mine.admin).get('/admin', { headers: { Accept: 'text/html' } });
  t.true(dashboard.text.includes('Profile activity, last 30 days'), 'site totals on the admin dashboard');
  t.true(dashboard.text.includes(`<dd>${site.body.totals.views}</dd>`));
  t.is((await as(mine.member).get('/api/admin/insights')).status, 403);
  t.is((await as(null).get('/api/admin/insights')).status, 401);

  // Nothing but counts is stored.
  const columns = Object.keys((await app.db('profile_insights').first()) ?? {});
  t.deepEqual(columns.sort(), ['count', 'day', 'key', 'metric', 'profileId']);
});
