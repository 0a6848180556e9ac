/**
 * The guided start (docs/decisions/guided-start.md): a new profile shows its owner a checklist with progress, each
 * step ticked when done; it disappears when every step is done or when the owner hides it (stored: it stays
 * hidden); nobody else ever gets it. The owner's empty sections are one "Add …" menu; visitors never see an empty
 * section.
 */
import test from 'ava';
import { startTestApp, clientAs, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { Profile } from '../../src/models/Profile';
import { GUIDED_START_MESSAGES } from '../../src/validation/guidedStart';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

const html = { headers: { Accept: 'text/html' } };
const TITLE = GUIDED_START_MESSAGES.title;
const stepsDone = (page: string) => [...page.matchAll(/data-step="(\w+)" data-done=""/g)].map((m) => m[1]);

test('a new profile shows its owner the checklist; each step is ticked as it is done', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner, { profileStatus: 'draft' });
  const api = clientAs(app, owner);
  const own = async () => (await api.get<string>(`/profiles/${profile.id}`, html)).text;

  const fresh = await own();
  t.true(fresh.includes(TITLE));
  t.true(fresh.includes(GUIDED_START_MESSAGES.progress(0, 5)));
  t.deepEqual(stepsDone(fresh), []);
  t.true(fresh.includes(`href="/profiles/${profile.id}?edit=1&amp;add=timeline#section-timeline"`));
  t.true(fresh.includes(`action="/profiles/${profile.id}/status"`), 'going live is the visibility switch’s post');
  t.false(fresh.includes('aria-labelledby="section-'), 'no empty section cards: one "Add …" menu instead');
  t.true(fresh.includes('data-add-menu'));

  await api.patch(`/api/profiles/${profile.id}`, { personalStatement: 'Twelve years on Engine 4.' });
  await api.post(`/api/profiles/${profile.id}/timeline`, { year: '2014', event: 'Hired', type: 'hired' });
  const two = await own();
  t.deepEqual(stepsDone(two), ['statement', 'timeline']);
  t.true(two.includes(GUIDED_START_MESSAGES.progress(2, 5)));

  await api.patch(`/api/profiles/${profile.id}`, { profileImage: 'https://example.com/me.jpg' });
  await api.post(`/api/profiles/${profile.id}/certifications`, { name: 'EMT', issuer: 'NREMT', year: 2020 });
  t.deepEqual(stepsDone(await own()), ['photo', 'statement', 'timeline', 'certification']);

  // The last step is the visibility switch's plain post: then every step is done and the checklist is gone.
  const live = await api.postForm(`/profiles/${profile.id}/status`, { profileStatus: 'live' });
  t.is(live.status, 303);
  t.false((await own()).includes(TITLE));
});

test('the checklist is on the owner’s own view, not in edit mode; hiding it is stored', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner, { profileStatus: 'draft' });
  const api = clientAs(app, owner);
  t.true((await api.get<string>(`/profiles/${profile.id}`, html)).text.includes(TITLE), 'on the owner’s view');
  t.false((await api.get<string>(`/profiles/${profile.id}?edit=1`, html)).text.includes(TITLE), 'edit mode stays calm');
  const hidden = await api.postForm(`/profiles/${profile.id}/start/dismiss`, {});
  t.is(hidden.status, 303);
  t.is(hidden.headers.get('location'), `/profiles/${profile.id}`);
  t.truthy((await Profile.query().findById(profile.id))!.guidedStartDismissedAt, 'stored');
  t.false((await api.get<string>(`/profiles/${profile.id}`, html)).text.includes(TITLE));
  t.is((await api.postForm(`/profiles/${profile.id}/start/dismiss`, {})).status, 303, 'again: nothing to do');
});

test('nobody else gets the checklist or the Add menu, and nobody else may hide it', async (t) => {
  const owner = await createUser();
  const member = await createUser();
  const profile = await createProfileFor(owner, { profileStatus: 'live' });
  for (const [who, account] of [
    ['visitor', null],
    ['member', member],
  ] as const) {
    const page = await clientAs(app, account).get<string>(`/profiles/${profile.id}`, html);
    t.false(page.text.includes(TITLE), who);
    t.false(page.text.includes('data-add-menu'), who);
    t.false(page.text.includes('Add your first'), `${who}: no empty section`);
  }
  const asVisitor = await clientAs(app, owner).get<string>(`/profiles/${profile.id}?as=visitor`, html);
  t.false(asVisitor.text.includes(TITLE), 'not on the owner’s "View as" page');
  const refused = await clientAs(app, member).postForm(`/profiles/${profile.id}/start/dismiss`, {});
  t.is(refused.status, 403);
  t.is((await Profile.query().findById(profile.id))!.guidedStartDismissedAt, null);
  const signedOut = await clientAs(app, null).postForm(`/profiles/${profile.id}/start/dismiss`, {});
  t.is(signedOut.status, 303);
  t.is(signedOut.headers.get('location'), '/login');
});
