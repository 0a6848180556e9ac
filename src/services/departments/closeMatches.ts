/**
 * Departments like one a user is about to add (docs/decisions/pending-departments.md): same state (code or
 * name, through department_state_code(), whose index departments_search_state narrows the read to the state),
 * a similar name (pg_trgm similarity of the lower-cased names) and the same or a similar city, pending or
 * verified. "Springfield Fire Dept" in "springfield" finds "Springfield Fire Department, Springfield, IL".
 */
import type { Knex } from 'knex';
import { Department } from '../../models/Department';
import type { DepartmentCreateInput } from '../../validation/departments';

/** Names at least this similar (pg_trgm similarity) are offered. */
export const NAME_SIMILARITY = 0.45;
/** Cities at least this similar are the same place ("St. Louis" / "Saint Louis" are not; "Sprngfield" is). */
export const CITY_SIMILARITY = 0.5;
/** How many close departments are offered at most. */
export const CLOSE_MATCHES = 3;

/** The text two departments are compared by: lower case, punctuation as spaces, whitespace collapsed. */
export function departmentKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether `department` is `input` as typed, up to letter case, punctuation and spacing (same state). */
export function sameDepartment(
  department: Pick<Department, 'name' | 'city'>,
  input: Pick<DepartmentCreateInput, 'name' | 'city'>,
): boolean {
  return (
    departmentKey(department.name) === departmentKey(input.name) &&
    departmentKey(department.city) === departmentKey(input.city)
  );
}

/** The pending or verified departments close to `input`, the closest first (exact ones first of all). */
export async function closeDepartments(
  db: Knex,
  input: Pick<DepartmentCreateInput, 'name' | 'city' | 'state'>,
  limit = CLOSE_MATCHES,
): Promise<Department[]> {
  const name = departmentKey(input.name);
  const city = departmentKey(input.city);
  const found = await Department.query(db)
    .whereIn('verificationStatus', ['pending', 'verified'])
    .whereRaw('department_state_code(departments.state) = department_state_code(?)', [input.state])
    .whereRaw('similarity(lower(departments.name), ?) >= ?', [name, NAME_SIMILARITY])
    .whereRaw('(lower(departments.city) = ? or similarity(lower(departments.city), ?) >= ?)', [
      city,
      city,
      CITY_SIMILARITY,
    ])
    .orderByRaw('similarity(lower(departments.name), ?) desc', [name])
    .orderBy('departments.id')
    .limit(limit * 4);
  const exact = found.filter((department) => sameDepartment(department, input));
  const rest = found.filter((department) => !sameDepartment(department, input));
  return [...exact, ...rest].slice(0, limit);
}
