/**
 * The photo links migration (migrations/20261123008000_photo_links.ts) on a database that has linked photos
 * the old way (ids as text in the items, the profile image as a URL): migrated to just before it, filled, then
 * migrated up — the links become rows, the caps and the profile rule hold, and down restores the old shape.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { rm } from 'node:fs/promises';
import test from 'ava';
import type { Knex } from 'knex';
import { createDb } from '../../src/db/knex';
import { migrationConfig } from '../../src/db/migrate';
import { migrations } from '../../migrations/index';

const TARGET = '20261123008000_photo_links';
/** A migrator that knows only the migrations `keep` accepts (later ones never run or roll back here). */
const migrationsThrough = (keep: (name: string) => boolean): Knex.MigratorConfig => ({
  ...migrationConfig,
  migrationSource: {
    getMigrations: () => Promise.resolve(Object.keys(migrations).sort().filter(keep)),
    getMigrationName: (name: string) => name,
    getMigration: (name: string) => Promise.resolve(migrations[name]!),
  },
});
const upToBefore = migrationsThrough((name) => name < TARGET);
const upToTarget = migrationsThrough((name) => name <= TARGET);

let db: Knex;
let dropDatabase: () => Promise<void>;

test.before(async () => {
  const server = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (server) {
    const name = `t_mig_${crypto.randomBytes(5).toString('hex')}`;
    const url = new URL(server);
    url.pathname = '/postgres';
    const admin = await createDb({ databaseUrl: url.toString(), poolMax: 1 });
    await admin.raw(`create database "${name}"`);
    url.pathname = `/${name}`;
    db = await createDb({ databaseUrl: url.toString(), poolMax: 2 });
    dropDatabase = async () => {
      await db.destroy();
      await admin.raw(`drop database if exists "${name}" with (force)`);
      await admin.destroy();
    };
  } else {
    const dir = path.join(os.tmpdir(), `turnout-mig-${crypto.randomBytes(5).toString('hex')}`);
    db = await createDb({ embeddedDir: dir });
    dropDatabase = async () => {
      await db.destroy();
      await rm(dir, { recursive: true, force: true });
    };
  }
  await db.migrate.latest(upToBefore);
});
test.after.always(async () => dropDatabase?.());

const key = (n: number) => n.toString(16).padStart(32, '0');
let nextKey = 1;

async function profileOf(email: string, profileImage: string | null): Promise<number> {
  const [user] = await db('users')
    .insert({ email, name: email, password_hash: 'x', role: 'user', username: email.split('@')[0] })
    .returning('id');
  const [profile] = await db('profiles')
    .insert({ user_id: user.id, name: email, rank: 'Captain', department: 'Austin FD', profile_image: profileImage })
    .returning('id');
  return profile.id as number;
}

async function photoOf(profileId: number, position: number, visibility = 'public'): Promise<number> {
  const [photo] = await db('photos')
    .insert({
      profile_id: profileId,
      position,
      visibility,
      storage_key: key(nextKey++),
      original_size: 10,
      file_size: 10,
      width: 1,
      height: 1,
      variants: JSON.stringify({}),
    })
    .returning('id');
  return photo.id as number;
}

const item = async (table: string, row: Record<string, unknown>) =>
  ((await db(table).insert(row).returning('id')) as Array<{ id: number }>)[0]!.id;

test.serial('moves linked photo ids and profile images into photo_links, then down restores them', async (t) => {
  const a = await profileOf('a@example.com', null);
  const b = await profileOf('b@example.com', 'https://cdn.example.com/me.jpg');
  const c = await profileOf('c@example.com', 'javascript:alert(1)');
  const photos: number[] = [];
  for (let i = 0; i < 7; i++) photos.push(await photoOf(a, i, i === 6 ? 'private' : 'public'));
  const theirs = await photoOf(b, 0);
  const aImage = (await db('photos').where('id', photos[1]).first()).storageKey;
  await db('profiles')
    .where('id', a)
    .update({ profile_image: `/media/photos/${aImage}/medium.jpg` });
  // A profile image naming another profile's photo is dropped.
  const theirKey = (await db('photos').where('id', theirs).first()).storageKey;
  const d = await profileOf('d@example.com', `/media/photos/${theirKey}/medium.jpg`);

  const ids = (list: number[]) => JSON.stringify(list.map(String));
  const timeline = await item('profile_timeline', {
    profile_id: a,
    position: 0,
    year: '2015',
    event: 'Hired',
    type: 'hired',
    photo: String(photos[0]),
  });
  const foreignTimeline = await item('profile_timeline', {
    profile_id: a,
    position: 1,
    year: '2016',
    event: 'Other',
    type: 'hired',
    photo: String(theirs), // another profile's photo: dropped
  });
  const junkTimeline = await item('profile_timeline', {
    profile_id: a,
    position: 2,
    year: '2017',
    event: 'Junk',
    type: 'hired',
    photo: 'not-an-id',
  });
  const incident = await item('profile_incidents', {
    profile_id: a,
    position: 0,
    date: '2021',
    location: 'Elm',
    title: 'Fire',
    description: 'Big',
    department: 'AFD',
    // duplicates and a foreign id dropped, then capped at 5
    photos: ids([photos[2]!, photos[2]!, theirs, photos[0]!, photos[1]!, photos[3]!, photos[4]!, photos[5]!]),
  });
  const award = await item('profile_awards', {
    profile_id: a,
    position: 0,
    name: 'Valor',
    year: '2019',
    type: 'valor',
    primary_photo: String(photos[4]),
    photos: ids([photos[3]!, photos[4]!, photos[5]!, photos[6]!]),
  });
  const status = await item('profile_status_updates', {
    profile_id: a,
    position: 0,
    title: 'Hi',
    content: 'There',
    photo: String(photos[6]),
  });
  const station = await item('profile_fire_stations', {
    profile_id: a,
    position: 0,
    station_name: 'Station 1',
    station_photo: String(photos[5]),
  });

  await db.migrate.latest(upToTarget);

  const links = await db('photo_links').orderBy(['target', 'item_id', 'position']);
  const of = (target: string, itemId: number) =>
    links.filter((l) => l.target === target && l.itemId === itemId).map((l) => l.photoId as number);
  t.deepEqual(of('timeline', timeline), [photos[0]]);
  t.deepEqual(of('timeline', foreignTimeline), []);
  t.deepEqual(of('timeline', junkTimeline), []);
  t.deepEqual(of('incidents', incident), [photos[2], photos[0], photos[1], photos[3], photos[4]]);
  t.deepEqual(of('awards', award), [photos[4], photos[3], photos[5]], 'the primary photo first, capped at 3');
  t.deepEqual(of('statusUpdates', status), [photos[6]]);
  t.deepEqual(of('fireStations', station), [photos[5]]);
  t.deepEqual(of('profile', 0), [photos[1]]);
  t.is(links.filter((l) => l.target === 'profile').length, 1, 'only the owner’s own photo became a link');

  const images = Object.fromEntries(
    (await db('profiles').select('id', 'profile_image_url')).map((p) => [p.id, p.profileImageUrl]),
  );
  t.is(images[a], null, 'the own photo is a link now');
  t.is(images[b], 'https://cdn.example.com/me.jpg', 'an external https URL stays');
  t.is(images[c], null, 'javascript: is dropped');
  t.is(images[d], null, 'another profile’s photo is dropped');
  const columns = Object.keys(await db('profile_timeline').columnInfo());
  t.false(columns.includes('photo'), 'the old column is gone');

  // The database keeps the rules: caps, same profile, and deleting cascades.
  const insert = (row: Record<string, unknown>) => db('photo_links').insert({ profile_id: a, ...row });
  await t.throwsAsync(insert({ photo_id: photos[5], target: 'incidents', incident_id: incident, position: 5 }), {
    message: /photo_links_cap_check/,
  });
  await t.throwsAsync(insert({ photo_id: photos[0], target: 'awards', award_id: award, position: 3 }), {
    message: /photo_links_cap_check/,
  });
  await t.throwsAsync(insert({ photo_id: photos[1], target: 'timeline', timeline_id: junkTimeline, position: 1 }), {
    message: /photo_links_cap_check/,
  });
  await t.throwsAsync(insert({ photo_id: theirs, target: 'timeline', timeline_id: junkTimeline, position: 0 }), {
    message: /photo_links_photo_fk/,
  });
  await t.throwsAsync(db('profiles').where('id', c).update({ profile_image_url: 'javascript:alert(1)' }), {
    message: /profiles_profile_image_url_check/,
  });
  await db('photos').where('id', photos[0]).delete();
  t.deepEqual(of('incidents', incident).length, 5);
  t.is(await db('photo_links').where('photo_id', photos[0]).first(), undefined, 'a deleted photo’s links go');
  t.truthy(await db('profile_timeline').where('id', timeline).first(), 'the item stays');
  await db('profile_incidents').where('id', incident).delete();
  t.is(await db('photo_links').where('incident_id', incident).first(), undefined, 'a deleted item’s links go');

  await db.migrate.down(upToTarget);
  t.is(await db.schema.hasTable('photo_links'), false);
  const restoredAward = await db('profile_awards').where('id', award).first();
  t.is(restoredAward.primaryPhoto, String(photos[4]));
  t.deepEqual(restoredAward.photos, [photos[4], photos[3], photos[5]].map(String));
  t.is((await db('profile_status_updates').where('id', status).first()).photo, String(photos[6]));
  t.is((await db('profiles').where('id', a).first()).profileImage, `/media/photos/${aImage}/medium.jpg`);
  t.is((await db('profiles').where('id', b).first()).profileImage, 'https://cdn.example.com/me.jpg');
});
