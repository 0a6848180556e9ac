/**
 * A department's page (docs/decisions/verified-membership.md): the registry's facts and the live profiles of its verified members who
 * chose to be listed. The page is the same for every viewer (it lists only what a visitor may see), so it is
 * kept per *version*: a fingerprint of everything it shows — the department row's updated_at and, for each
 * listed member, the profile's id and version (bumped by every write to the profile: name, rank, username, photo,
 * status) — computed by one indexed query per request. A verification approved or revoked, a listing switched,
 * a link removed, a profile gone draft or an account deactivated changes the set of members, hence the
 * fingerprint; no write needs to remember to bump a department counter. Unverified or unlisted members are never
 * loaded, so they cannot appear, not even as a count.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { Model } from 'objection';
import { Department } from '../../models/Department';
import { departmentPolicy, profilePolicy, type Viewer } from '../../policies';
import { authorize } from '../../policies/policy';
import { profilesWithUsername } from '../profileReads';
import type { Profile } from '../../models/Profile';
import { VERIFIED_MEMBERSHIP_SQL } from './verifiedMemberships';

/** The listed members' profiles: live, the account active, the membership verified (and linked) and listed. */
const LISTED_MEMBERS_SQL = `
  select p.id, p.version from profiles p
    join users u on u.id = p.user_id and u.is_active
    join user_departments ud on ud.user_id = p.user_id and ud.department_id = :departmentId and ud.listed
    join membership_verifications mv on mv.user_id = p.user_id and mv.department_id = :departmentId
   where p.profile_status = 'live' and ${VERIFIED_MEMBERSHIP_SQL}
   order by p.id`;

export interface DepartmentPageVersion {
  department: Department;
  /** Changes whenever anything the page shows changes. */
  version: string;
  profileIds: number[];
}

/** The department (404 unless the viewer may see it, departmentPolicy) and its page's current version. */
export async function departmentPageVersion(
  viewer: Viewer | null,
  id: number,
  db?: Knex,
): Promise<DepartmentPageVersion> {
  const knex = db ?? Model.knex();
  const department = authorize(departmentPolicy, viewer, 'read', await Department.query(knex).findById(id));
  const { rows } = (await knex.raw(LISTED_MEMBERS_SQL, { departmentId: id })) as {
    rows: { id: number; version: string }[];
  };
  const hash = crypto.createHash('sha256').update(`${department.id}:${department.updatedAt.toISOString()}`);
  for (const row of rows) hash.update(`|${row.id}:${row.version}`);
  return { department, version: hash.digest('base64url').slice(0, 16), profileIds: rows.map((row) => row.id) };
}

/** The listed members' profiles, by name (each as a visitor may read it). */
export async function listedMemberProfiles(profileIds: number[], db?: Knex): Promise<Profile[]> {
  if (profileIds.length === 0) return [];
  return profilesWithUsername(db)
    .whereIn('profiles.id', profileIds)
    .modify(profilePolicy.scope, null)
    .orderByRaw('lower(profiles.name), profiles.id');
}
