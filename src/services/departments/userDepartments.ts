/**
 * Departments: each user's own list of departments, and the departments they may pick
 * (spec 01 §§3–5, 7; search is in search.ts). Mutations are fn(trx, actor, input) and return models.
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
import { Department } from '../../models/Department';
import { UserDepartment } from '../../models/UserDepartment';
import { authorize, departmentPolicy, userDepartmentPolicy, type Viewer } from '../../policies';
import type { DepartmentCreateInput } from '../../validation/departments';
import { closeDepartments, sameDepartment } from './closeMatches';

/** Advisory-lock namespace for "this user's department links" (the second key is the user id). */
const USER_DEPARTMENTS_LOCK = 7_252_610;
/**
 * Advisory-lock namespace for "departments being added in this state" (the second key is the state code's
 * hash): two users adding the same department at once are taken one after the other, so the second finds the
 * first one's row (docs/decisions/pending-departments.md).
 */
const DEPARTMENT_ADD_LOCK = 7_252_613;

// ── a user's departments ──────────────────────────────────────────────────────────────────────────────

/** The viewer's links with their departments, primary first, then in the order they were added. */
export async function listUserDepartments(viewer: Viewer, db?: Knex): Promise<UserDepartment[]> {
  return UserDepartment.query(db)
    .modify(userDepartmentPolicy.scope, viewer)
    .withGraphFetched('department')
    .orderBy('isPrimary', 'desc')
    .orderBy('addedAt')
    .orderBy('id');
}

/** Every mutation of a user's links starts here, so each also tells the caches (departmentReads.ts) at commit. */
async function lockUserDepartments(trx: Knex.Transaction, userId: number): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(?, ?)', [USER_DEPARTMENTS_LOCK, userId]);
}

async function withDepartment(trx: Knex.Transaction, linkId: number): Promise<UserDepartment> {
  return (await UserDepartment.query(trx).findById(linkId).withGraphFetched('department'))!;
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

/**
 * Links a department the caller already found visible. The first link is primary whatever `wantPrimary`
 * says. Linking the same department twice violates user_departments_user_department_unique: a 409.
 */
async function link(
  trx: Knex.Transaction,
  userId: number,
  department: Department,
  wantPrimary: boolean,
): Promise<UserDepartment> {
  const hasLinks = await UserDepartment.query(trx).where('userId', userId).resultSize();
  const isPrimary = hasLinks === 0 || wantPrimary;
  if (isPrimary) await UserDepartment.query(trx).patch({ isPrimary: false }).where({ userId, isPrimary: true });
  const created = await UserDepartment.query(trx).insertAndFetch({ userId, departmentId: department.id, isPrimary });
  created.department = department;
  return created;
}

/**
 * What adding a department did: `created` a new pending one, `joined` the department already there under the
 * same name, city and state (its link is the actor's now), or found `similar` ones and added nothing (the
 * actor chooses one, or asks again with `addAnyway`).
 */
export type CreateDepartmentOutcome =
  { kind: 'created' | 'joined'; link: UserDepartment } | { kind: 'similar'; matches: Department[] };

/**
 * POST /api/departments/create: a user-added department, pending verification, added to the actor's
 * departments — unless it is already there: the same name and city in the same state (up to case and
 * punctuation) joins that row whatever `addAnyway` says; a close one (closeMatches.ts) is offered first.
 * The state's add lock makes a second, simultaneous add wait and then find the first.
 */
export async function createUserDepartment(
  trx: Knex.Transaction,
  actor: Viewer,
  input: DepartmentCreateInput & { addAnyway?: boolean },
): Promise<CreateDepartmentOutcome> {
  await lockUserDepartments(trx, actor.id);
  await trx.raw('select pg_advisory_xact_lock(?, hashtext(department_state_code(?)))', [
    DEPARTMENT_ADD_LOCK,
    input.state,
  ]);
  const matches = await closeDepartments(trx, input);
  const same = matches.find((department) => sameDepartment(department, input));
  if (same) return { kind: 'joined', link: await link(trx, actor.id, same, false) };
  if (matches.length && !input.addAnyway) return { kind: 'similar', matches };
  const department = await Department.query(trx).insertAndFetch({
    name: input.name,
    city: input.city,
    state: input.state,
    county: input.county ?? null,
    country: input.country,
    source: 'user_added',
    verificationStatus: 'pending',
    createdBy: actor.id,
  });
  return { kind: 'created', link: await link(trx, actor.id, department, false) };
}

/** Takes the actor's lock, then the department if the actor may link it (404 otherwise). */
async function lockAndFindLinkable(trx: Knex.Transaction, actor: Viewer, departmentId: number): Promise<Department> {
  await lockUserDepartments(trx, actor.id);
  return authorize(departmentPolicy, actor, 'link', await Department.query(trx).findById(departmentId));
}

/** POST /api/departments/user: 404 for a department the actor cannot see, 409 when already linked. */
export async function addUserDepartment(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { departmentId: number; isPrimary?: boolean },
): Promise<UserDepartment> {
  const department = await lockAndFindLinkable(trx, actor, input.departmentId);
  return link(trx, actor.id, department, input.isPrimary ?? false);
}

/**
 * PATCH /api/departments/user/{id}. Setting primary clears the previous primary in the same transaction.
 * Un-setting the primary hands it to the oldest other link; a user's only link stays primary.
 */
export async function updateUserDepartment(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { id: number; isPrimary: boolean },
): Promise<UserDepartment> {
  await lockUserDepartments(trx, actor.id);
  const current = authorize(userDepartmentPolicy, actor, 'update', await UserDepartment.query(trx).findById(input.id));
  const userId = current.userId;
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
export async function removeUserDepartment(trx: Knex.Transaction, actor: Viewer, input: { id: number }): Promise<void> {
  await lockUserDepartments(trx, actor.id);
  const current = authorize(userDepartmentPolicy, actor, 'delete', await UserDepartment.query(trx).findById(input.id));
  await UserDepartment.query(trx).deleteById(current.id);
  if (current.isPrimary) await promoteOldest(trx, current.userId);
}

/**
 * A department chosen for the actor's profile through the picker: it must be one the actor may link
 * (404 otherwise), and it joins the actor's departments if it is not there yet (primary if it is the first).
 */
export async function pickDepartment(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { departmentId: number },
): Promise<Department> {
  const department = await lockAndFindLinkable(trx, actor, input.departmentId);
  const linked = await UserDepartment.query(trx).findOne({ userId: actor.id, departmentId: department.id });
  if (!linked) await link(trx, actor.id, department, false);
  return department;
}

/** A department by id, if this viewer may see it. */
export async function findDepartment(viewer: Viewer | null, id: number): Promise<Department | undefined> {
  return Department.query().modify(departmentPolicy.scope, viewer).findById(id);
}
