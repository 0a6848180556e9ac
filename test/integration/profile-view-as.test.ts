/**
 * "See it as they see it" (docs/decisions/view-as.md): the owner's view marks every item's visibility, and View as visitor /
 * View as member are the pages those viewers get — for the owner or an admin only.
 */
import test from 'ava';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { conditionalGet } from '../helpers/conditionalGet';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

const html = { headers: { Accept: 'text/html' } };
const as = (account: CreatedUser | null) => clientAs(app, account);
const main = (page: string) => /<main.*?<\/main>/s.exec(page)?.[0] ?? '';

/** A live profile with one award of each visibility, titled so the HTML can be searched for each. */
async function profileWithAwards() {
  const owner = await createUser();
  const profile = await createProfileFor(owner, { profileStatus: 'live' });
  const stamp = Date.now().toString(36);
  const titles = {
    public: `Public award ${stamp}`,
    authenticated: `Crew award ${stamp}`,
    private: `My award ${stamp}`,
  };
  for (const [visibility, name] of Object.entries(titles)) {
    const res = await as(owner).post(`/api/profiles/${profile.id}/awards`, {
      name,
      year: '2019',
      type: 'valor',
      visibility,
    });
    if (res.status !== 201) throw new Error(`award not added: ${res.status}`);
  }
  return { owner, profile, titles };
}

test('View as visitor / member: the owner sees exactly what those viewers get, with a banner and no edit controls', async (t) => {
  const { owner, profile, titles } = await profileWithAwards();
  const path = `/profiles/${profile.id}`;

  const own = await as(owner).get(path, html);
  for (const title of Object.values(titles)) t.true(own.text.includes(title), `the owner's view has ${title}`);
  const header = /<header.*?<\/header>/s.exec(own.text)?.[0] ?? '';
  // Plain links, so they work before (or without) the toolbar's script.
  t.regex(header, new RegExp(`<a[^>]*href="${path}\\?as=visitor"[^>]*>View as visitor</a>`));
  t.regex(header, new RegExp(`<a[^>]*href="${path}\\?as=member"[^>]*>View as member</a>`));

  const visitor = await as(owner).get(`${path}?as=visitor`, html);
  t.is(visitor.status, 200);
  t.true(visitor.text.includes(titles.public));
  t.false(visitor.text.includes(titles.authenticated), 'members-only items are not in the visitor view');
  t.false(visitor.text.includes(titles.private), 'private items are not in the visitor view');
  t.true(visitor.text.includes('data-view-as="visitor"'), 'the banner says which view');
  t.true(visitor.text.includes(`href="${path}">Back to your view</a>`));

  const member = await as(owner).get(`${path}?as=member`, html);
  t.true(member.text.includes(titles.public));
  t.true(member.text.includes(titles.authenticated), 'members-only items are in the member view');
  t.false(member.text.includes(titles.private), 'private items are not in the member view');
  t.true(member.text.includes('data-view-as="member"'));

  for (const page of [visitor, member]) {
    t.false(page.text.includes('data-island="Profile'), 'no edit controls or editors on a View as page');
    t.false(page.text.includes('data-visibility='), 'no visibility badges: those viewers get none');
    t.is(page.headers.get('cache-control'), 'private, no-cache', 'a per-viewer page, never kept or shared');
    t.truthy(page.headers.get('etag'));
  }
  t.not(visitor.headers.get('etag'), member.headers.get('etag'));
  const again = await conditionalGet(`${app.baseUrl}${path}?as=member`, member.headers.get('etag')!, {
    bearer: owner.token,
  });
  t.is(again.status, 304, 'a conditional request for an unchanged View as page');
  // Edit mode is never granted on a View as page.
  t.false((await as(owner).get(`${path}?as=visitor&edit=1`, html)).text.includes('data-island="ProfileEditor"'));
});

test('an admin may View as; a visitor or another member asking gets nothing extra (their normal page)', async (t) => {
  const { profile, titles } = await profileWithAwards();
  const path = `/profiles/${profile.id}`;
  const admin = await createUser({ role: 'admin' });
  const adminVisitor = await as(admin).get(`${path}?as=visitor`, html);
  t.true(adminVisitor.text.includes('data-view-as="visitor"'));
  t.false(adminVisitor.text.includes(titles.authenticated));

  const visitor = await as(null).get(`${path}?as=member`, html);
  t.is(visitor.status, 200);
  t.false(visitor.text.includes(titles.authenticated), 'a visitor asking as member still gets the visitor page');
  t.false(visitor.text.includes('data-view-as'));
  t.is(main(visitor.text), main((await as(null).get(path, html)).text), 'the same page as without ?as=');

  const other = await createUser();
  const otherAs = await as(other).get(`${path}?as=member`, html);
  t.false(otherAs.text.includes(titles.private));
  t.false(otherAs.text.includes('data-view-as'));
  t.is(main(otherAs.text), main((await as(other).get(path, html)).text));
  t.is((await as(other).get(`${path}?as=admin`, html)).status, 302, 'a bad value redirects to the canonical URL');
});

test('the owner’s and admins’ views mark each item “Only me” or “Members”; visitors’ and members’ HTML has no mark', async (t) => {
  const { owner, profile, titles } = await profileWithAwards();
  const path = `/profiles/${profile.id}`;
  const marked = (page: string, title: string, visibility: string) =>
    new RegExp(`>${title}</h3>(<span[^>]*data-visibility="${visibility}"[^>]*>)`).test(page);
  for (const viewer of [owner, await createUser({ role: 'admin' })]) {
    for (const view of [path, `${path}/public`]) {
      const page = (await as(viewer).get(view, html)).text;
      t.true(marked(page, titles.private, 'private'), `${view}: private is marked`);
      t.true(page.includes('Only me</span>'), view);
      t.true(marked(page, titles.authenticated, 'authenticated'), `${view}: members-only is marked`);
      t.true(page.includes('Members</span>'), view);
      t.false(
        new RegExp(`>${titles.public}</h3><span[^>]*data-visibility=`).test(page),
        `${view}: a public item has no mark`,
      );
    }
  }
  for (const viewer of [null, await createUser()]) {
    for (const view of [path, `${path}/public`]) {
      t.false((await as(viewer).get(view, html)).text.includes('data-visibility='), `${view}: no marks`);
    }
  }
});
