/** Whether two members are colleagues for endorsements (docs/decisions/endorsements.md): verified in at least one same department. */
import type { Knex } from 'knex';
import { entryLimitedCache } from '../../entryLimitedCache';
import type { Profile } from '../../models/Profile';
import { verifiedDepartmentIds } from '../verification/verifiedMemberships';
import { readTogether } from '../../db/readTogether';

/** The departments both users are verified in, ascending. */
export async function sharedVerifiedDepartments(userId: number, otherId: number, db?: Knex): Promise<number[]> {
  if (userId === otherId) return [];
  const [mine, theirs] = await readTogether(db, [
    () => verifiedDepartmentIds(userId, db),
    () => verifiedDepartmentIds(otherId, db),
  ]);
  const other = new Set(theirs);
  return mine.filter((id) => other.has(id));
}

/**
 * A profile owner's verified departments, remembered per profile version: the profile shows them (the badge), so
 * every change to them — a decision, a revocation, a removed department link — moves the owner's profile version
 * (src/services/verification), and a remembered answer is never read for a newer version.
 */
const ownersByVersion = entryLimitedCache<string, readonly number[]>(10_000);

export async function profileOwnerVerifiedDepartments(
  profile: Pick<Profile, 'id' | 'userId' | 'version'>,
): Promise<readonly number[]> {
  const key = `${profile.id}:${profile.version}`;
  let ids = ownersByVersion.get(key);
  if (!ids) {
    ids = Object.freeze(await verifiedDepartmentIds(profile.userId));
    ownersByVersion.set(key, ids);
  }
  return ids;
}

/**
 * Whether a viewer verified in `viewerDepartments` is the profile owner's colleague (docs/decisions/endorsements.md) — for the
 * pages' Endorse links; the endorsement itself is authorized against the database (authorizeEndorsing).
 */
export async function isColleagueOfOwner(
  viewerDepartments: readonly number[],
  profile: Pick<Profile, 'id' | 'userId' | 'version'>,
): Promise<boolean> {
  if (viewerDepartments.length === 0) return false;
  return sharesADepartment(viewerDepartments, await profileOwnerVerifiedDepartments(profile));
}

/** isColleagueOfOwner's answer when it needs no query (nothing to compare, or the owner's departments remembered). */
export function knownColleagueOfOwner(
  viewerDepartments: readonly number[],
  profile: Pick<Profile, 'id' | 'version'>,
): boolean | undefined {
  if (viewerDepartments.length === 0) return false;
  const owners = ownersByVersion.get(`${profile.id}:${profile.version}`);
  return owners && sharesADepartment(viewerDepartments, owners);
}

const sharesADepartment = (mine: readonly number[], theirs: readonly number[]) =>
  mine.some((id) => theirs.includes(id));
