import type { User } from '../models/User';
import { ownProfileId as lookup } from '../services/profiles';

/** A user's own profile id (for the menu and the landing redirect), or null when they have none yet. */
export function ownProfileId(user: User): Promise<number | null> {
  return lookup(user);
}
