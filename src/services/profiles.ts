/**
 * Profiles (spec 02): create, read for a viewer, update, status. Mutations are fn(trx, actor, input) and
 * return models; routers and pages present them.
 *
 * Invariants:
 * - one profile per user (profiles_user_unique → 409);
 * - every write to a profile, or to anything shown on it, bumps `version` (touchProfile), which keys the
 *   rendered-page cache on every app node;
 * - the profile's name is the account's name: it is set at creation and changed only in Account Settings
 *   (syncProfileName), never through PATCH /api/profiles/{id};
 * - the department is always one the owner could pick (departmentPolicy 'link'), and joins their departments;
 * - the profile image is one of the profile's own public photos (a photo link, ./photos/links.ts) or an
 *   external https address (profileImageUrl), never both.
 */
import type { Knex } from 'knex';
import type { LRUCache } from 'lru-cache';
import { raw } from 'objection';
import { Profile } from '../models/Profile';
import { UsernameRedirect } from '../models/UsernameRedirect';
import { authorize, profilePolicy, type Viewer } from '../policies';
import { RESERVED_USERNAMES } from '../validation/auth';
import {
  EXTERNAL_IMAGE_URL,
  OWN_PHOTO_PATH,
  PROFILE_MESSAGES,
  PUBLIC_USERNAME_PATTERN,
  type ProfileCreateInput,
  type ProfileUpdateInput,
  type SectionPart,
} from '../validation/profiles';
import { ValidationError } from '../errors';
import { Photo } from '../models/Photo';
import { replacePhotoLinks } from './photos/links';
import { pickDepartment } from './departments/userDepartments';
import { announceSessionChange } from './sessionChanges';
import { announceProfileChange } from './profileChanges';
import { touchProfilesEndorsedBy } from './endorsements/endorserChanges';
import { DEPARTMENT_PAGE_NAME_COLUMN, VERIFIED_MEMBERSHIPS_COLUMN } from './verification/verifiedMemberships';
import { entryLimitedCache } from '../entryLimitedCache';

/**
 * Profiles with their owner's username, the photo linked as their image and the owner's verified memberships
 * (docs/decisions/verified-membership.md, verifiedMemberships.ts): one query, whatever is asked.
 */
export function profilesWithUsername(db?: Knex) {
  return Profile.query(db)
    .select(
      'profiles.*',
      'users.username',
      'imagePhoto.id as imagePhotoId',
      'imagePhoto.storageKey as imageStorageKey',
      raw(VERIFIED_MEMBERSHIPS_COLUMN),
      raw(DEPARTMENT_PAGE_NAME_COLUMN),
    )
    .join('users', 'users.id', 'profiles.userId')
    .leftJoin('photoLinks as imageLink', (join) =>
      join.on('imageLink.profileId', 'profiles.id').andOnVal('imageLink.target', 'profile'),
    )
    .leftJoin('photos as imagePhoto', 'imagePhoto.id', 'imageLink.photoId');
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

/** Every section of the profile page: what a write that names none may have changed. */
const EVERY_SECTION: readonly SectionPart[] = ['*'];

/**
 * Marks the profile changed: a new version (its cached pages are stale on every node) and the announcement
 * (profileChanges.ts). Every write to a profile, or to anything its pages show, ends with this.
 *
 * `sections` names what the write changed of the page's read sections, so only those render again
 * (`section_versions`, src/pageCache/profilePages.ts `sectionStamps`): a list's key for its items, `photos` for the
 * gallery and photo links (every list showing linked photos follows it), [] for the profile's own fields (the
 * header card: no section shows them). Left out, every section renders again — the safe default for a write
 * whose reach is not spelled out.
 */
export async function touchProfile(
  trx: Knex.Transaction,
  profileId: number,
  sections: readonly SectionPart[] = EVERY_SECTION,
): Promise<void> {
  const patch: Record<string, unknown> = { version: raw('version + 1'), updatedAt: new Date() };
  if (sections.length > 0) {
    // `version + 1` reads the row before the update: the version this update sets.
    const pairs = sections.map(() => '?::text, version + 1').join(', ');
    patch.sectionVersions = raw(`section_versions || jsonb_build_object(${pairs})`, [...sections]);
  }
  await Profile.query(trx)
    .findById(profileId)
    .patch(patch as Partial<Profile>);
  await announceProfileChange(trx, profileId);
}

export async function createProfile(trx: Knex.Transaction, actor: Viewer, input: ProfileCreateInput): Promise<Profile> {
  const department = await pickDepartment(trx, actor, { departmentId: input.departmentId });
  const { departmentId: _picked, ...fields } = input;
  const created = await Profile.query(trx).insertAndFetch({
    ...fields,
    userId: actor.id,
    departmentId: department.id,
    department: department.name,
  });
  // The owner's sessions carry their own profile's id (the menu's My Profile): kept copies must drop theirs.
  announceSessionChange(trx, actor.id);
  return (await profilesWithUsername(trx).findById(created.id))!;
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

export async function updateProfile(
  trx: Knex.Transaction,
  actor: Viewer,
  input: ProfileUpdateInput & { id: number },
): Promise<Profile> {
  const profile = authorize(profilePolicy, actor, 'update', await Profile.query(trx).findById(input.id).forUpdate());
  const { id: _id, departmentId, fieldVisibility, profileImage, ...fields } = input;
  const patch: Partial<Profile> = { ...fields };
  if (profileImage !== undefined) patch.profileImageUrl = await setProfileImage(trx, profile, profileImage);
  if (departmentId !== undefined && departmentId !== profile.departmentId) {
    // The owner's pick joins the owner's departments, even when an admin edits the profile.
    const department = await pickDepartment(trx, { id: profile.userId, role: 'user' }, { departmentId });
    patch.departmentId = department.id;
    patch.department = department.name;
  }
  if (fieldVisibility?.phone) patch.phoneVisibility = fieldVisibility.phone;
  if (fieldVisibility?.email) patch.emailVisibility = fieldVisibility.email;
  if (patch.hiddenWidgets) patch.hiddenWidgets = [...new Set(patch.hiddenWidgets)];
  if (Object.keys(patch).length) await Profile.query(trx).findById(profile.id).patch(patch);
  await touchProfile(trx, profile.id, profileImage === undefined ? [] : ['photos']);
  // Their endorsements elsewhere show their rank (docs/decisions/endorsements.md).
  if (patch.rank !== undefined && patch.rank !== profile.rank) await touchProfilesEndorsedBy(trx, profile.userId);
  return (await profilesWithUsername(trx).findById(profile.id))!;
}

/**
 * The profile image from PATCH /api/profiles/{id}: one of the profile's own photos (its served path) becomes
 * the photo link; an https address is kept as the external image; null clears both. Answers the external URL.
 */
async function setProfileImage(trx: Knex.Transaction, profile: Profile, value: string | null): Promise<string | null> {
  const ownPhoto = value ? OWN_PHOTO_PATH.exec(value) : null;
  const photo = ownPhoto
    ? await Photo.query(trx).findOne({ profileId: profile.id, storageKey: ownPhoto[1] })
    : undefined;
  if (ownPhoto && !photo) {
    throw new ValidationError(PROFILE_MESSAGES.profileImage, { profileImage: PROFILE_MESSAGES.profileImage });
  }
  if (value && !ownPhoto && !EXTERNAL_IMAGE_URL.test(value)) {
    throw new ValidationError(PROFILE_MESSAGES.profileImage, { profileImage: PROFILE_MESSAGES.profileImage });
  }
  const photoIds = photo ? [photo.id] : [];
  await replacePhotoLinks(trx, profile, { target: 'profile', itemId: null, photoIds, field: 'profileImage' });
  return ownPhoto ? null : value;
}

export async function setProfileStatus(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { id: number; profileStatus: Profile['profileStatus'] },
): Promise<Profile> {
  const profile = authorize(profilePolicy, actor, 'update', await Profile.query(trx).findById(input.id).forUpdate());
  await Profile.query(trx).findById(profile.id).patch({ profileStatus: input.profileStatus });
  await touchProfile(trx, profile.id, []);
  // Their endorsements elsewhere link to their live profile, or not (docs/decisions/endorsements.md).
  if (input.profileStatus !== profile.profileStatus) await touchProfilesEndorsedBy(trx, profile.userId);
  return (await profilesWithUsername(trx).findById(profile.id))!;
}

/** Account Settings changed the user's name: their profile shows the new one. */
export async function syncProfileName(trx: Knex.Transaction, userId: number, name: string): Promise<void> {
  const profile = await Profile.query(trx).select('id', 'name').where({ userId }).first();
  // Their endorsements elsewhere show their name (docs/decisions/endorsements.md).
  if (profile?.name !== name) await touchProfilesEndorsedBy(trx, userId);
  if (!profile || profile.name === name) return;
  await Profile.query(trx).findById(profile.id).patch({ name });
  await touchProfile(trx, profile.id, []);
}

/**
 * A user's username changed from `previous` to `next`: the old name keeps leading to their profile until
 * someone claims it, and claiming a name ends its old redirect.
 */
export async function recordUsernameChange(
  trx: Knex.Transaction,
  userId: number,
  previous: string | null,
  next: string | null,
): Promise<void> {
  if (next) await UsernameRedirect.query(trx).where('username', next.toLowerCase()).delete();
  const profile = await Profile.query(trx).select('id').where({ userId }).first();
  if (!profile) return;
  if (previous && previous.toLowerCase() !== next?.toLowerCase()) {
    await UsernameRedirect.query(trx)
      .insert({ username: previous.toLowerCase(), profileId: profile.id })
      .onConflict('username')
      .merge(['profileId']);
  }
  await touchProfile(trx, profile.id, []);
}
