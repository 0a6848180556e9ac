/**
 * Users on the admin dashboard (spec 01 §§2, 4, 7): stats, the paged and searchable list, role and status
 * changes, deletion. Mutations are fn(trx, actor, input) and return models; the rules are adminUserPolicy's
 * (src/policies/admin.ts), except the one that depends on other rows:
 *
 * Invariant: at least one active super_admin remains (src/services/superAdmins.ts): every change that could remove
 * one (demoting, deactivating or deleting an active super_admin, here or by deleting one's own account) asks
 * keepOneActiveSuperAdmin first.
 *
 * Deactivating or deleting a user ends their sessions in the same transaction: their next request, by cookie
 * or bearer token, is a visitor's (401 on the API).
 */
import type { Knex } from 'knex';
import { User } from '../../models/User';
import { adminUserPolicy, authorize, authorizeOnCollection, type Viewer } from '../../policies';
import { isAdmin } from '../../policies/viewer';
import type { Role } from '../../validation/auth';
import { deleteUserAndData } from '../accountDeletion';
import { requireTwoFactorForAdmins, signOutAdminsWithoutTwoFactor } from '../appSettings';
import { revokeUserSessions } from '../sessions';
import { keepOneActiveSuperAdmin } from '../superAdmins';
import type { UserDataDeps } from '../userData';
import { readTogether } from '../../db/readTogether';

/** A user on the Users tab, with the primary department's name and the profile's id (columns of the query). */
export type AdminUserRow = User & { department: string | null; profileId: number | null };

/** How many users there are: all, active ones, and admins (admin or super_admin). */
export interface UserCounts {
  total: number;
  active: number;
  admins: number;
}

export async function adminStats(viewer: Viewer, db?: Knex): Promise<UserCounts> {
  authorizeOnCollection(adminUserPolicy, viewer, 'stats');
  return await User.query(db)
    .select(
      User.raw('count(*)::int as total'),
      User.raw('(count(*) filter (where is_active))::int as active'),
      User.raw("(count(*) filter (where role in ('admin', 'super_admin')))::int as admins"),
    )
    .first()
    .castTo<UserCounts>();
}

/** `%` and `_` typed by an admin are literal characters, not wildcards. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * GET /api/admin/users: newest first, `pageSize` per page; `q` matches any part of the name or e-mail, in any
 * case (users.search_text, trigram index). The page and the total are two statements on indexes
 * (users_created_order, users_search_trgm), so a page costs the same at 10 or 10,000 users.
 */
export async function listUsers(
  viewer: Viewer,
  input: { q: string; page: number; pageSize: number },
  db?: Knex,
): Promise<{ users: AdminUserRow[]; total: number }> {
  authorizeOnCollection(adminUserPolicy, viewer, 'list');
  const base = () =>
    User.query(db)
      .modify(adminUserPolicy.scope, viewer)
      .modify((q) => {
        if (input.q) q.whereRaw('users.search_text like ?', [likePattern(input.q)]);
      });
  // The page's ids first (an index walk), then the department and profile of those rows only: computed in the
  // outer select, they would otherwise be evaluated for every row an OFFSET skips.
  const pageIds = base()
    .select('users.id')
    .orderBy('users.createdAt', 'desc')
    .orderBy('users.id', 'desc')
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const [users, total] = await readTogether(db, [
    () =>
      User.query(db)
        .select(
          'users.*',
          User.raw(
            '(select d.name from user_departments ud join departments d on d.id = ud.department_id where ud.user_id = users.id and ud.is_primary) as department',
          ),
          User.raw('(select p.id from profiles p where p.user_id = users.id) as profile_id'),
        )
        .whereIn('users.id', pageIds)
        .orderBy('users.createdAt', 'desc')
        .orderBy('users.id', 'desc'),
    () => base().resultSize(),
  ]);
  return { users: users as AdminUserRow[], total };
}

type UserChange = 'changeRole' | 'promoteToSuperAdmin' | 'changeStatus' | 'delete';

/**
 * The user an admin acts on, locked for the change: 404 when missing, 403 with the reason when adminUserPolicy
 * refuses any of `changes`. Once the change commits, every node's cached sessions of the user are dropped.
 */
async function changeTarget(trx: Knex.Transaction, actor: Viewer, id: number, changes: UserChange[]): Promise<User> {
  const target = await User.query(trx).findById(id).forUpdate();
  for (const change of changes) authorize(adminUserPolicy, actor, change, target);
  return target!;
}

/** PATCH /api/admin/users/{id}/role */
export async function setUserRole(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { id: number; role: Role },
): Promise<User> {
  const changes: UserChange[] = input.role === 'super_admin' ? ['changeRole', 'promoteToSuperAdmin'] : ['changeRole'];
  const target = await changeTarget(trx, actor, input.id, changes);
  if (target.role === input.role) return target;
  if (input.role !== 'super_admin') await keepOneActiveSuperAdmin(trx, target);
  const changed = await target.$query(trx).patchAndFetch({ role: input.role });
  // A new admin without an authenticator while admins must have one: signed out, to enrol at the next sign-in.
  if (isAdmin(changed) && (await requireTwoFactorForAdmins(trx)))
    await signOutAdminsWithoutTwoFactor(trx, [changed.id]);
  return changed;
}

/** PATCH /api/admin/users/{id}/status. Deactivating ends every session of the user at once. */
export async function setUserStatus(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { id: number; isActive: boolean },
): Promise<User> {
  const target = await changeTarget(trx, actor, input.id, ['changeStatus']);
  if (target.isActive === input.isActive) return target;
  if (!input.isActive) {
    await keepOneActiveSuperAdmin(trx, target);
    await revokeUserSessions(trx, target.id);
  }
  return target.$query(trx).patchAndFetch({ isActive: input.isActive });
}

/**
 * DELETE /api/admin/users/{id}: the user and everything they own, through the same deletion as "Delete my
 * account" (src/services/accountDeletion.ts). Returns the deleted user.
 */
export async function deleteUser(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { id: number },
  deps: UserDataDeps,
): Promise<User> {
  const target = await changeTarget(trx, actor, input.id, ['delete']);
  await deleteUserAndData(trx, actor, target, deps);
  return target;
}
