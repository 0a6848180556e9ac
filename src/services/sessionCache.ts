/**
 * Signed-in requests without a database round trip: each node keeps, for a short while, the session and user it
 * read for a token (keyed by the token's hash, as the table is). Revocation stays immediate everywhere:
 * - an entry is dropped the moment anything about its user changes — at once for changes this process made
 *   (onSessionChanged), through Postgres notifications for changes made anywhere else (listen(), fed by the
 *   triggers on `users` and `sessions`) — and never outlives its session's expiry;
 * - while the notification connection is down nothing is trusted: every request reads the database, as without
 *   the cache; a read that raced a change is not kept (src/db/changeWatch.ts, as every per-node cache);
 * - a kept entry lives at most ENTRY_TTL_MS, so even a change nobody announced ends within that time.
 * The embedded database serves one process, which hears its own changes directly (src/db/listen.ts).
 * Callers get their own copies: a request may change its user or session data without touching the cache.
 */
import type { Knex } from 'knex';
import { entryLimitedCache } from '../entryLimitedCache';
import { ChangeWatch, idPayload } from '../db/changeWatch';
import type { Logger } from '../log';
import { User } from '../models/User';
import { SESSION_CHANGED_CHANNEL, onSessionChanged } from './sessionChanges';
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

export interface SessionCacheOptions {
  /** Hear this process's own announcements (default true). A test's second "node" in one process sets false. */
  hearLocal?: boolean;
  logger?: Logger;
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
  private readonly watch: ChangeWatch;

  constructor(
    readonly enabled: boolean,
    db: Knex,
    options: SessionCacheOptions = {},
  ) {
    this.watch = new ChangeWatch({
      enabled,
      db,
      channel: SESSION_CHANGED_CHANNEL,
      parse: idPayload,
      hearLocal: options.hearLocal === false ? undefined : onSessionChanged,
      forget: (userId) => {
        for (const [key, entry] of this.entries.entries()) if (entry.user.id === userId) this.entries.delete(key);
      },
      forgetAll: () => this.entries.clear(),
      keys: ENTRY_LIMIT,
      logger: options.logger,
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

  close(): Promise<void> {
    return this.watch.close();
  }
}
