/**
 * What keeps a per-node cache exact while any node writes (the profile cache, the session cache, department
 * reads): it hears each change twice — at once from this process's own announcements, and through Postgres
 * notifications (listen()) from every other node — and tells the cache to drop what the change touches.
 * - While the notification connection is down nothing kept may be trusted (`trusted` is false) and, when it
 *   comes back, everything kept before is dropped: a notification may have been missed.
 * - A read that raced a change must not be kept: take `mark()` before reading and keep the answer only if
 *   `!changedSince(mark, key)` afterwards (a clock of when each key, and everything, last changed).
 * - `changed(key)` resolves the next time the cache drops `key` (or, without a key, everything): tests await a
 *   notification with it instead of sleeping.
 * Keys are numbers (a profile's or a user's id); `'all'` stands for every key.
 */
import type { Knex } from 'knex';
import type { LRUCache } from 'lru-cache';
import type { Logger } from '../log';
import { listen, type Subscription } from './listen';
import { entryLimitedCache } from '../entryLimitedCache';

export type Change = number | 'all';

export interface ChangeWatchOptions {
  /** Caching on: without it nothing is trusted and no notification connection is opened. */
  enabled: boolean;
  db: Knex;
  channel: string;
  /** A notification's payload as a change; undefined for one this version does not know (ignored). */
  parse(payload: string): Change | undefined;
  /**
   * Subscribes to this process's own announcements and returns the unsubscribe; omitted when a test's second
   * "node" in the same process must hear other nodes' changes only through Postgres.
   */
  hearLocal?: (hear: (change: Change) => void) => () => void;
  /** Drops what the cache kept for one key, or for every key. */
  forget(key: number): void;
  forgetAll(): void;
  /** How many keys' last change to remember (the cache's own entry limit). */
  keys: number;
  logger?: Logger;
}

export class ChangeWatch {
  #clock = 0;
  #allChangedAt = 0;
  readonly #keyChangedAt: LRUCache<number, number>;
  readonly #waiting = new Map<Change, (() => void)[]>();
  readonly #subscription: Subscription | null;
  readonly #unsubscribeLocal: () => void;
  readonly #cache: Pick<ChangeWatchOptions, 'forget' | 'forgetAll'>;

  constructor(private readonly options: ChangeWatchOptions) {
    const { enabled, db, channel, parse, hearLocal, forget, forgetAll, keys, logger } = options;
    this.#cache = { forget, forgetAll };
    this.#keyChangedAt = entryLimitedCache<number, number>(keys);
    const hear = (change: Change) => (change === 'all' ? this.#dropAll() : this.#drop(change));
    this.#unsubscribeLocal = hearLocal ? hearLocal(hear) : () => undefined;
    this.#subscription = enabled
      ? listen(
          db,
          channel,
          {
            onMessage: (payload) => {
              const change = parse(payload);
              if (change !== undefined) hear(change);
            },
            onReset: () => this.#dropAll(),
          },
          logger,
        )
      : null;
  }

  /** True while what the cache keeps can be trusted: caching is on and this node hears every change. */
  get trusted(): boolean {
    return this.options.enabled && (this.#subscription?.listening ?? false);
  }

  /** A point in the order of changes: take it before a read whose answer may be kept. */
  mark(): number {
    return this.#clock;
  }

  /** Whether everything, or `key`, changed after `mark`: then what was read since may be stale. */
  changedSince(mark: number, key?: number): boolean {
    return this.#allChangedAt > mark || (key !== undefined && (this.#keyChangedAt.get(key) ?? 0) > mark);
  }

  /** Resolves the next time the cache drops what it kept of `key`, or (no key) of every key. */
  changed(key: Change = 'all'): Promise<void> {
    return new Promise((resolve) => this.#waiting.set(key, [...(this.#waiting.get(key) ?? []), resolve]));
  }

  async close(): Promise<void> {
    this.#unsubscribeLocal();
    await this.#subscription?.close();
  }

  #drop(key: number): void {
    if (!Number.isInteger(key)) return;
    this.#keyChangedAt.set(key, ++this.#clock);
    this.#cache.forget(key);
    this.#wake(key);
  }

  #dropAll(): void {
    this.#allChangedAt = ++this.#clock;
    this.#cache.forgetAll();
    for (const key of [...this.#waiting.keys()]) this.#wake(key);
  }

  #wake(key: Change): void {
    const waiting = this.#waiting.get(key);
    this.#waiting.delete(key);
    for (const resolve of waiting ?? []) resolve();
  }
}

/** A numeric id payload (profile and session channels): the id, or undefined for anything else. */
export const idPayload = (payload: string): number | undefined => {
  const id = Number(payload);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};
