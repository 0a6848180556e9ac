/** Route guards. Every permission is checked on the server, whatever the interface shows. */
import type Koa from 'koa';
import type { User } from '../models/User';
import { ForbiddenError, UnauthorizedError } from '../errors';
import { isAdmin, type Viewer } from '../policies/viewer';
import { ownProfileId } from '../services/profileReads';
import type { SessionFacts } from '../services/sessions';
import { verifiedDepartmentIds } from '../services/verification/verifiedMemberships';
import { isDepartmentVerifier } from '../services/verification/verifiers';
import { rosterLinksOf, type RosterLink } from '../services/readiness/rosterLinks';

export function currentUser(ctx: Koa.Context): User | null {
  return (ctx.state.user as User | null) ?? null;
}

/** What the session read brought along about the signed-in user (src/services/sessions.ts), if it was that read. */
function sessionFacts(ctx: Koa.Context, user: User): SessionFacts | undefined {
  return ctx.state.sessionUser === user ? (ctx.state.sessionFacts as SessionFacts | undefined) : undefined;
}

/**
 * The signed-in user's own profile id (the menu's My Profile), or null. The session read brings it along (and
 * the session cache keeps it, dropped when the user makes or loses a profile), so a signed-in page needs no
 * query for it; a user loaded another way (just signed in) is looked up.
 */
export function currentOwnProfileId(ctx: Koa.Context): Promise<number | null> {
  const user = currentUser(ctx);
  if (!user) return Promise.resolve(null);
  const known = sessionFacts(ctx, user);
  return known ? Promise.resolve(known.ownProfileId) : ownProfileId(user);
}

/** The departments the signed-in user is verified in (docs/decisions/verified-membership.md), from the session read like the above. */
export function currentVerifiedDepartmentIds(ctx: Koa.Context): Promise<readonly number[]> {
  const user = currentUser(ctx);
  if (!user) return Promise.resolve([]);
  const known = sessionFacts(ctx, user);
  return known ? Promise.resolve(known.verifiedDepartmentIds) : verifiedDepartmentIds(user.id);
}

/** Whether the signed-in user reviews verification requests: a site admin, or a department's verifier. */
export async function currentReviewsVerifications(ctx: Koa.Context): Promise<boolean> {
  const user = currentUser(ctx);
  if (!user) return false;
  const known = sessionFacts(ctx, user);
  return known ? reviewsVerifications(user, known) : isAdmin(user) || isDepartmentVerifier(user.id);
}

/** The departments whose readiness roster the signed-in user reads (the menu's Readiness links), like the above. */
export async function currentRosterLinks(ctx: Koa.Context): Promise<readonly RosterLink[]> {
  const user = currentUser(ctx);
  if (!user) return [];
  const known = sessionFacts(ctx, user);
  return known ? known.rosterLinks : rosterLinksOf(user.id);
}

/** The same, from what the session read brought along. */
export const reviewsVerifications = (user: Viewer, facts: SessionFacts): boolean =>
  isAdmin(user) || facts.isDepartmentVerifier;

export function requireUser(ctx: Koa.Context): User {
  const user = currentUser(ctx);
  if (!user) throw new UnauthorizedError();
  return user;
}

/** Middleware: 401 unless someone is signed in. Handlers after it use SignedInContext / WriteContext. */
export function signedIn(): Koa.Middleware {
  return async (ctx, next) => {
    requireUser(ctx);
    await next();
  };
}

/** Middleware: 401 for a visitor, 403 for a signed-in user who is not admin or super_admin. */
export function adminOnly(): Koa.Middleware {
  return async (ctx, next) => {
    if (!isAdmin(requireUser(ctx))) throw new ForbiddenError();
    await next();
  };
}
