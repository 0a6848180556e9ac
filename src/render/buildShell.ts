import type Koa from 'koa';
import type { Config } from '../config';
import type { User } from '../models/User';
import { isAdmin } from '../policies/viewer';
import type { Shell, ShellUser } from '../../views/layout/shell';
import { currentOwnProfileId, currentReviewsVerifications, currentRosterLinks } from '../http/auth';
import type { RosterLink } from '../services/readiness/rosterLinks';

/**
 * The signed-in user as the header shows them; `isAdmin` is the policy's answer (the menu's Admin Dashboard),
 * `verifier` whether they verify a department (the menu's Verification Requests: a session fact, currentReviewsVerifications),
 * `rosters` the departments whose readiness roster they read (the menu's Readiness links: a session fact too).
 */
export function shellUser(
  user: User,
  ownProfile: number | null,
  verifier = false,
  rosters: readonly RosterLink[] = [],
): ShellUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    isAdmin: isAdmin(user),
    ownProfileId: ownProfile,
    reviewsVerifications: isAdmin(user) || verifier,
    rosters: rosters.map(({ id, name }) => ({ id, name })),
  };
}

/** The request's signed-in user as the header shows them (null for a visitor): the menu of every page. */
export async function currentShellUser(ctx: Koa.Context): Promise<ShellUser | null> {
  const user = (ctx.state.user as User | null) ?? null;
  if (!user) return null;
  return shellUser(
    user,
    await currentOwnProfileId(ctx),
    await currentReviewsVerifications(ctx),
    await currentRosterLinks(ctx),
  );
}

export async function buildShell(
  ctx: Koa.Context,
  config: Config,
  options: { isPublicPage?: boolean; user?: ShellUser } = {},
): Promise<Shell> {
  const shown = options.user ?? (await currentShellUser(ctx));
  return {
    productName: config.productName,
    path: ctx.path,
    feedbackUrl: config.feedbackUrl ?? null,
    isPublicPage: options.isPublicPage ?? false,
    user: shown,
  };
}
