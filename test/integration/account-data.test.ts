/**
 * Export my data and delete my account (docs/decisions/data-export.md, docs/decisions/account-deletion.md) over HTTP, against the database and the local media
 * store: the zip's contents against the rows of a rich profile; a large export prepared by the account-data job
 * and its e-mailed link working once; deletion leaving no row that references the user (found generically, so the
 * tables of other features count too) and no stored file; the last super admin refused; an admin's deletion going
 * the same way.
 */
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import type { Knex } from 'knex';
import { runAccountDataJob } from '../../src/db/accountDataJob';
import { createLogger } from '../../src/log';
import { photoFileKeys, variantKey } from '../../src/services/photos';
import { createMediaStore } from '../../src/services/photos/store';
import type { MailMessage } from '../../src/services/mail';
import { LISTS } from '../../src/validation/lists';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { anyDepartment } from '../helpers/profiles';
import { createProfileWithItems } from '../helpers/profileItems';
import { uploadPhoto } from '../helpers/upload';
import { reauthenticate } from '../helpers/stepUp';
import { createUser, type CreatedUser } from '../helpers/users';
import { jsonEntry, unzip } from '../helpers/zip';

let app: TestApp;
/** The same database, with every export large enough for the background path. */
let queued: TestApp;
const silent = createLogger({ logLevel: 'silent', nodeEnv: 'test' });

test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
  queued = await startTestApp(
    { rateLimitsEnabled: false, exportInlineMaxBytes: 0, mediaDir: app.config.mediaDir },
    app.database,
  );
});
test.after.always(async () => {
  await queued?.close();
  await app?.close();
});

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
const mediaFile = (key: string) => path.join(app.config.mediaDir, ...key.split('/'));

/** A POST answered with bytes (the zip), as a browser's form post. */
/** Export My Data: the session proves itself first (a recent proof, docs/api.md "Step-up"), then posts. */
async function postForBytes(target: TestApp, account: CreatedUser, url: string) {
  await reauthenticate(clientAs(target, account), account.password);
  const res = await fetch(target.baseUrl + url, {
    method: 'POST',
    headers: { Authorization: `Bearer ${account.token}`, Origin: target.baseUrl, Accept: 'text/html' },
    redirect: 'manual',
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A profile with every list, two photos (one private, in a folder), departments, verifications, endorsements, AI. */
async function richAccount(db: Knex) {
  const { owner, id: profileId } = await createProfileWithItems(app);
  const colleague = await createUser();
  const client = clientAs(app, owner);
  await uploadPhoto(app, owner, profileId, '#aa2222');
  await uploadPhoto(app, owner, profileId, '#2222aa');
  const folder = await client.post(`/api/profiles/${profileId}/folders`, { name: 'Academy / Class: 42' });
  if (folder.status !== 201) throw new Error(`folder: ${folder.status}`);
  const moved = await client.patch(`/api/profiles/${profileId}/photos/0`, {
    folderId: folder.body.id,
    caption: 'Graduation day',
    visibility: 'private',
  });
  if (moved.status !== 200) throw new Error(`photo: ${moved.status} ${JSON.stringify(moved.body)}`);
  const department = await anyDepartment();
  await db('user_departments').insert({ userId: owner.user.id, departmentId: department.id, isPrimary: true });
  await db('membership_verifications').insert({ userId: owner.user.id, departmentId: department.id });
  const [skill] = (await db('profile_skills').where({ profileId }).orderBy('position').limit(1)) as { id: number }[];
  await db('skill_endorsements').insert({ skillId: skill!.id, endorserId: colleague.user.id, comment: 'Steady hands' });
  const [ai] = (await db('ai_logs')
    .insert({ userId: owner.user.id, type: 'enhancement', input: JSON.stringify({ text: 'my words' }) })
    .returning('id')) as { id: string }[];
  return { owner, profileId, aiLogId: ai!.id };
}

test.serial('a small export downloads at once: a zip whose files match the database', async (t) => {
  const { db } = app;
  const { owner, profileId } = await richAccount(db);
  const res = await postForBytes(app, owner, '/account-settings/export');
  t.is(res.status, 200);
  t.is(res.headers.get('content-type'), 'application/zip');
  t.regex(
    res.headers.get('content-disposition') ?? '',
    /^attachment; filename="turnout-export-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  const zip = await unzip(res.bytes);
  t.true(zip.get('README.txt')!.toString().includes('profile.json'));

  const profile = jsonEntry(zip, 'profile.json');
  t.is(profile.profile.id, profileId);
  for (const list of LISTS) {
    const rows = (await db(list.table).where({ profileId }).orderBy('position')) as {
      id: number;
      visibility: string;
    }[];
    t.deepEqual(
      profile.lists[list.key].map((item: { id: number; visibility: string }) => [item.id, item.visibility]),
      rows.map((row) => [row.id, row.visibility]),
      list.key,
    );
  }
  t.true(
    profile.lists.timeline.some((e: { event: string; visibility: string }) => e.visibility === 'private'),
    'private items are in the owner’s export',
  );

  const account = jsonEntry(zip, 'account.json');
  t.is(account.account.email, owner.user.email);
  t.false('passwordHash' in account.account);
  t.false('calendarSecretHash' in account.account);
  t.false(JSON.stringify(account).includes('tokenHash'));
  t.is(account.departments.length, 1);
  t.is(account.membershipVerifications.length, 1);
  t.deepEqual(
    account.endorsementsReceived.map((e: { comment: string }) => e.comment),
    ['Steady hands'],
  );
  t.deepEqual(
    account.aiInteractions.map((a: { input: unknown }) => a.input),
    [{ text: 'my words' }],
  );

  const photos = (await db('photos').where({ profileId }).orderBy('position')) as {
    id: number;
    storageKey: string;
    caption: string | null;
    visibility: string;
  }[];
  const meta = jsonEntry(zip, 'photos/photos.json') as { id: number; file: string; caption: string | null }[];
  t.deepEqual(
    meta.map((m) => [m.id, m.caption]),
    photos.map((p) => [p.id, p.caption]),
  );
  t.regex(meta[0]!.file, /^photos\/Academy Class 42-\d+\/\d+-Graduation day\.jpg$/, 'folders are directories');
  t.true(zip.has(`${path.posix.dirname(meta[0]!.file)}/`), 'the folder is in the zip');
  for (const [i, photo] of photos.entries()) {
    const stored = await readFile(mediaFile(variantKey(photo.storageKey, 'large', 'jpeg')));
    t.true(zip.get(meta[i]!.file)!.equals(stored), `photo ${i} is the stored large variant`);
  }
  const kinds = await db('security_events').where({ userId: owner.user.id }).pluck('kind');
  t.deepEqual(kinds, ['export_requested']);
});

test.serial('a large export is prepared by the job, e-mailed, and its link works once', async (t) => {
  const { owner, profileId } = await richAccount(app.db);
  const res = await postForBytes(queued, owner, '/account-settings/export');
  t.is(res.status, 303);
  t.is(res.headers.get('location'), '/account-settings?saved=exportQueued#data');
  t.is((await postForBytes(queued, owner, '/account-settings/export')).status, 303, 'asked twice');
  t.is(
    await app
      .db('data_exports')
      .where({ userId: owner.user.id, status: 'queued' })
      .count({ n: '*' })
      .first()
      .then((r) => Number(r!.n)),
    1,
  );

  const mails: MailMessage[] = [];
  const deps = {
    db: app.db,
    logger: silent,
    mailer: { send: async (m: MailMessage) => void mails.push(m), close() {} },
    mediaStore: createMediaStore(queued.config, silent),
    config: queued.config,
  };
  const now = new Date();
  const run = await runAccountDataJob(deps, now);
  t.is(run.exportsPrepared, 1);
  t.is(mails.length, 1);
  t.is(mails[0]!.to, owner.user.email);
  const link = /\/account\/export\/([A-Za-z0-9_-]+)/.exec(mails[0]!.text)!;
  const row = await app.db('data_exports').where({ userId: owner.user.id }).first();
  t.is(row.status, 'ready');
  t.not(row.tokenHash, link[1], 'only a hash of the token is stored');
  t.true(await exists(mediaFile(row.fileKey)));

  const visitor = queued.client();
  const page = await visitor.get(link[0], { headers: { Accept: 'text/html' } });
  t.is(page.status, 200, 'opening the link (a mail scanner, say) does not use it up');
  t.regex(page.text, /action="\/account\/export\/[A-Za-z0-9_-]+" method="post"/);
  const download = await fetch(queued.baseUrl + link[0], { method: 'POST', headers: { Origin: queued.baseUrl } });
  t.is(download.status, 200);
  const zip = await unzip(Buffer.from(await download.arrayBuffer()));
  t.is(jsonEntry(zip, 'profile.json').profile.id, profileId);
  t.is(zip.size, [...zip.keys()].length);
  t.true([...zip.keys()].filter((name) => name.endsWith('.jpg')).length === 2);

  const again = await fetch(queued.baseUrl + link[0], { method: 'POST', headers: { Origin: queued.baseUrl } });
  t.is(again.status, 404, 'once');
  t.is((await visitor.get(link[0], { headers: { Accept: 'text/html' } })).status, 404);

  await runAccountDataJob(deps, new Date(now.getTime() + 2 * 60 * 60 * 1000));
  t.false(await exists(mediaFile(row.fileKey)), 'the used export’s file is removed later by the job');
  t.is(
    await app
      .db('pending_file_deletions')
      .count({ n: '*' })
      .first()
      .then((r) => Number(r!.n)),
    0,
  );
});

const photoKeys = async (db: Knex, profileId: number) =>
  ((await db('photos').where({ profileId }).select('storageKey')) as { storageKey: string }[]).map((p) => p.storageKey);

/** Every (table, column) with a foreign key to `table`, from information_schema. */
async function referencing(db: Knex, table: string): Promise<{ table: string; column: string }[]> {
  const { rows } = await db.raw(
    `select kcu.table_name as "table", kcu.column_name as "column"
     from information_schema.table_constraints tc
     join information_schema.key_column_usage kcu
       on kcu.constraint_schema = tc.constraint_schema and kcu.constraint_name = tc.constraint_name
     join information_schema.constraint_column_usage ccu
       on ccu.constraint_schema = tc.constraint_schema and ccu.constraint_name = tc.constraint_name
     where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = ? and ccu.column_name = 'id'
       and tc.table_schema = current_schema()`,
    [table],
  );
  return rows;
}

async function rowsReferencing(db: Knex, table: string, id: number): Promise<string[]> {
  const left: string[] = [];
  for (const ref of await referencing(db, table)) {
    const count = Number((await db(ref.table).where(ref.column, id).count({ n: '*' }).first())!.n);
    if (count) left.push(`${ref.table}.${ref.column}: ${count}`);
  }
  return left;
}

test.serial('deleting my account asks for the password, then leaves no row and no file behind', async (t) => {
  const { db } = app;
  const { owner, profileId, aiLogId } = await richAccount(db);
  const username = `gone${Date.now() % 100000}`;
  const client = clientAs(app, owner);
  t.is((await client.patch('/api/auth/username', { username })).status, 200);
  await client.patch('/api/auth/username', { username: `${username}x` });
  await client.patch('/api/auth/username', { username });
  await postForBytes(queued, owner, '/account-settings/export');
  await runAccountDataJob(
    {
      db,
      logger: silent,
      mailer: { send: async () => undefined, close() {} },
      mediaStore: createMediaStore(app.config, silent),
      config: app.config,
    },
    new Date(),
  );
  const exportKey = (await db('data_exports').where({ userId: owner.user.id }).first()).fileKey as string;
  const keys = (await photoKeys(db, profileId)).flatMap(photoFileKeys);
  t.is((await Promise.all(keys.map((k) => exists(mediaFile(k))))).filter(Boolean).length, 12, 'photo files before');
  t.true(await exists(mediaFile(exportKey)));
  t.true((await rowsReferencing(db, 'users', owner.user.id)).length > 5, 'a rich account');

  const page = await client.get('/account-settings/delete', { headers: { Accept: 'text/html' } });
  t.is(page.status, 200);
  t.regex(page.text, /including the stored image files/);
  const wrong = await client.postForm('/account-settings/delete', { password: 'not-it', confirm: 'true' });
  t.is(wrong.status, 400);
  t.regex(wrong.text, /Password is incorrect/);
  const unconfirmed = await client.postForm('/account-settings/delete', { password: owner.password });
  t.is(unconfirmed.status, 400);
  t.truthy(await db('users').where({ id: owner.user.id }).first(), 'still there');

  const done = await client.postForm('/account-settings/delete', { password: owner.password, confirm: 'true' });
  t.is(done.status, 303);
  t.is(done.headers.get('location'), '/account/deleted');
  t.deepEqual(await rowsReferencing(db, 'users', owner.user.id), []);
  t.deepEqual(await rowsReferencing(db, 'profiles', profileId), []);
  t.falsy(await db('users').where({ id: owner.user.id }).first());
  t.falsy(await db('ai_logs').where({ id: aiLogId }).first(), 'the AI interactions go too (not just their user id)');
  for (const key of [...keys, exportKey]) t.false(await exists(mediaFile(key)), key);
  t.is(
    await db('pending_file_deletions')
      .count({ n: '*' })
      .first()
      .then((r) => Number(r!.n)),
    0,
  );

  t.is((await client.get('/api/auth/me')).status, 401, 'signed out');
  t.is((await app.client().get(`/${username}`, { headers: { Accept: 'text/html' } })).status, 404);
  t.is((await app.client().get(`/profiles/${profileId}`, { headers: { Accept: 'text/html' } })).status, 404);
  const newcomer = await createUser();
  t.is((await clientAs(app, newcomer).patch('/api/auth/username', { username })).status, 200, 'username free');
});

test.serial('the last active super admin cannot delete their own account', async (t) => {
  const { db } = app;
  await db('users').where({ role: 'super_admin' }).update({ role: 'admin' });
  const chief = await createUser({ role: 'super_admin' });
  const client = clientAs(app, chief);
  const page = await client.get('/account-settings/delete', { headers: { Accept: 'text/html' } });
  t.regex(page.text, /At least one active super admin must remain\./);
  t.notRegex(page.text, /name="password"/);
  const refused = await client.postForm('/account-settings/delete', { password: chief.password, confirm: 'true' });
  t.is(refused.status, 409);
  t.truthy(await db('users').where({ id: chief.user.id }).first());

  await createUser({ role: 'super_admin' });
  const allowed = await client.postForm('/account-settings/delete', { password: chief.password, confirm: 'true' });
  t.is(allowed.status, 303, 'with another super admin it may go');
});

test.serial("an admin's deletion of a user takes the same path: rows and files go", async (t) => {
  const { db } = app;
  const admin = await createUser({ role: 'admin' });
  const { owner, profileId } = await richAccount(db);
  const keys = (await photoKeys(db, profileId)).flatMap(photoFileKeys);
  t.is((await clientAs(app, admin).delete(`/api/admin/users/${owner.user.id}`)).status, 204);
  t.true(keys.length > 0);
  t.deepEqual(await rowsReferencing(db, 'users', owner.user.id), []);
  for (const key of keys) t.false(await exists(mediaFile(key)), key);
});
