/**
 * Profiles (spec 02): create, update, status, and what Account Settings changes of them. Mutations are
 * fn(trx, actor, input) and return models; routers and pages present them. Reads are in ./profileReads.ts.
 *
 * Invariants:
 * - one profile per user (profiles_user_unique → 409);
 * - every write to a profile, or to anything shown on it, bumps `version` and notifies every node — the
 *   database's trigger does, whoever writes (migrations/20261129100000_one_change_channel.ts), so no write here
 *   names it;
 * - the profile's name is the account's name: it is set at creation and changed only in Account Settings
 *   (syncProfileName), never through PATCH /api/profiles/{id};
 * - the department is always one the owner could pick (departmentPolicy 'link'), and joins their departments;
 * - the profile image is one of the profile's own public photos (a photo link, ./photos/links.ts) or an
 *   external https address (profileImageUrl), never both.
 */
import type { Knex } from 'knex';
import { Profile } from '../models/Profile';
import { UsernameRedirect } from '../models/UsernameRedirect';
import { authorize, profilePolicy, type Viewer } from '../policies';
import {
  EXTERNAL_IMAGE_URL,
  OWN_PHOTO_PATH,
  PROFILE_MESSAGES,
  type ProfileCreateInput,
  type ProfileUpdateInput,
} from '../validation/profiles';
import { ValidationError } from '../errors';
import { Photo } from '../models/Photo';
import { replacePhotoLinks } from './photos/links';
import { pickDepartment } from './departments/userDepartments';
import { profilesWithUsername } from './profileReads';

export async function createProfile(trx: Knex.Transaction, actor: Viewer, input: ProfileCreateInput): Promise<Profile> {
  const department = await pickDepartment(trx, actor, { departmentId: input.departmentId });
  const { departmentId: _picked, ...fields } = input;
  const created = await Profile.query(trx).insertAndFetch({
    ...fields,
    userId: actor.id,
    departmentId: department.id,
    department: department.name,
  });
  return (await profilesWithUsername(trx).findById(created.id))!;
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
  return (await profilesWithUsername(trx).findById(profile.id))!;
}

/** The guided start's checklist is closed for good (docs/decisions/guided-start.md): by those who may edit the profile. */
export async function dismissGuidedStart(trx: Knex.Transaction, actor: Viewer, input: { id: number }): Promise<void> {
  const profile = authorize(profilePolicy, actor, 'update', await Profile.query(trx).findById(input.id).forUpdate());
  if (profile.guidedStartDismissedAt) return;
  await Profile.query(trx).findById(profile.id).patch({ guidedStartDismissedAt: new Date() });
}

/** Account Settings changed the user's name: their profile shows the new one. */
export async function syncProfileName(trx: Knex.Transaction, userId: number, name: string): Promise<void> {
  const profile = await Profile.query(trx).select('id', 'name').where({ userId }).first();
  if (!profile || profile.name === name) return;
  await Profile.query(trx).findById(profile.id).patch({ name });
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
}
