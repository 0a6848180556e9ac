/**
 * The visibility switch without JavaScript (POST /profiles/{id}/status, src/pages/profiles.tsx): the API's schema,
 * policy and service behind a plain form post — 303 back to the own view with the spec's toast for the page
 * after, a refused value shown on the page again (400), and nobody but those who may edit the profile can use it.
 * Also what the owner's own page loads: no island code until the toolbar is touched (docs/decisions/script-only-where-needed.md: the owner's page
 * ships no script it does not use), while edit mode still hydrates the toolbar at load.
 */
import test from 'ava';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { modulePreloads } from '../helpers/preloads';
import { PROFILE_MESSAGES } from '../../src/validation/profileWidgets';
import { getManifest } from '../../src/render/manifest';

let app: TestApp;
let owner: CreatedUser;
let id: number;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
  owner = await createUser({ name: 'Sam Switch' });
  id = (await createProfileFor(owner, { profileStatus: 'draft' })).id;
});
test.after.always(async () => {
  await app?.close();
});

const statusOf = async () => (await clientAs(app, owner).get(`/api/profiles/${id}`)).body.profileStatus as string;

/** The toast a post left for the next page (the turnout_toast cookie), if any. */
function pendingToast(res: { headers: Headers }): unknown {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('turnout_toast='));
  return cookie ? JSON.parse(decodeURIComponent(/^turnout_toast=([^;]*)/.exec(cookie)![1]!)) : undefined;
}

test.serial(
  'the owner publishes and hides the profile with plain posts: 303 to the own view, with the toast',
  async (t) => {
    const published = await clientAs(app, owner).postForm(`/profiles/${id}/status`, { profileStatus: 'live' });
    t.is(published.status, 303);
    t.is(published.headers.get('location'), `/profiles/${id}`);
    t.deepEqual(pendingToast(published), { title: PROFILE_MESSAGES.visibilityUpdated });
    t.is(await statusOf(), 'live');
    // A visitor sees it at once (the kept page follows the write).
    t.is((await clientAs(app, null).get(`/profiles/${id}/public`)).status, 200);

    const page = await clientAs(app, owner).get(`/profiles/${id}`);
    t.regex(page.text, /role="switch" aria-checked="true"/, 'the switch shows Public after the redirect');

    const hidden = await clientAs(app, owner).postForm(`/profiles/${id}/status`, { profileStatus: 'draft' });
    t.is(hidden.status, 303);
    t.is(await statusOf(), 'draft');
    t.is((await clientAs(app, null).get(`/profiles/${id}/public`)).status, 404);
  },
);

test.serial('a value the switch never posts: 400, the own view again with the message, nothing changed', async (t) => {
  const res = await clientAs(app, owner).postForm(`/profiles/${id}/status`, { profileStatus: 'archived' });
  t.is(res.status, 400);
  t.regex(res.text, /role="alert"/);
  t.true(res.text.includes(PROFILE_MESSAGES.updateFailed));
  t.true(res.text.includes('profileStatus must be draft or live'));
  t.is(pendingToast(res), undefined);
  t.is(await statusOf(), 'draft');
});

test.serial('nobody else can post it: another member 403, signed out to /login; the status stays', async (t) => {
  const member = await createUser({ name: 'Not The Owner' });
  // A refused value re-renders the page, but never a profile its poster may not read (the draft: 404).
  const forged = await clientAs(app, member).postForm(`/profiles/${id}/status`, { profileStatus: 'archived' });
  t.is(forged.status, 404);
  t.false(forged.text.includes('Sam Switch'), 'the draft is not shown');
  // A live profile, so the member may read it and is refused for editing (not hidden as a 404).
  await clientAs(app, owner).postForm(`/profiles/${id}/status`, { profileStatus: 'live' });
  const refused = await clientAs(app, member).postForm(`/profiles/${id}/status`, { profileStatus: 'draft' });
  t.is(refused.status, 403);
  const signedOut = await clientAs(app, null).postForm(`/profiles/${id}/status`, { profileStatus: 'draft' });
  t.is(signedOut.status, 303);
  t.regex(signedOut.headers.get('location') ?? '', /^\/login/);
  t.is(await statusOf(), 'live');
});

test.serial(
  'the owner’s page loads only the island runtime’s own file; edit mode hydrates the toolbar at load',
  async (t) => {
    const manifest = getManifest(false);
    const hydrateOf = (html: string, name: string) =>
      /data-hydrate="([^"]+)"/.exec(
        [...html.matchAll(/<[^>]*data-island="[^"]*"[^>]*>/g)].find((m) => m[0].includes(`data-island="${name}"`))![0],
      )?.[1];

    const own = (await clientAs(app, owner).get(`/profiles/${id}`)).text;
    t.deepEqual(modulePreloads(own), [manifest.client.src], 'no runtime stage and no island module preloaded');
    t.true(own.includes(`<script type="module" src="${manifest.client.src}"></script>`));
    t.is(hydrateOf(own, 'ProfileToolbar'), 'interaction');

    const editing = (await clientAs(app, owner).get(`/profiles/${id}?edit=1`)).text;
    t.is(hydrateOf(editing, 'ProfileToolbar'), 'load');
    const editPreloads = modulePreloads(editing);
    for (const file of [...manifest.client.imports, manifest.islands.ProfileToolbar!.src])
      t.true(editPreloads.includes(file), `edit mode preloads ${file}`);
  },
);
