/**
 * The profile document (spec 02 §3, §7): GET /api/profiles/{id}, /own/{id} and /username/{username} carry every
 * list with exactly the items the viewer may see (visibility canaries in every list), in a constant number of
 * queries, with an ETag that changes with the profile's version and the viewer's class.
 */
import test from 'ava';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { conditionalGet } from '../helpers/conditionalGet';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { LIST_SAMPLES } from '../helpers/listSamples';
import { LISTS } from '../../src/validation/lists';
import type { ProfileDocumentJson } from '../../src/validation/profiles';
import type { Visibility } from '../../src/validation/visibility';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

const as = (account: CreatedUser | null) => clientAs(app, account);
const VISIBILITIES: Visibility[] = ['public', 'authenticated', 'private'];
/** Lists titled by a choice carry their canary in a text field. */
const CANARY_FIELD: Record<string, string> = { readinessDates: 'name', hiringTracker: 'department' };
const titleOf = (list: (typeof LISTS)[number]) => CANARY_FIELD[list.key] ?? ((list.titleField ?? 'name') as string);
/** An owner-only list's items are only ever private (docs/decisions/hiring-tracker.md). */
const visibilitiesOf = (list: (typeof LISTS)[number], among = VISIBILITIES) =>
  list.ownerOnly ? among.filter((v) => v === 'private') : among;

/** A live profile with one item per visibility in every list (private only in owner-only ones), each titled `{visibility}-canary-{list}-{tag}`. */
async function profileWithCanaries(tag: string) {
  const owner = await createUser({ username: `canary-${tag}` });
  const profile = await createProfileFor(owner);
  for (const list of LISTS) {
    for (const visibility of visibilitiesOf(list)) {
      const res = await as(owner).post(`/api/profiles/${profile.id}/${list.path}`, {
        ...LIST_SAMPLES[list.path]!.add,
        [titleOf(list)]: `${visibility}-canary-${list.key}-${tag}`,
        visibility,
      });
      if (res.status !== 201) throw new Error(`${list.path}: ${res.status} ${res.text}`);
    }
  }
  return { owner, profile };
}

const titles = (doc: ProfileDocumentJson, list: (typeof LISTS)[number]) =>
  ((doc as unknown as Record<string, Array<Record<string, unknown>>>)[list.key] ?? []).map((item) =>
    String(item[titleOf(list)]),
  );

test('every list with exactly the items each viewer may see, on all three routes; private text never leaks', async (t) => {
  const tag = `${Date.now() % 1_000_000}`;
  const { owner, profile } = await profileWithCanaries(tag);
  const member = await createUser();
  const admin = await createUser({ role: 'admin' });
  const seenBy: Array<[string, CreatedUser | null, string[], Visibility[]]> = [
    ['visitor', null, [`/api/profiles/${profile.id}`, `/api/profiles/username/canary-${tag}`], ['public']],
    ['member', member, [`/api/profiles/${profile.id}`], ['public', 'authenticated']],
    ['owner', owner, [`/api/profiles/${profile.id}`, `/api/profiles/own/${profile.id}`], VISIBILITIES],
    ['admin', admin, [`/api/profiles/${profile.id}`, `/api/profiles/own/${profile.id}`], VISIBILITIES],
  ];
  for (const [who, account, paths, visible] of seenBy) {
    for (const path of paths) {
      const res = await as(account).get<ProfileDocumentJson>(path);
      t.is(res.status, 200, `${who} ${path}`);
      t.is(res.body.id, profile.id);
      t.is(res.body.name, owner.user.name);
      for (const list of LISTS) {
        t.deepEqual(
          titles(res.body, list),
          visibilitiesOf(list, visible).map((v) => `${v}-canary-${list.key}-${tag}`),
          `${who} ${path} ${list.key}: in display order`,
        );
      }
      t.true(Array.isArray(res.body.photoGallery), 'the gallery is part of the document');
      for (const hidden of VISIBILITIES.filter((v) => !visible.includes(v)))
        t.false(res.text.includes(`${hidden}-canary-`), `${who} never gets ${hidden} text`);
    }
  }
  t.false(
    (await as(member).get(`/api/profiles/own/${profile.id}`)).status === 200,
    'the own route is the owner’s and admins’',
  );
});

test('the per-list routes stay; the document’s lists agree with them', async (t) => {
  const { owner, profile } = await profileWithCanaries(`l${Date.now() % 1_000_000}`);
  const doc = (await as(null).get<ProfileDocumentJson>(`/api/profiles/${profile.id}`)).body;
  for (const list of LISTS) {
    const own = await as(owner).get(`/api/profiles/${profile.id}/${list.path}`);
    t.is(own.status, 200, list.path);
    const visitor = await as(null).get<unknown[]>(`/api/profiles/${profile.id}/${list.path}`);
    t.deepEqual(visitor.body, (doc as unknown as Record<string, unknown[]>)[list.key], list.key);
  }
});

test.serial('a constant number of queries, whatever the number of items', async (t) => {
  const emptyOwner = await createUser();
  const empty = await createProfileFor(emptyOwner);
  const { owner, profile } = await profileWithCanaries(`q${Date.now() % 1_000_000}`);
  const count = async (account: CreatedUser | null, id: number) => {
    let queries = 0;
    // A write's change notice (pg_notify, after its commit) may land meanwhile; it is not this read's.
    const onQuery = (q: { sql: string }) => (queries += /pg_notify/i.test(q.sql) ? 0 : 1);
    app.db.on('query', onQuery);
    try {
      t.is((await as(account).get(`/api/profiles/${id}`)).status, 200);
    } finally {
      app.db.off('query', onQuery);
    }
    return queries;
  };
  // Sessions are kept per node once read (the session cache): read each once, so both counts start warm.
  for (const account of [owner, emptyOwner]) t.is((await as(account).get('/api/auth/me')).status, 200);
  const visitorFull = await count(null, profile.id);
  t.is(visitorFull, await count(null, empty.id), 'thirty items cost what none do');
  t.true(visitorFull <= 4, `a visitor: the profile, its lists, its skills' endorsements, its photos (${visitorFull})`);
  const ownerFull = await count(owner, profile.id);
  t.is(ownerFull, await count(emptyOwner, empty.id));
  t.true(ownerFull <= 12, `the owner: also the session, the folders and each list's photo usage (${ownerFull})`);
});

test.serial(
  'ETag: weak, per viewer class and profile version; If-None-Match answers 304 without reading the lists',
  async (t) => {
    const { owner, profile } = await profileWithCanaries(`e${Date.now() % 1_000_000}`);
    const member = await createUser();
    const otherMember = await createUser();
    const url = `${app.baseUrl}/api/profiles/${profile.id}`;
    const tagFor = async (account: CreatedUser | null) => {
      const res = await as(account).get(`/api/profiles/${profile.id}`);
      t.is(res.headers.get('cache-control'), 'private, no-cache');
      return res.headers.get('etag')!;
    };
    const visitorTag = await tagFor(null);
    const memberTag = await tagFor(member);
    const ownerTag = await tagFor(owner);
    t.regex(visitorTag, /^W\/"/);
    t.is(new Set([visitorTag, memberTag, ownerTag]).size, 3, 'each viewer class has its own tag');
    t.is(await tagFor(otherMember), memberTag, 'members see the same document');

    let queries = 0;
    const onQuery = () => (queries += 1);
    app.db.on('query', onQuery);
    const notModified = await conditionalGet(url, visitorTag, { accept: 'application/json' });
    app.db.off('query', onQuery);
    t.is(notModified.status, 304);
    t.is(notModified.body, '');
    t.is(queries, 1, 'only the profile row is read');
    t.is((await conditionalGet(url, visitorTag, { bearer: member.token, accept: 'application/json' })).status, 200);
    t.is((await conditionalGet(url, memberTag, { bearer: member.token, accept: 'application/json' })).status, 304);

    await as(owner).post(`/api/profiles/${profile.id}/gear`, LIST_SAMPLES.gear!.add);
    const changed = await conditionalGet(url, visitorTag, { accept: 'application/json' });
    t.is(changed.status, 200, 'a write changes the tag');
    t.is((JSON.parse(changed.body) as ProfileDocumentJson).gear.length, 2);
    t.not(await tagFor(null), visitorTag);
  },
);
