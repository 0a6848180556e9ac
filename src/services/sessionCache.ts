/**
 * Signed-in requests without a database round trip: each node keeps, for a short while, the session and user it
 * read for a token (keyed by the token's hash, as the table is). Revocation stays immediate everywhere:
 * - an entry is dropped the moment anything about its user changes, on every node: the database's trigger notifies
 *   whoever wrote (users, sessions, a profile made, verifications, department links and verifiers), and the node's
 *   change watch tells this cache (src/db/changeWatch.ts) — and an entry never outlives its session's expiry;
 * - while the notification connection is down nothing is trusted: every request reads the database, as without
 *   the cache; a read that raced a change is not kept (src/db/changeWatch.ts, as every per-node cache);
 * - a kept entry lives at most ENTRY_TTL_MS, so even a change to a table the trigger does not watch ends within
 *   that time.
 * Callers get their own copies: a request may change its user or session data without touching the cache.
 */
import { entryLimitedCache } from '../entryLimitedCache';
import type { CacheWatch, ChangeWatch } from '../db/changeWatch';
import { User } from '../models/User';
import { findSessionWithUser, type FoundSession } from './sessions';
import { hashToken } from './tokens';

const ENTRY_TTL_MS = 60_000;
const ENTRY_LIMIT = 20_000;

interface Entry {
  data: FoundSession['data'];
  user: User;
  expiresAt: number;
  provedAt: number | null;
  facts: FoundSession['facts'];
}

/**
 * A request's own copy of a kept user. A user row holds only plain values (no JSON columns, no relations), so a
 * shallow copy is a whole one, at a fraction of `$clone`'s cost (this runs on every signed-in request).
 */
export const copyOfUser = (user: User): User => Object.assign(Object.create(User.prototype) as User, user);

export class SessionCache {
  // ttlResolution 0: otherwise lru-cache arms a timer every millisecond to forget the clock it cached; reading
  // the clock on each get costs less on these per-request paths.
  private readonly entries = entryLimitedCache<string, Entry>(ENTRY_LIMIT, { ttl: ENTRY_TTL_MS, ttlResolution: 0 });
  private readonly watch: CacheWatch;

  constructor(
    readonly enabled: boolean,
    changes: ChangeWatch,
  ) {
    this.watch = changes.watch({
      enabled,
      keyedBy: 'user',
      forget: (userId) => {
        for (const [key, entry] of this.entries.entries()) if (entry.user.id === userId) this.entries.delete(key);
      },
      forgetAll: () => this.entries.clear(),
      keys: ENTRY_LIMIT,
    });
  }

  /** True while entries can be trusted: caching is on and this node hears every change. */
  get trusted(): boolean {
    return this.watch.trusted;
  }

  /** The live session a token names, with its user: kept, or read (and kept) — findSessionWithUser's answer. */
  async find(token: string): Promise<Omit<FoundSession, 'expiresAt'> | undefined> {
    if (!this.trusted) return findSessionWithUser(token);
    const key = hashToken(token);
    const kept = this.entries.get(key);
    if (kept && kept.expiresAt > Date.now()) {
      return { data: { ...kept.data }, user: copyOfUser(kept.user), provedAt: kept.provedAt, facts: kept.facts };
    }
    const startedAt = this.watch.mark();
    const found = await findSessionWithUser(token);
    if (!found) return undefined;
    if (this.trusted && !this.watch.changedSince(startedAt, found.user.id)) {
      this.entries.set(key, {
        data: { ...found.data },
        user: copyOfUser(found.user),
        expiresAt: found.expiresAt,
        provedAt: found.provedAt,
        facts: Object.freeze({
          ...found.facts,
          verifiedDepartmentIds: Object.freeze([...found.facts.verifiedDepartmentIds]),
          rosterLinks: Object.freeze(found.facts.rosterLinks.map((link) => Object.freeze({ ...link }))),
        }),
      });
    }
    return found;
  }

  /**
   * The kept session a token names, by the token's hash (hashToken: the caller hashes once a request), only when
   * this node can trust it and never with a query: for answers made before the session middleware
   * (src/pageCache/memberPages.ts), which fall back to the full path on undefined. Read-only: the caller must not
   * change what it gets.
   */
  peek(tokenHash: string): Readonly<Omit<FoundSession, 'expiresAt'>> | undefined {
    if (!this.trusted) return undefined;
    const kept = this.entries.get(tokenHash);
    return kept && kept.expiresAt > Date.now() ? kept : undefined;
  }

  /** Resolves the next time this node drops what it kept of `userId` (tests await a notification with it). */
  changed(userId: number): Promise<void> {
    return this.watch.changed(userId);
  }

  close(): void {
    this.watch.close();
  }
}
