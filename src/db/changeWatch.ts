/**
 * What keeps every per-node cache exact while any node writes (the profile cache, the session cache, department
 * reads): one LISTEN connection per node (listen()) on the one channel the database's trigger notifies
 * (migrations/20261129100000_one_change_channel.ts), whoever wrote — this node, another, a cascade, psql. Each
 * cache subscribes (`watch()`) and is told to drop what a change touches. The rules (docs/architecture.md, Kept
 * pages and per-node caches):
 * - While the connection is down nothing kept may be trusted (`trusted` is false) and, when it comes back,
 *   everything kept before is dropped: a notification may have been missed.
 * - A read that raced a change must not be kept: take `mark()` before reading and keep the answer only if
 *   `!changedSince(mark, key)` afterwards (a clock of when each key, and everything, last changed).
 * - `changed(key)` resolves the next time the cache drops `key` (or, without a key, everything): tests await a
 *   notification with it instead of sleeping.
 * - A write waits, after its commit, until this node has heard it (`markerFor`, sent last in every transaction
 *   inTransaction opens): the request that wrote, and the next one, never see what it replaced.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { LRUCache } from 'lru-cache';
import type { Logger } from '../log';
import { listen, type Subscription } from './listen';
import { entryLimitedCache } from '../entryLimitedCache';

/** The channel the database's trigger notifies. */
export const CHANGES_CHANNEL = 'turnout_changes';

/** Whose ids a cache keys by: a profile's kept pages, or what a user's sessions and department links carry. */
export type KeyTopic = 'profile' | 'user';

/** A notification's payload: `profile:<id>`, `user:<id>`, `departments`, or a node's own marker (`heard:…`). */
export type Change = { topic: KeyTopic; id: number } | { topic: 'departments' } | { topic: 'heard'; marker: string };

export function parseChange(payload: string): Change | undefined {
  if (payload === 'departments') return { topic: 'departments' };
  const colon = payload.indexOf(':');
  const topic = payload.slice(0, colon);
  const rest = payload.slice(colon + 1);
  if (topic === 'heard') return { topic, marker: rest };
  if (topic !== 'profile' && topic !== 'user') return undefined;
  const id = Number(rest);
  return Number.isInteger(id) && id > 0 ? { topic, id } : undefined;
}

export interface CacheSubscription {
  /** Caching on: without it nothing is trusted (and this cache opens no connection). */
  enabled: boolean;
  /** The topic whose ids are this cache's keys. */
  keyedBy: KeyTopic;
  /** Drops everything on a change to any departments row as well. */
  allOnDepartments?: boolean;
  /** Drops what the cache kept for one key, or for every key. */
  forget(key: number): void;
  forgetAll(): void;
  /** How many keys' last change to remember (the cache's own entry limit). */
  keys: number;
}

/** A process's change watches, by database: a write on that database waits until each has heard it. */
const watchesOf = new WeakMap<Knex, Set<ChangeWatch>>();

/** How long a write waits for its node to hear it before the node stops trusting its connection. */
const HEAR_OWN_WRITE_MS = 5_000;

const NODE = crypto.randomBytes(6).toString('base64url');
let lastMarker = 0;

/** One node's LISTEN connection and the caches it tells. */
export class ChangeWatch {
  #clock = 0;
  #subscription: Subscription | null = null;
  readonly #caches = new Set<CacheWatch>();
  readonly #markers = new Map<string, () => void>();

  constructor(
    private readonly db: Knex,
    private readonly logger?: Logger,
  ) {
    let watches = watchesOf.get(db);
    if (!watches) watchesOf.set(db, (watches = new Set()));
    watches.add(this);
  }

  /** True while this node hears every change: its connection is listening. */
  get listening(): boolean {
    return this.#subscription?.listening ?? false;
  }

  /** Subscribes a cache; its connection opens with the first cache that caches. */
  watch(options: CacheSubscription): CacheWatch {
    const cache = new CacheWatch(this, options, () => this.#caches.delete(cache));
    this.#caches.add(cache);
    if (options.enabled) this.#open();
    return cache;
  }

  /** Resolves once this node has heard every change committed before the call (at once when not listening). */
  caughtUp(): Promise<void> {
    return untilHeard(this.db, [this]);
  }

  async close(): Promise<void> {
    watchesOf.get(this.db)?.delete(this);
    this.#heardAll();
    await this.#subscription?.close();
    this.#subscription = null;
  }

  /** The next point in the order of changes. */
  tick(): number {
    return ++this.#clock;
  }

  get clock(): number {
    return this.#clock;
  }

  /** Waits to hear `marker` (markerFor): delivered after every notification committed before it. */
  hear(marker: string): Promise<void> {
    return new Promise((resolve) => this.#markers.set(marker, resolve));
  }

  /** Stops waiting for a marker that will not come, as if heard. */
  stopHearing(marker: string): void {
    this.#markers.get(marker)?.();
    this.#markers.delete(marker);
  }

  #open(): void {
    this.#subscription ??= listen(
      this.db,
      CHANGES_CHANNEL,
      {
        onMessage: (payload) => this.receive(payload),
        onReset: () => {
          for (const cache of this.#caches) cache.dropAll();
          this.#heardAll();
        },
      },
      this.logger,
    );
  }

  /** A notification the connection delivered (unit tests hand theirs in directly). */
  receive(payload: string): void {
    const change = parseChange(payload);
    if (!change) return;
    if (change.topic === 'heard') {
      const resolve = this.#markers.get(change.marker);
      this.#markers.delete(change.marker);
      resolve?.();
      return;
    }
    for (const cache of this.#caches) cache.hear(change);
  }

  /** Nothing more can be heard (the connection was lost or closed): nobody waits for a marker. */
  #heardAll(): void {
    for (const resolve of this.#markers.values()) resolve();
    this.#markers.clear();
  }

  /** Forces a new connection: one that does not deliver this node's own marker cannot be trusted. */
  reconnect(): void {
    this.#subscription?.reconnect();
  }
}

/** A marker on its way: sent last in a transaction, heard once every change that transaction made was heard. */
export interface Marker {
  /** Sends the marker on `via` (the writing transaction: delivered at its commit, after its own notifications). */
  send(via: Knex | Knex.Transaction): Promise<void>;
  /** Resolves once every listening watch has heard the marker (or, too late, reconnected). */
  readonly heard: Promise<void>;
  /** The marker will never come (its transaction rolled back): nobody waits for it. */
  cancel(): void;
}

/**
 * A marker for every listening watch of this process on `db` (or those given): delivered in commit order, it
 * arrives after every change committed before it. A watch that does not hear it in time reconnects, dropping
 * everything it kept. Undefined when no watch listens: there is nothing to wait for.
 */
export function markerFor(db: Knex, watches: Iterable<ChangeWatch> = watchesOf.get(db) ?? []): Marker | undefined {
  const listening = [...watches].filter((watch) => watch.listening);
  if (!listening.length) return undefined;
  const marker = `${NODE}.${++lastMarker}`;
  const timers: NodeJS.Timeout[] = [];
  const heard = Promise.all(
    listening.map(
      (watch) =>
        new Promise<void>((resolve) => {
          void watch.hear(marker).then(resolve);
          const timer = setTimeout(() => {
            watch.reconnect();
            resolve();
          }, HEAR_OWN_WRITE_MS);
          timer.unref();
          timers.push(timer);
        }),
    ),
  ).then(() => timers.forEach(clearTimeout));
  return {
    heard,
    send: async (via) => {
      await via.raw('select pg_notify(?, ?)', [CHANGES_CHANNEL, `heard:${marker}`]);
    },
    cancel: () => {
      for (const watch of listening) watch.stopHearing(marker);
    },
  };
}

/** Resolves once each listening watch (by default every one of this process on `db`) has heard every change
 * committed before the call. */
export async function untilHeard(db: Knex, watches?: Iterable<ChangeWatch>): Promise<void> {
  const marker = markerFor(db, watches);
  if (!marker) return;
  await marker.send(db);
  await marker.heard;
}

/** One cache's view of its node's changes: trust, the race rule, and waits for tests. */
export class CacheWatch {
  #allChangedAt = 0;
  readonly #keyChangedAt: LRUCache<number, number>;
  readonly #waiting = new Map<number | 'all', (() => void)[]>();

  constructor(
    private readonly node: ChangeWatch,
    private readonly options: CacheSubscription,
    private readonly unsubscribe: () => void,
  ) {
    this.#keyChangedAt = entryLimitedCache<number, number>(options.keys);
  }

  /** True while what the cache keeps can be trusted: caching is on and this node hears every change. */
  get trusted(): boolean {
    return this.options.enabled && this.node.listening;
  }

  /** A point in the order of changes: take it before a read whose answer may be kept. */
  mark(): number {
    return this.node.clock;
  }

  /** Whether everything, or `key`, changed after `mark`: then what was read since may be stale. */
  changedSince(mark: number, key?: number): boolean {
    return this.#allChangedAt > mark || (key !== undefined && (this.#keyChangedAt.get(key) ?? 0) > mark);
  }

  /** Resolves the next time the cache drops what it kept of `key`, or (no key) of every key. */
  changed(key: number | 'all' = 'all'): Promise<void> {
    return new Promise((resolve) => this.#waiting.set(key, [...(this.#waiting.get(key) ?? []), resolve]));
  }

  close(): void {
    this.unsubscribe();
  }

  hear(change: Change): void {
    if (change.topic === 'profile' || change.topic === 'user') {
      if (change.topic === this.options.keyedBy) this.#drop(change.id);
    } else if (change.topic === 'departments' && this.options.allOnDepartments) this.dropAll();
  }

  dropAll(): void {
    this.#allChangedAt = this.node.tick();
    this.options.forgetAll();
    for (const key of [...this.#waiting.keys()]) this.#wake(key);
  }

  #drop(key: number): void {
    this.#keyChangedAt.set(key, this.node.tick());
    this.options.forget(key);
    this.#wake(key);
  }

  #wake(key: number | 'all'): void {
    const waiting = this.#waiting.get(key);
    this.#waiting.delete(key);
    for (const resolve of waiting ?? []) resolve();
  }
}
