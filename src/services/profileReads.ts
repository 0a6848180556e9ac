/**
 * Reading profiles (spec 02): one profile with its owner's username, photo and badges, for a viewer (drafts: owner
 * and admins only), by id, by username (with the redirects of old names), and a user's own. Writes are in
 * ./profileWrites.ts; what a page shows besides the profile row is in ./profileContent.ts.
 */
import type { Knex } from 'knex';
import type { LRUCache } from 'lru-cache';
import { raw } from 'objection';
import { Profile } from '../models/Profile';
import { profilePolicy, type Viewer } from '../policies';
import { RESERVED_USERNAMES } from '../validation/auth';
import { PUBLIC_USERNAME_PATTERN } from '../validation/profiles';
import { DEPARTMENT_PAGE_NAME_COLUMN, VERIFIED_MEMBERSHIPS_COLUMN } from './verification/verifiedMemberships';
import { entryLimitedCache } from '../entryLimitedCache';

/**
 * Profiles with their owner's username, the photo linked as their image and the owner's verified memberships
 * (docs/decisions/verified-membership.md, verifiedMemberships.ts): one query, whatever is asked.
 * The banner's photo is joined only while it is public (docs/decisions/headshot-and-banner.md).
 */
export function profilesWithUsername(db?: Knex) {
  return Profile.query(db)
    .select(
      'profiles.*',
      'users.username',
      'imagePhoto.id as imagePhotoId',
      'imagePhoto.storageKey as imageStorageKey',
      'bannerPhoto.storageKey as bannerStorageKey',
      raw(VERIFIED_MEMBERSHIPS_COLUMN),
      raw(DEPARTMENT_PAGE_NAME_COLUMN),
    )
    .join('users', 'users.id', 'profiles.userId')
    .leftJoin('photoLinks as imageLink', (join) =>
      join.on('imageLink.profileId', 'profiles.id').andOnVal('imageLink.target', 'profile'),
    )
    .leftJoin('photos as imagePhoto', 'imagePhoto.id', 'imageLink.photoId')
    .leftJoin('photos as bannerPhoto', (join) =>
      join.on('bannerPhoto.id', 'profiles.bannerPhotoId').andOnVal('bannerPhoto.visibility', 'public'),
    );
}

/** The id the by-id statement is built with, standing for the one asked for (no profile has it). */
const STAND_IN_ID = -2_147_483_648;

/** profilesWithUsername().findById(…)'s text and values, the stand-in id's place among them. */
let byIdStatement: { sql: string; bindings: readonly unknown[]; idAt: number } | undefined;

function profileByIdStatement(db: Knex) {
  if (!byIdStatement) {
    const { sql, bindings } = profilesWithUsername(db).findById(STAND_IN_ID).toKnexQuery().toSQL();
    const idAt = bindings.indexOf(STAND_IN_ID);
    if (idAt < 0 || bindings.lastIndexOf(STAND_IN_ID) !== idAt) throw new Error('The profile statement lost its id');
    byIdStatement = { sql, bindings, idAt };
  }
  return byIdStatement;
}

/**
 * One profile with its owner's username and what profilesWithUsername selects, by id — what
 * `profilesWithUsername().findById(id)` finds, from a statement Objection and knex built once: building it (joins,
 * raw columns, identifier mapping) cost as much CPU on every profile page as running it. The row goes
 * through the database's own column mapping and becomes a Profile as the query builder would make it.
 */
export async function findProfileWithUsername(id: number, db: Knex = Profile.knex()): Promise<Profile | undefined> {
  const statement = profileByIdStatement(db);
  const bindings = [...statement.bindings];
  bindings[statement.idAt] = id;
  const { rows } = (await db.raw(statement.sql, bindings as Knex.RawBinding[])) as { rows: object[] };
  const [row] = db.client.config.postProcessResponse(rows) as object[];
  return row ? Profile.fromDatabaseJson(row) : undefined;
}

/** The profile with this id if the viewer may see it (drafts: owner and admins only). */
export async function findProfile(viewer: Viewer | null, id: number, db?: Knex): Promise<Profile | undefined> {
  const profile = await profilesWithUsername(db).findById(id);
  return profile && profilePolicy.rules.read(viewer, profile) ? profile : undefined;
}

/** The viewer's own profile, if they have one. */
export async function findOwnProfile(viewer: Viewer, db?: Knex): Promise<Profile | undefined> {
  return profilesWithUsername(db).where('profiles.userId', viewer.id).first();
}

/**
 * Own profiles found, per database: a user's profile, once it exists, stays theirs until the account is deleted
 * (profiles.user_id is unique and never updated; deleting the user deletes it, and a deleted user signs in no
 * more), so a found id can be remembered on every node. "None yet" is asked each time: the profile may have just
 * been created, on any node.
 */
const knownOwnProfiles = new WeakMap<object, LRUCache<number, number>>();

/** The id of a user's own profile (for the menu and the landing redirect), or null. */
export async function ownProfileId(viewer: Viewer): Promise<number | null> {
  const db = Profile.knex();
  let known = knownOwnProfiles.get(db);
  if (!known) knownOwnProfiles.set(db, (known = entryLimitedCache<number, number>(100_000)));
  const remembered = known.get(viewer.id);
  if (remembered !== undefined) return remembered;
  const row = await Profile.query().select('id').where('userId', viewer.id).first();
  if (row) known.set(viewer.id, row.id);
  return row?.id ?? null;
}

export type UsernameLookup =
  | { kind: 'invalid' }
  | { kind: 'reserved' }
  | { kind: 'found'; profile: Profile }
  | { kind: 'moved'; profile: Profile }
  | { kind: 'missing' };

/**
 * `/{username}` and GET /api/profiles/username/{username}: the current owner of the name first, then a
 * profile that used to have it. A profile the viewer may not see is missing.
 */
export async function findProfileByUsername(viewer: Viewer | null, username: string): Promise<UsernameLookup> {
  if (!PUBLIC_USERNAME_PATTERN.test(username)) return { kind: 'invalid' };
  const lowered = username.toLowerCase();
  if (RESERVED_USERNAMES.includes(lowered)) return { kind: 'reserved' };
  const current = await profilesWithUsername().whereRaw('lower(users.username) = ?', [lowered]).first();
  if (current)
    return profilePolicy.rules.read(viewer, current) ? { kind: 'found', profile: current } : { kind: 'missing' };
  const moved = await profilesWithUsername()
    .join('username_redirects', 'username_redirects.profileId', 'profiles.id')
    .where('username_redirects.username', lowered)
    .first();
  if (moved && profilePolicy.rules.read(viewer, moved)) return { kind: 'moved', profile: moved };
  return { kind: 'missing' };
}
