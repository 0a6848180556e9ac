/** Departments and a user's department links as the API returns them and islands receive them. */
import type { Department } from '../models/Department';
import type { UserDepartment } from '../models/UserDepartment';
import type { DepartmentJson, UserDepartmentJson } from '../validation/departments';
import type { Viewer } from '../policies/viewer';
import { iso } from './iso';
import type { MembershipVerification } from '../models/MembershipVerification';
import { presentVerificationState } from './verification';

/** Every viewer who may see a department (departmentPolicy) sees the same fields; the registry's FDID and the creator stay inside. */
export function presentDepartment(department: Department, _viewer: Viewer | null): DepartmentJson {
  return {
    id: department.id,
    name: department.name,
    city: department.city,
    state: department.state,
    county: department.county,
    country: department.country,
    address: department.address,
    address2: department.address2,
    zipCode: department.zipCode,
    source: department.source,
    verificationStatus: department.verificationStatus,
  };
}

/** A member's own departments as `GET /api/departments/user` answers them (DepartmentReads' frozen read). */
export function presentUserDepartments(
  read: { links: readonly UserDepartment[]; latest: ReadonlyMap<number, MembershipVerification> },
  viewer: Viewer,
): UserDepartmentJson[] {
  return read.links.map((link) => presentUserDepartment(link, viewer, read.latest));
}

/**
 * `latest`: the member's latest verification request per department (latestRequestsOf), for the link's
 * verification state (docs/decisions/verified-membership.md).
 */
export function presentUserDepartment(
  link: UserDepartment,
  viewer: Viewer | null,
  latest: ReadonlyMap<number, MembershipVerification>,
): UserDepartmentJson {
  if (!link.department) throw new Error('presentUserDepartment needs the link with its department');
  return {
    id: link.id,
    department: presentDepartment(link.department, viewer),
    isPrimary: link.isPrimary,
    addedAt: iso(link.addedAt),
    verification: presentVerificationState(link, latest.get(link.departmentId), viewer),
  };
}
