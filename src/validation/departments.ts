/**
 * Departments: the JSON shapes the API returns and islands receive, the spec's messages (spec 01 §§5, 8),
 * and the request schemas. Shared by the server and the islands (no server imports here).
 */
import { boolean, object, string } from 'yup';
import { id, NUL_TEXT_MESSAGE, trimmed, trimmedLine, withoutNul } from './common';
import type { MembershipVerificationStateJson } from './verification';

export type DepartmentSource = 'official' | 'user_added';
export type VerificationStatus = 'pending' | 'verified' | 'rejected';

/** A department as the API returns it (spec 01 §3). */
export interface DepartmentJson {
  id: number;
  name: string;
  city: string;
  state: string;
  county: string | null;
  country: string;
  address: string | null;
  address2: string | null;
  zipCode: string | null;
  source: DepartmentSource;
  verificationStatus: VerificationStatus;
}

/** One of a user's departments (spec 01 §3 "User-department link"). */
export interface UserDepartmentJson {
  id: number;
  department: DepartmentJson;
  isPrimary: boolean;
  /** ISO 8601. */
  addedAt: string;
  /** The member's verification in this department (docs/decisions/verified-membership.md). */
  verification: MembershipVerificationStateJson;
}

/**
 * POST /api/departments/create: 201 with the department and the actor's link (`joined` when the department was
 * already there under the same name, city and state), or 200 with close departments and nothing added
 * (docs/decisions/pending-departments.md).
 */
export type CreateDepartmentResponse =
  { department: DepartmentJson; userDepartment: UserDepartmentJson; joined: boolean } | { matches: DepartmentJson[] };
/** The 201 answer of POST /api/departments/create. */
export type CreatedDepartmentJson = Extract<CreateDepartmentResponse, { department: DepartmentJson }>;

export const DEPARTMENT_SEARCH_MIN_CHARS = 2;
export const DEPARTMENT_SEARCH_MAX_RESULTS = 10;
/** Longer queries are cut to this length (nobody types more; it bounds the trigram work). */
export const DEPARTMENT_SEARCH_MAX_CHARS = 100;
export const DEFAULT_COUNTRY = 'US';
export const DEPARTMENT_FIELD_MAX = { name: 200, city: 100, state: 100, county: 100, country: 100 } as const;

export const DEPARTMENT_MESSAGES = {
  missingTitle: 'Missing Information',
  missingFields: 'Please fill in department name, city, state, and country.',
  addedTitle: 'Department Added',
  addedPending: 'New department added and is pending verification.',
  addedToProfile: 'Department added to your profile.',
  removedTitle: 'Department Removed',
  removed: 'Department removed from your profile.',
  primaryTitle: 'Primary Department Updated',
  primaryUpdated: 'Your primary department has been updated.',
  errorTitle: 'Error',
  addFailed: 'Failed to add department. Please try again.',
  removeFailed: 'Failed to remove department. Please try again.',
  primaryFailed: 'Failed to update primary department. Please try again.',
  createFailed: 'Failed to create department',
  searchFailed: 'Failed to search departments',
  fetchFailed: 'Failed to fetch user departments',
  noResults: 'No departments found matching the query.',
  /** The picker's add action when nothing matches (docs/decisions/department-search.md; not in the spec's catalogue). */
  noMatchAdd: 'No department matches — add it',
  pendingBadge: 'Department not yet verified',
  primaryBadge: 'Primary',
  // Server answers (not in the spec's catalogue; the islands show their own texts above).
  departmentNotFound: 'Department not found',
  linkNotFound: 'Department link not found',
  alreadyLinked: 'This department is already one of your departments.',
  departmentIdRequired: 'departmentId must be a department id',
  isPrimaryRequired: 'isPrimary must be true or false',
  addAnywayRequired: 'addAnyway must be true or false',
  /** The offer before adding a department like one already there (docs/decisions/pending-departments.md). */
  similarTitle: 'Did you mean one of these?',
  similarDescription: 'A colleague may have added your department already. Use it, or add yours anyway.',
  useThis: 'Use this one',
  addAnyway: 'Add mine anyway',
} as const;

const missing = DEPARTMENT_MESSAGES.missingFields;
const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

// NUL is refused before the close-match check, which compares names in memory (docs/decisions/errors-and-bad-input.md).
const requiredText = (label: string, max: number) =>
  string()
    .typeError(missing)
    .transform(trimmedLine)
    .required(missing)
    .max(max, tooLong(label, max))
    .test('no-nul', NUL_TEXT_MESSAGE, withoutNul);

/** A department's own fields: name, city, state and country required and non-blank after trimming. */
export const departmentFieldsSchema = object({
  name: requiredText('Department name', DEPARTMENT_FIELD_MAX.name),
  city: requiredText('City', DEPARTMENT_FIELD_MAX.city),
  state: requiredText('State', DEPARTMENT_FIELD_MAX.state),
  county: string()
    .typeError(tooLong('County', DEPARTMENT_FIELD_MAX.county))
    .transform(trimmed)
    .max(DEPARTMENT_FIELD_MAX.county, tooLong('County', DEPARTMENT_FIELD_MAX.county))
    .nullable()
    .optional()
    .transform((value: string | null | undefined) => (value ? value : null)),
  country: requiredText('Country', DEPARTMENT_FIELD_MAX.country),
});

/**
 * POST /api/departments/create: the fields, and `addAnyway` to add it even though close departments exist (the
 * "Add mine anyway" answer to the offer, docs/decisions/pending-departments.md).
 */
export const departmentCreateSchema = departmentFieldsSchema.concat(
  object({ addAnyway: boolean().typeError(DEPARTMENT_MESSAGES.addAnywayRequired).default(false) }),
);

export interface DepartmentCreateInput {
  name: string;
  city: string;
  state: string;
  county?: string | null;
  country: string;
}

/** The client-side check before calling the server (the same rule as the schema's required fields). */
export function hasMissingDepartmentFields(input: {
  name?: string;
  city?: string;
  state?: string;
  country?: string;
}): boolean {
  return [input.name, input.city, input.state, input.country].some((value) => !value || value.trim() === '');
}

/** POST /api/departments/user. A user's first department becomes primary whatever isPrimary says. */
export const userDepartmentAddSchema = object({
  departmentId: id(DEPARTMENT_MESSAGES.departmentIdRequired),
  isPrimary: boolean().typeError(DEPARTMENT_MESSAGES.isPrimaryRequired).default(false),
});

/** PATCH /api/departments/user/{id}. */
export const userDepartmentUpdateSchema = object({
  isPrimary: boolean().typeError(DEPARTMENT_MESSAGES.isPrimaryRequired).required(DEPARTMENT_MESSAGES.isPrimaryRequired),
});

/** "City, ST" as the picker and the lists show it. */
export function departmentPlace(department: Pick<DepartmentJson, 'city' | 'state'>): string {
  return [department.city, department.state].filter(Boolean).join(', ');
}

/** GET /api/departments/search?q= — one value; shorter than 2 characters (after trimming) finds nothing. */
export const departmentSearchQuery = object({ q: string().default('') });
