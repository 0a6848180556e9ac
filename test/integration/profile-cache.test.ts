/**
 * The rendered-page cache of profile pages: warm visitors cost no query and no render, every write is seen at
 * once, other nodes hear about writes through Postgres, and conditional requests get 304.
 */
import zlib from 'node:zlib';
import test from 'ava';
import { ChangeWatch } from '../../src/db/changeWatch';
import { needsPostgresServer } from '../helpers/postgresServer';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { countQueries as countQueriesOf } from '../helpers/queries';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { ProfileCache } from '../../src/pageCache/profileCache';
import { conditionalGet as conditionalGetFrom } from '../helpers/conditionalGet';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

const as = (account: CreatedUser | null) => clientAs(app, account);
const html = (extra: Record<string, string> = {}) => ({ headers: { Accept: 'text/html', ...extra } });

const countQueries = <T>(run: () => Promise<T>) => countQueriesOf(app.db, run);

const conditionalGet = (path: string, etag: string, bearer?: string) =>
  conditionalGetFrom(`${app.baseUrl}${path}`, etag, { bearer });

async function until(condition: () => boolean | Promise<boolean>, ms = 3000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

test.serial('a warm visitor page costs no database query, carries an ETag, and answers 304 to it', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner, { motto: 'First motto' });
  const path = `/profiles/${profile.id}/public`;
  await as(null).get(path, html()); // cold: renders and keeps it
  const warm = await countQueries(() => as(null).get(path, html()));
  t.is(warm.result.status, 200);
  t.is(warm.queries, 0, 'no query on a warm hit');
  t.true(warm.result.text.includes('First motto'));
  const etag = warm.result.headers.get('etag')!;
  t.regex(etag, /^"[\w-]+"$/);
  t.is(warm.result.headers.get('cache-control'), 'public, max-age=0, must-revalidate');
  t.regex(warm.result.headers.get('vary') ?? '', /Cookie/);
  const again = await conditionalGet(path, etag);
  t.is(again.status, 304);
  t.is(again.body, '');
});

test('the kept page is served in the encoding the client asks for', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner, { motto: 'Compressed once' });
  const url = `${app.baseUrl}/profiles/${profile.id}/public`;
  await fetch(url, { headers: { Accept: 'text/html' } });
  for (const encoding of ['br', 'gzip'] as const) {
    // node's fetch decodes for us; read the raw bytes through http instead to see the encoding.
    const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      import('node:http').then(({ get }) =>
        get(url, { headers: { 'Accept-Encoding': encoding, Accept: 'text/html' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        }).on('error', reject),
      );
    });
    t.is(raw.encoding, encoding);
    const text = (encoding === 'br' ? zlib.brotliDecompressSync(raw.body) : zlib.gunzipSync(raw.body)).toString();
    t.true(text.includes('Compressed once'), encoding);
  }
});

test('a write is seen by the next visitor: motto, status (live → draft → live), and the account name', async (t) => {
  const owner = await createUser({ name: 'Casey Brandt' });
  const profile = await createProfileFor(owner, { motto: 'Before' });
  const path = `/profiles/${profile.id}/public`;
  t.true((await as(null).get(path, html())).text.includes('Before'));
  t.is((await as(owner).patch(`/api/profiles/${profile.id}`, { motto: 'After' })).status, 200);
  const after = await as(null).get(path, html());
  t.true(after.text.includes('After'));
  t.false(after.text.includes('Before'));

  t.is((await as(owner).patch(`/api/profiles/${profile.id}/status`, { profileStatus: 'draft' })).status, 200);
  t.is((await as(null).get(path, html())).status, 404, 'hidden at once');
  t.is((await as(owner).patch(`/api/profiles/${profile.id}/status`, { profileStatus: 'live' })).status, 200);
  t.is((await as(null).get(path, html())).status, 200, 'public again at once');

  t.is(
    (await as(owner).patch('/api/auth/profile', { name: 'Casey Brandt-Okafor', email: owner.user.email })).status,
    200,
  );
  t.true((await as(null).get(path, html())).text.includes('Casey Brandt-Okafor'));
});

// Other nodes exist only with a database server: the embedded database serves one process (the tests above).
// Without a server the run lists these as skipped.
const serverOnly = needsPostgresServer(test, 'the embedded database serves one process');

serverOnly('another node hears of a write through Postgres and stops trusting what it kept', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner);
  const otherChanges = new ChangeWatch(app.db);
  const otherNode = new ProfileCache(true, otherChanges);
  try {
    t.true(await until(() => otherNode.trusted), 'the other node listens');
    otherNode.remember(profile, otherNode.startLoad());
    t.is(otherNode.snapshot(profile.id)?.version, profile.version);
    // A write made elsewhere, in plain SQL: only the database's trigger tells this cache.
    await app.db('profiles').where('id', profile.id).update({ motto: 'Written elsewhere' });
    t.true(await until(() => otherNode.snapshot(profile.id) === undefined), 'the snapshot is dropped');
  } finally {
    otherNode.close();
    await otherChanges.close();
  }
});

serverOnly('a snapshot read before a change is not kept after it', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner);
  const changes = new ChangeWatch(app.db);
  const cache = new ProfileCache(true, changes);
  try {
    t.true(await until(() => cache.trusted));
    // A kept snapshot shows when this profile's notification has arrived (other tests' changes tick the
    // clock too, so the clock alone cannot tell).
    cache.remember(profile, cache.startLoad());
    t.truthy(cache.snapshot(profile.id));
    const startedAt = cache.startLoad(); // a load begins…
    await app.db('profiles').where('id', profile.id).update({ motto: 'Changed while loading' });
    t.true(await until(() => cache.snapshot(profile.id) === undefined), 'the notification arrived');
    cache.remember(profile, startedAt); // …and ends after the change: what it read is stale
    t.is(cache.snapshot(profile.id), undefined, 'the load raced a change: not kept');
  } finally {
    cache.close();
    await changes.close();
  }
});

test('a signed-in member gets their own page with an ETag; 304 until the profile changes', async (t) => {
  const owner = await createUser();
  const member = await createUser();
  const profile = await createProfileFor(owner);
  const path = `/profiles/${profile.id}/public`;
  const first = await as(member).get(path, html());
  t.is(first.status, 200);
  t.is(first.headers.get('cache-control'), 'private, no-cache');
  t.true(first.text.includes(`${member.user.name}, account menu`));
  const etag = first.headers.get('etag')!;
  t.regex(etag, /^W\//);
  t.is((await conditionalGet(path, etag, member.token)).status, 304);
  await as(owner).patch(`/api/profiles/${profile.id}`, { motto: 'Changed' });
  const changed = await conditionalGet(path, etag, member.token);
  t.is(changed.status, 200);
  t.true(changed.body.includes('Changed'));
  const newTag = (await as(member).get(path, html())).headers.get('etag')!;
  t.is((await conditionalGet(path, newTag, member.token)).status, 304);
  const otherMember = await createUser();
  t.is((await conditionalGet(path, newTag, otherMember.token)).status, 200, 'tags are per member');
});

test('the owner always gets a fresh page, never a visitor’s copy', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner);
  await as(null).get(`/profiles/${profile.id}`, html());
  const own = await as(owner).get(`/profiles/${profile.id}`, html());
  t.true(own.text.includes('data-island="ProfileToolbar"'));
  t.is(own.headers.get('etag'), null);
});

test.serial('with PAGE_CACHE off every visitor request renders from the database', async (t) => {
  const uncached = await startTestApp({ rateLimitsEnabled: false, pageCache: false }, app.database);
  try {
    const owner = await createUser();
    const profile = await createProfileFor(owner, { motto: 'Uncached' });
    let queries = 0;
    const onQuery = () => (queries += 1);
    app.db.on('query', onQuery);
    const client = uncached.client();
    await client.get(`/profiles/${profile.id}/public`, html());
    const afterFirst = queries;
    await client.get(`/profiles/${profile.id}/public`, html());
    app.db.off('query', onQuery);
    t.true(afterFirst >= 1);
    // No page is kept, so the profile is read again; its sections are kept (RENDER_CACHE), so their items need not be.
    t.true(queries > afterFirst, 'the second request queried again');
  } finally {
    await uncached.close();
  }
});
