/**
 * Signed-in requests without a database round trip: each node keeps, for a short while, the session and user it
 * read for a token (keyed by the token's hash, as the table is). Revocation stays immediate everywhere:
 * - an entry is dropped the moment anything about its user changes — at once for changes this process made
 *   (onSessionChanged), through Postgres notifications for changes made anywhere else (listen(), fed by the
 *   triggers on `users` and `sessions`) — and never outlives its session's expiry;
 * - while the notification connection is down nothing is trusted: every request reads the database, as without
 *   the cache; a read that raced a change is not kept (the same clock as src/pageCache/profileCache.ts);
 * - a kept entry lives at most ENTRY_TTL_MS, so even a change nobody announced ends within that time.
 * The embedded database serves one process, which hears its own changes directly (src/db/listen.ts).
 * Callers get their own copies: a request may change its user or session data without touching the cache.
 */
import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { listen, type Subscription } from '../db/listen';
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
const copyOf = (user: User): User => Object.assign(Object.create(User.prototype) as User, user);

export class SessionCache {
  private readonly entries = new LRUCache<string, Entry>({ max: ENTRY_LIMIT, ttl: ENTRY_TTL_MS });
  private clock = 0;
  private resetAt = 0;
  private readonly invalidatedAt = new LRUCache<number, number>({ max: ENTRY_LIMIT });
  private readonly waiting = new Map<number, (() => void)[]>();
  private readonly subscription: Subscription | null;
  private readonly unsubscribeLocal: () => void;

  constructor(
    readonly enabled: boolean,
    db: Knex,
    options: SessionCacheOptions = {},
  ) {
    this.unsubscribeLocal = options.hearLocal === false ? () => undefined : onSessionChanged((id) => this.forget(id));
    this.subscription = enabled
      ? listen(
          db,
          SESSION_CHANGED_CHANNEL,
          {
            onMessage: (payload) => this.forget(Number(payload)),
            onReset: () => {
              this.resetAt = ++this.clock;
              this.entries.clear();
            },
          },
          options.logger,
        )
      : null;
  }

  /** True while entries can be trusted: caching is on and this node hears every change. */
  get trusted(): boolean {
    return this.enabled && (this.subscription?.listening ?? false);
  }

  /** The live session a token names, with its user: kept, or read (and kept) — findSessionWithUser's answer. */
  async find(token: string): Promise<Omit<FoundSession, 'expiresAt'> | undefined> {
    if (!this.trusted) return findSessionWithUser(token);
    const key = hashToken(token);
    const kept = this.entries.get(key);
    if (kept && kept.expiresAt > Date.now()) {
      return { data: { ...kept.data }, user: copyOf(kept.user), facts: kept.facts };
    }
    const startedAt = this.clock;
    const found = await findSessionWithUser(token);
    if (!found) return undefined;
    const { id } = found.user;
    const changedSince = this.resetAt > startedAt || (this.invalidatedAt.get(id) ?? 0) > startedAt;
    if (this.trusted && !changedSince) {
      this.entries.set(key, {
        data: { ...found.data },
        user: copyOf(found.user),
        expiresAt: found.expiresAt,
        facts: Object.freeze({
          ...found.facts,
          verifiedDepartmentIds: Object.freeze([...found.facts.verifiedDepartmentIds]),
        }),
      });
    }
    return found;
  }

  /**
   * The kept session a token names, only when this node can trust it and never with a query: for answers made
   * before the session middleware (src/pageCache/memberPages.ts), which fall back to the full path on undefined.
   * Read-only: the caller must not change what it gets.
   */
  peek(token: string): Readonly<Omit<FoundSession, 'expiresAt'>> | undefined {
    if (!this.trusted) return undefined;
    const kept = this.entries.get(hashToken(token));
    return kept && kept.expiresAt > Date.now() ? kept : undefined;
  }

  /** Resolves the next time this node drops what it kept of `userId` (tests await a notification with it). */
  changed(userId: number): Promise<void> {
    return new Promise((resolve) => this.waiting.set(userId, [...(this.waiting.get(userId) ?? []), resolve]));
  }

  private forget(userId: number): void {
    if (!Number.isInteger(userId)) return;
    this.invalidatedAt.set(userId, ++this.clock);
    for (const [key, entry] of this.entries.entries()) if (entry.user.id === userId) this.entries.delete(key);
    const waiting = this.waiting.get(userId);
    this.waiting.delete(userId);
    for (const resolve of waiting ?? []) resolve();
  }

  async close(): Promise<void> {
    this.unsubscribeLocal();
    await this.subscription?.close();
  }
}
