/** Users as the API returns them and islands receive them. Never includes the password hash. */
import type { User } from '../models/User';
import type { AccountJson, UserJson } from '../validation/auth';
import { isAdmin, type Viewer } from '../policies/viewer';
import { iso } from './iso';

/**
 * The viewer is part of every presenter's signature; today a user is only ever presented to themselves
 * (and, with the admin issue, to admins), who see every field.
 */
export function presentUser(user: User, _viewer: Viewer | null): UserJson {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    isActive: user.isActive,
    username: user.username,
    createdAt: iso(user.createdAt),
    updatedAt: iso(user.updatedAt),
  };
}

/** Where a user lands once signed in (spec 01 §2): admins on /admin, everyone else on /. */
export function landingPathFor(viewer: Viewer): string {
  return isAdmin(viewer) ? '/admin' : '/';
}

/**
 * The account settings summary, for the user themselves. Turnout has no e-mail verification step, and spec 01
 * §2 shows every account's e-mail as Verified; when a verification step exists, its flag is read here.
 */
export function presentAccount(user: User, _viewer: Viewer): AccountJson {
  return {
    name: user.name,
    email: user.email,
    role: user.role,
    username: user.username,
    isActive: user.isActive,
    emailVerified: true,
  };
}
