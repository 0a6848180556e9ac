/** A department's page (docs/decisions/verified-membership.md): the registry's facts and the listed members, as a visitor may see them. */
import type { Department } from '../models/Department';
import type { Profile } from '../models/Profile';
import { departmentPath, type DepartmentMemberJson, type DepartmentPageJson } from '../validation/verifiedBadge';
import { presentProfile } from './profiles';

/** `members` must be loaded for a visitor (listedMemberProfiles): the page is the same for everyone. */
export function presentDepartmentPage(department: Department, members: Profile[]): DepartmentPageJson {
  return {
    id: department.id,
    name: department.name,
    city: department.city,
    state: department.state,
    county: department.county,
    address: department.address,
    zipCode: department.zipCode,
    fdid: department.fdid,
    deptType: department.deptType,
    stations: department.stations,
    website: department.website && /^https?:\/\//i.test(department.website) ? department.website : null,
    path: departmentPath(department),
    members: members.map((profile) => presentMember(profile)),
  };
}

function presentMember(profile: Profile): DepartmentMemberJson {
  const shown = presentProfile(profile, null);
  return {
    profileId: shown.id,
    name: shown.name,
    rank: shown.rank,
    title: shown.title,
    image: shown.profileImage,
    href: shown.username ? `/${encodeURIComponent(shown.username)}` : `/profiles/${shown.id}/public`,
  };
}
