/**
 * The admin dashboard's rules (spec 01 §6; the open ones decided in docs/decisions.md "Admin dashboard"):
 * - only admins and super_admins use the admin API and pages (route guard adminOnly(), and again here);
 * - nobody changes their own role or status, or deletes themselves, from the dashboard;
 * - only a super_admin grants super_admin, or changes, deactivates or deletes a super_admin;
 * - the last active super_admin cannot be demoted, deactivated or deleted (kept by the user service under a
 *   lock, src/services/admin/users.ts, since it depends on the other rows);
 * - only a super_admin runs the database set-up (admins may test a connection).
 */
import type { User } from '../models/User';
import { ForbiddenError } from '../errors';
import { ADMIN_MESSAGES } from '../validation/admin';
import type { Role } from '../validation/auth';
import { definePolicy } from './policy';
import { isAdmin, type Viewer } from './viewer';

export function isSuperAdmin(viewer: Viewer | null): boolean {
  return viewer?.role === 'super_admin';
}

/** Throws 403 unless the actor is an admin or super_admin (the route guard's rule, kept by services too). */
export function requireAdmin(actor: Viewer | null): Viewer {
  if (!actor || !isAdmin(actor)) throw new ForbiddenError();
  return actor;
}

export function requireSuperAdmin(actor: Viewer | null, message: string = ADMIN_MESSAGES.superAdminOnly): Viewer {
  if (!isSuperAdmin(requireAdmin(actor))) throw new ForbiddenError(message);
  return actor!;
}

/** Every user exists for an admin; nobody else reads users through the admin API. */
export const managedUserPolicy = definePolicy<User, 'manage'>({
  notFoundMessage: ADMIN_MESSAGES.userNotFound,
  rules: { read: (viewer) => isAdmin(viewer), manage: (viewer) => isAdmin(viewer) },
  scope: (query, viewer) => (isAdmin(viewer) ? query : query.whereRaw('false')),
});

/**
 * Why `actor` may not change `target` (to `newRole`, for a role change), or null when they may. The
 * last-super-admin rule is not here: it depends on other rows (see the user service).
 */
export function userChangeRefusal(actor: Viewer, target: Pick<User, 'id' | 'role'>, newRole?: Role): string | null {
  if (actor.id === target.id) return ADMIN_MESSAGES.notYourself;
  const touchesSuperAdmin = target.role === 'super_admin' || newRole === 'super_admin';
  if (touchesSuperAdmin && !isSuperAdmin(actor)) return ADMIN_MESSAGES.superAdminOnly;
  return null;
}

/** Throws 403 with the reason when `actor` may not change `target`. */
export function authorizeUserChange(actor: Viewer, target: Pick<User, 'id' | 'role'>, newRole?: Role): void {
  const refusal = userChangeRefusal(actor, target, newRole);
  if (refusal) throw new ForbiddenError(refusal);
}
