import type { User } from '../models/User';

/**
 * Finds a user's own profile id (for the menu and the landing redirect). Profiles are a separate feature:
 * it registers its lookup here at start so the shell does not depend on it. Until then nobody has one.
 */
let resolver: (user: User) => Promise<number | null> = () => Promise.resolve(null);

export function setOwnProfileResolver(lookup: (user: User) => Promise<number | null>): void {
  resolver = lookup;
}

export function ownProfileId(user: User): Promise<number | null> {
  return resolver(user);
}
