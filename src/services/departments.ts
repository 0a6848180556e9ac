/**
 * Departments: search over the official registry and user-added departments, and each user's own list of
 * departments (spec 01 §§3–5, 7). Mutations take the caller's transaction; the router opens it.
 *
 * Invariants (the database enforces the first two, this module keeps the third):
 * - a user links a department at most once (unique user_id, department_id);
 * - at most one primary link per user (partial unique index on user_id where is_primary);
 * - a user with any links has exactly one primary: the first link is primary, removing or un-setting the
 *   primary promotes the oldest remaining link.
 * Each mutation first takes a per-user transaction lock, so two requests from one user cannot both decide
 * that their link is "the first" one.
 */
import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import { Department } from '../models/Department';
import { UserDepartment } from '../models/UserDepartment';
import { ConflictError, NotFoundError } from '../http/errors';
import {
  DEPARTMENT_MESSAGES,
  type CreateDepartmentResponse,
  type DepartmentCreateInput,
  type DepartmentJson,
  type UserDepartmentJson,
} from '../validation/departments';

/** Advisory-lock namespace for "this user's department links" (the second key is the user id). */
const USER_DEPARTMENTS_LOCK = 7_252_610;

// ── presenters ────────────────────────────────────────────────────────────────────────────────────────

export function presentDepartment(department: Department): DepartmentJson {
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

export function presentUserDepartment(link: UserDepartment): UserDepartmentJson {
  if (!link.department) throw new Error('presentUserDepartment needs the link with its department');
  return {
    id: link.id,
    department: presentDepartment(link.department),
    isPrimary: link.isPrimary,
    addedAt: new Date(link.addedAt).toISOString(),
  };
}

/**
 * Departments a user may see and pick: verified ones, and pending ones the user created.
 * Rejected departments, and other users' pending departments, are never offered.
 */
export function visibleTo<Q extends QueryBuilder<Department, Department[]>>(query: Q, viewerId: number | null): Q {
  return query.where((visible) => {
    visible.where('departments.verificationStatus', 'verified');
    if (viewerId !== null) {
      visible.orWhere((own) =>
        own.where('departments.verificationStatus', 'pending').where('departments.createdBy', viewerId),
      );
    }
  }) as Q;
}

// ── a user's departments ──────────────────────────────────────────────────────────────────────────────

/** The user's links, primary first, then in the order they were added. Also the My Departments island's props. */
export async function listUserDepartments(userId: number, db?: Knex): Promise<UserDepartmentJson[]> {
  const links = await UserDepartment.query(db)
    .where('userId', userId)
    .withGraphFetched('department')
    .orderBy('isPrimary', 'desc')
    .orderBy('addedAt')
    .orderBy('id');
  return links.map(presentUserDepartment);
}

async function lockUserDepartments(trx: Knex.Transaction, userId: number): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(?, ?)', [USER_DEPARTMENTS_LOCK, userId]);
}

async function ownLink(trx: Knex.Transaction, userId: number, linkId: number): Promise<UserDepartment> {
  // Another user's link is indistinguishable from a missing one.
  const link =
    Number.isSafeInteger(linkId) && linkId > 0
      ? await UserDepartment.query(trx).findOne({ id: linkId, userId })
      : undefined;
  if (!link) throw new NotFoundError(DEPARTMENT_MESSAGES.linkNotFound);
  return link;
}

async function withDepartment(trx: Knex.Transaction, linkId: number): Promise<UserDepartmentJson> {
  const link = await UserDepartment.query(trx).findById(linkId).withGraphFetched('department');
  return presentUserDepartment(link!);
}

/** Makes the user's oldest link (other than `exceptId`) primary, if there is one. */
async function promoteOldest(trx: Knex.Transaction, userId: number, exceptId?: number): Promise<void> {
  const next = await UserDepartment.query(trx)
    .where('userId', userId)
    .modify((q) => {
      if (exceptId !== undefined) q.whereNot('id', exceptId);
    })
    .orderBy('addedAt')
    .orderBy('id')
    .first();
  if (next) await UserDepartment.query(trx).patch({ isPrimary: true }).where('id', next.id);
}

/** Links a department the caller already found visible. The first link is primary whatever `wantPrimary` says. */
async function link(
  trx: Knex.Transaction,
  userId: number,
  department: Department,
  wantPrimary: boolean,
): Promise<UserDepartment> {
  const existing = await UserDepartment.query(trx).where('userId', userId).select('id', 'departmentId');
  if (existing.some((l) => l.departmentId === department.id))
    throw new ConflictError(DEPARTMENT_MESSAGES.alreadyLinked);
  const isPrimary = existing.length === 0 || wantPrimary;
  if (isPrimary) await UserDepartment.query(trx).patch({ isPrimary: false }).where({ userId, isPrimary: true });
  const created = await UserDepartment.query(trx).insertAndFetch({ userId, departmentId: department.id, isPrimary });
  created.department = department;
  return created;
}

/** POST /api/departments/create: a user-added department, pending verification, added to the user's departments. */
export async function createUserDepartment(
  trx: Knex.Transaction,
  userId: number,
  input: DepartmentCreateInput,
): Promise<CreateDepartmentResponse> {
  await lockUserDepartments(trx, userId);
  const department = await Department.query(trx).insertAndFetch({
    name: input.name,
    city: input.city,
    state: input.state,
    county: input.county ?? null,
    country: input.country,
    source: 'user_added',
    verificationStatus: 'pending',
    createdBy: userId,
  });
  const created = await link(trx, userId, department, false);
  return { department: presentDepartment(department), userDepartment: presentUserDepartment(created) };
}

/** POST /api/departments/user: 404 for a department the user cannot see, 409 when already linked. */
export async function addUserDepartment(
  trx: Knex.Transaction,
  userId: number,
  input: { departmentId: number; isPrimary?: boolean },
): Promise<UserDepartmentJson> {
  await lockUserDepartments(trx, userId);
  const department = await visibleTo(Department.query(trx), userId).findById(input.departmentId);
  if (!department) throw new NotFoundError(DEPARTMENT_MESSAGES.departmentNotFound);
  return presentUserDepartment(await link(trx, userId, department, input.isPrimary ?? false));
}

/**
 * PATCH /api/departments/user/{id}. Setting primary clears the previous primary in the same transaction.
 * Un-setting the primary hands it to the oldest other link; a user's only link stays primary.
 */
export async function updateUserDepartment(
  trx: Knex.Transaction,
  userId: number,
  linkId: number,
  input: { isPrimary: boolean },
): Promise<UserDepartmentJson> {
  await lockUserDepartments(trx, userId);
  const current = await ownLink(trx, userId, linkId);
  if (input.isPrimary && !current.isPrimary) {
    await UserDepartment.query(trx).patch({ isPrimary: false }).where({ userId, isPrimary: true });
    await UserDepartment.query(trx).patch({ isPrimary: true }).where('id', current.id);
  } else if (!input.isPrimary && current.isPrimary) {
    const other = await UserDepartment.query(trx).where('userId', userId).whereNot('id', current.id).first();
    if (other) {
      await UserDepartment.query(trx).patch({ isPrimary: false }).where('id', current.id);
      await promoteOldest(trx, userId, current.id);
    }
  }
  return withDepartment(trx, current.id);
}

/** DELETE /api/departments/user/{id}. Removing the primary makes the oldest remaining link primary. */
export async function removeUserDepartment(trx: Knex.Transaction, userId: number, linkId: number): Promise<void> {
  await lockUserDepartments(trx, userId);
  const current = await ownLink(trx, userId, linkId);
  await UserDepartment.query(trx).deleteById(current.id);
  if (current.isPrimary) await promoteOldest(trx, userId);
}
