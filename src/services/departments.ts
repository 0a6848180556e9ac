/**
 * Departments: search over the official registry and user-added departments, and each user's own list of
 * departments (spec 01 §§3–5, 7). Mutations are fn(trx, actor, input) and return models; the router presents them.
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
import { authorize, departmentPolicy, userDepartmentPolicy, type Viewer } from '../policies';
import {
  DEPARTMENT_SEARCH_MAX_CHARS,
  DEPARTMENT_SEARCH_MAX_RESULTS,
  DEPARTMENT_SEARCH_MIN_CHARS,
  type DepartmentCreateInput,
} from '../validation/departments';

/**
 * What search matches and ranks by: the stored column lower(name || ' ' || city), which carries the trigram
 * GIN index `departments_search_trgm` (migrations/20261122000310_departments_search_text.ts).
 */
export const SEARCH_TEXT = 'departments.search_text';

/** Queries shorter than this get no fuzzy tier: a 2–3 character query's trigrams match almost anything. */
export const FUZZY_MIN_CHARS = 4;

/**
 * pg_trgm's word-similarity threshold for the fuzzy tier (`<%`). The default (0.6) misses common typos
 * ("bristle bay" scores 0.57); at 0.5 any query half made of a common word ("troy fire") matches nearly every
 * department at exactly 0.5. Set per transaction.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.55;

/** Advisory-lock namespace for "this user's department links" (the second key is the user id). */
const USER_DEPARTMENTS_LOCK = 7_252_610;

// ── search ────────────────────────────────────────────────────────────────────────────────────────────

/** The query string as search uses it: trimmed, inner whitespace collapsed, capped. */
export function normalizeSearchQuery(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').slice(0, DEPARTMENT_SEARCH_MAX_CHARS).trim();
}

/** The columns a department row is read with (not the derived search_text). */
const DEPARTMENT_COLUMNS = [
  'id',
  'name',
  'city',
  'state',
  'county',
  'country',
  'address',
  'address2',
  'zipCode',
  'source',
  'verificationStatus',
  'fdid',
  'createdBy',
  'createdAt',
  'updatedAt',
].map((column) => `departments.${column}`);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * Tier 1 of the search: departments whose "name city" contains the query (LIKE on the lower-cased column,
 * served by the GIN trigram index for queries of 3+ characters). Ranked: exact name, name prefix, a word starting with the query, any
 * other containment; then shorter text first. For text that contains the query, pg_trgm's word similarity is
 * at its maximum and plain similarity falls with the text's length, so this is the trigram order without
 * computing trigrams for the (sometimes thousands of) matches of a short query.
 */
export function containsQuery(q: string, viewer: Viewer | null, db?: Knex): QueryBuilder<Department, Department[]> {
  const lowered = escapeLike(q.toLowerCase());
  return Department.query(db)
    .modify(departmentPolicy.scope, viewer)
    .select(DEPARTMENT_COLUMNS)
    .whereRaw(`${SEARCH_TEXT} like ?`, [`%${lowered}%`])
    .orderByRaw(
      `case when ${SEARCH_TEXT} like ? then (case when lower(departments.name) = lower(?) then 0 else 1 end) ` +
        `when ${SEARCH_TEXT} like ? then 2 else 3 end`,
      [`${lowered}%`, q, `% ${lowered}%`],
    )
    .orderByRaw(`length(${SEARCH_TEXT})`)
    .orderBy('departments.name')
    .orderBy('departments.id')
    .limit(DEPARTMENT_SEARCH_MAX_RESULTS);
}

/**
 * Tier 2, only when tier 1 found fewer than 10 and the query has 4+ characters: fuzzy matches (typos, words in another order) by pg_trgm
 * word similarity (`<%`, GIN index), ranked by word similarity, then similarity, then name.
 */
export function fuzzyQuery(
  q: string,
  viewer: Viewer | null,
  excludeIds: number[],
  limit: number,
  db?: Knex,
): QueryBuilder<Department, Department[]> {
  return Department.query(db)
    .modify(departmentPolicy.scope, viewer)
    .select(DEPARTMENT_COLUMNS)
    .whereRaw(`? <% ${SEARCH_TEXT}`, [q])
    .modify((query) => {
      if (excludeIds.length) query.whereNotIn('departments.id', excludeIds);
    })
    .orderByRaw(`word_similarity(?, ${SEARCH_TEXT}) desc`, [q])
    .orderByRaw(`similarity(${SEARCH_TEXT}, ?) desc`, [q])
    .orderBy('departments.name')
    .orderBy('departments.id')
    .limit(limit);
}

/**
 * GET /api/departments/search: fewer than 2 characters (after trimming) finds nothing; at most 10 results:
 * containing matches first (exact, prefix, word start, other), then fuzzy ones.
 */
export async function searchDepartments(viewer: Viewer | null, rawQuery: string, db?: Knex): Promise<Department[]> {
  const q = normalizeSearchQuery(rawQuery);
  if (q.length < DEPARTMENT_SEARCH_MIN_CHARS) return [];
  const found = await containsQuery(q, viewer, db);
  if (found.length < DEPARTMENT_SEARCH_MAX_RESULTS && q.length >= FUZZY_MIN_CHARS) {
    const fuzzy = await (db ?? Department.knex()).transaction(async (trx) => {
      await trx.raw(FUZZY_SETTINGS, [String(WORD_SIMILARITY_THRESHOLD)]);
      return fuzzyQuery(
        q,
        viewer,
        found.map((d) => d.id),
        DEPARTMENT_SEARCH_MAX_RESULTS - found.length,
        trx,
      );
    });
    found.push(...fuzzy);
  }
  return found;
}

/**
 * Transaction-local settings of the fuzzy tier: the word-similarity threshold, and no sequential scan. The
 * planner prices pg_trgm's functions like cheap operators, so on a few thousand rows it prefers a scan that
 * computes word similarity for every row (~20 ms) over the GIN index that computes it for candidates only.
 */
export const FUZZY_SETTINGS =
  "select set_config('pg_trgm.word_similarity_threshold', ?, true), set_config('enable_seqscan', 'off', true)";

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

/** POST /api/departments/create: a user-added department, pending verification, added to the actor's departments. */
export async function createUserDepartment(
  trx: Knex.Transaction,
  actor: Viewer,
  input: DepartmentCreateInput,
): Promise<UserDepartment> {
  await lockUserDepartments(trx, actor.id);
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
  return link(trx, actor.id, department, false);
}

/** POST /api/departments/user: 404 for a department the actor cannot see, 409 when already linked. */
export async function addUserDepartment(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { departmentId: number; isPrimary?: boolean },
): Promise<UserDepartment> {
  await lockUserDepartments(trx, actor.id);
  const department = authorize(
    departmentPolicy,
    actor,
    'link',
    await Department.query(trx).findById(input.departmentId),
  );
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
export async function pickDepartment(trx: Knex.Transaction, actor: Viewer, departmentId: number): Promise<Department> {
  await lockUserDepartments(trx, actor.id);
  const department = authorize(departmentPolicy, actor, 'link', await Department.query(trx).findById(departmentId));
  const linked = await UserDepartment.query(trx).findOne({ userId: actor.id, departmentId });
  if (!linked) await link(trx, actor.id, department, false);
  return department;
}

/** A department by id, if this viewer may see it. */
export async function findDepartment(viewer: Viewer | null, id: number): Promise<Department | undefined> {
  return Department.query().modify(departmentPolicy.scope, viewer).findById(id);
}
