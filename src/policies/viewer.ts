/**
 * Who is asking. Every policy, service and presenter takes the viewer (for reads) or the actor (for writes)
 * explicitly: a signed-in user, or null for a visitor. The User model satisfies this shape.
 */
import type { Role } from '../validation/auth';

export interface Viewer {
  id: number;
  role: Role;
}

export function isAdmin(viewer: Viewer | null): boolean {
  return viewer?.role === 'admin' || viewer?.role === 'super_admin';
}

/** The owner of a thing (by its user id), or an admin — who may edit any profile (spec 01 §6). */
export function isOwnerOrAdmin(viewer: Viewer | null, ownerId: number): boolean {
  return viewer !== null && (viewer.id === ownerId || isAdmin(viewer));
}
