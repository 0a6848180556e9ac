/**
 * Departments and a user's links to them.
 * - A department is visible to a visitor when verified; a signed-in user also sees every pending one (marked
 *   Pending Verification), so colleagues pick the row one of them added instead of each adding a copy. Rejected
 *   departments are never offered or linkable (spec 01 §4; docs/decisions/pending-departments.md).
 * - A link belongs to its user alone: another user's link is indistinguishable from a missing one.
 */
import { Department } from '../models/Department';
import { UserDepartment } from '../models/UserDepartment';
import { DEPARTMENT_MESSAGES } from '../validation/departments';
import { definePolicy } from './policy';

const visible = (viewer: { id: number } | null, department: Department) =>
  department.verificationStatus === 'verified' || (department.verificationStatus === 'pending' && viewer !== null);

/**
 * The same rule as SQL over `departments`, for hand-written statements (search) and the scope below —
 * one definition, so the two can never disagree.
 */
export function visibleDepartmentsSql(viewer: { id: number } | null): { sql: string; bindings: number[] } {
  return viewer
    ? { sql: "departments.verification_status in ('verified', 'pending')", bindings: [] }
    : { sql: "departments.verification_status = 'verified'", bindings: [] };
}

export const departmentPolicy = definePolicy<Department, 'link'>({
  notFoundMessage: DEPARTMENT_MESSAGES.departmentNotFound,
  rules: { read: visible, link: (viewer, department) => viewer !== null && visible(viewer, department) },
  scope: (query, viewer) => {
    const { sql, bindings } = visibleDepartmentsSql(viewer);
    return query.whereRaw(sql, bindings);
  },
});

const ownLink = (viewer: { id: number } | null, link: UserDepartment) => viewer !== null && link.userId === viewer.id;

export const userDepartmentPolicy = definePolicy<UserDepartment, 'update' | 'delete'>({
  notFoundMessage: DEPARTMENT_MESSAGES.linkNotFound,
  rules: { read: ownLink, update: ownLink, delete: ownLink },
  scope: (query, viewer) => (viewer ? query.where('user_departments.userId', viewer.id) : query.whereRaw('false')),
});
