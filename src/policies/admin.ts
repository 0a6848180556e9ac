/**
 * The admin dashboard's rules (spec 01 §6; the open ones decided in docs/decisions/admin-dashboard.md), one
 * policy per resource the dashboard manages:
 * - only admins and super_admins use the admin API and pages (route guard adminOnly() first, then these
 *   policies in the services: every row is invisible (404) and every collection action refused (403) to others);
 * - nobody changes their own role or status, or deletes themselves, from the dashboard;
 * - only a super_admin grants super_admin, or changes, deactivates or deletes a super_admin;
 * - the last active super_admin cannot be demoted, deactivated or deleted (kept by the user service under a
 *   lock, src/services/admin/users.ts, since it depends on the other rows);
 * - only a super_admin runs the database set-up (admins may test a connection).
 */
import type { Model, QueryBuilder } from 'objection';
import type { AiLog } from '../models/AiLog';
import type { BetaCode } from '../models/BetaCode';
import type { BlacklistEntry } from '../models/BlacklistEntry';
import type { Department } from '../models/Department';
import type { User } from '../models/User';
import { ADMIN_MESSAGES } from '../validation/admin';
import type { Role } from '../validation/auth';
import { definePolicy, deny, type Verdict } from './policy';
import { isAdmin, type Viewer } from './viewer';

export function isSuperAdmin(viewer: Viewer | null): boolean {
  return viewer?.role === 'super_admin';
}

const admins = (viewer: Viewer | null) => isAdmin(viewer);

/** Query modifier: every row for an admin, none for anyone else. */
function adminsSeeAll<M extends Model>(query: QueryBuilder<M, M[]>, viewer: Viewer | null): QueryBuilder<M, M[]> {
  return isAdmin(viewer) ? query : query.whereRaw('false');
}

/**
 * An admin changing another user (to `newRole`, for a role change): never themselves; a super_admin, or
 * the super_admin role, only by a super_admin. The last-super-admin rule is the user service's (other rows).
 */
function changeUser(viewer: Viewer | null, user: Pick<User, 'id' | 'role'>, newRole?: Role): Verdict {
  if (!viewer || !isAdmin(viewer)) return false;
  if (viewer.id === user.id) return deny(ADMIN_MESSAGES.notYourself);
  const touchesSuperAdmin = user.role === 'super_admin' || newRole === 'super_admin';
  if (touchesSuperAdmin && !isSuperAdmin(viewer)) return deny(ADMIN_MESSAGES.superAdminOnly);
  return true;
}

/** Users on the Users tab. A role change to super_admin asks `promoteToSuperAdmin` as well as `changeRole`. */
export const adminUserPolicy = definePolicy<
  User,
  'changeRole' | 'promoteToSuperAdmin' | 'changeStatus' | 'delete' | 'blacklistEmail',
  'list' | 'stats'
>({
  notFoundMessage: ADMIN_MESSAGES.userNotFound,
  rules: {
    read: admins,
    changeRole: (viewer, user) => changeUser(viewer, user),
    promoteToSuperAdmin: (viewer, user) => changeUser(viewer, user, 'super_admin'),
    changeStatus: (viewer, user) => changeUser(viewer, user),
    delete: (viewer, user) => changeUser(viewer, user),
    // The row's "Blacklist email" is offered for other users only. The blacklist itself names addresses, not
    // accounts (POST /api/admin/blacklist takes any address from an admin), so this rule shapes the offer.
    blacklistEmail: (viewer, user) => isAdmin(viewer) && viewer!.id !== user.id,
  },
  collection: { list: admins, stats: admins },
  scope: adminsSeeAll,
});

export const betaCodePolicy = definePolicy<BetaCode, 'deactivate' | 'reactivate', 'list' | 'create' | 'stats'>({
  notFoundMessage: ADMIN_MESSAGES.betaCodeNotFound,
  rules: { read: admins, deactivate: admins, reactivate: admins },
  collection: { list: admins, create: admins, stats: admins },
  scope: adminsSeeAll,
});

export const blacklistPolicy = definePolicy<BlacklistEntry, 'remove', 'list' | 'add'>({
  notFoundMessage: ADMIN_MESSAGES.blacklistNotFound,
  rules: { read: admins, remove: admins },
  collection: { list: admins, add: admins },
  scope: adminsSeeAll,
});

/** Every department, whatever its status or creator (users see theirs through departmentPolicy). */
export const adminDepartmentPolicy = definePolicy<Department, 'edit' | 'verify' | 'merge', 'listPending' | 'import'>({
  notFoundMessage: ADMIN_MESSAGES.departmentNotFound,
  rules: { read: admins, edit: admins, verify: admins, merge: admins },
  collection: { listPending: admins, import: admins },
  scope: adminsSeeAll,
});

/** Every AI log, on the AI Logs tab (their askers see their own through aiSuggestionPolicy). */
export const adminAiLogPolicy = definePolicy<AiLog, never, 'list' | 'stats'>({
  notFoundMessage: ADMIN_MESSAGES.aiLogNotFound,
  rules: { read: admins },
  collection: { list: admins, stats: admins },
  scope: adminsSeeAll,
});

/** The database set-up page: it acts on the database as a whole, so it has collection rules only. */
export const databaseSetupPolicy = definePolicy<never, never, 'testConnection' | 'setUp'>({
  collection: {
    testConnection: admins,
    setUp: (viewer) => isAdmin(viewer) && (isSuperAdmin(viewer) || deny(ADMIN_MESSAGES.superAdminSetupOnly)),
  },
});
