/**
 * Profile insights (docs/decisions/insights.md): views, unique visitors, QR scans, contact card and résumé PDF downloads and
 * referrer domains, counted without cookies and without storing an address.
 *
 * Invariants:
 * - a visitor is told apart only by a hash of a salt, the day, the profile, the address and the user agent; the
 *   salt is random, lives in this process's memory only and changes at every UTC midnight, so a hash cannot be
 *   linked across days or reversed to an address, and nothing but the counts ever reaches the database;
 * - bots (by user agent, and requests with none) are not counted;
 * - counting never waits on the database: `record` queues the event in memory (O(1)); a timer tallies the queue
 *   into counts (the address and user agent leave memory then) and writes them in one statement every few seconds
 *   (FLUSH_INTERVAL_MS) — a crash loses at most that much. Counts are keyed by
 *   the profile id, so a username change keeps the history; a profile deleted before the flush is skipped;
 * - unique visitors are unique per process and day (a second app node, or a restart, may count a visitor
 *   twice in one day): the price of never storing a hash.
 */
import crypto from 'node:crypto';
import { entryLimitedCache } from '../../entryLimitedCache';
import { Model } from 'objection';
import type { Knex } from 'knex';
import type { InsightMetric } from '../../validation/share';

export const FLUSH_INTERVAL_MS = 5_000;
/** Visitor hashes remembered per day (beyond this a returning visitor may count again). */
const SEEN_LIMIT = 200_000;
/** Events waiting to be tallied: past this, they are tallied at once. */
const QUEUE_LIMIT = 10_000;
/** Pending counts kept while the database refuses them (then the oldest are dropped). */
const PENDING_LIMIT = 100_000;

const BOT = new RegExp(
  [
    'bot\\b',
    'bot/',
    'crawl',
    'spider',
    'slurp',
    'preview',
    'facebookexternalhit',
    'embedly',
    'whatsapp',
    'telegram',
    'discord',
    'headless',
    'lighthouse',
    'pingdom',
    'uptime',
    'monitor',
    'curl/',
    'wget/',
    'python',
    'go-http',
    'java/',
    'okhttp',
    'libwww',
    'httpclient',
    'axios',
    'undici',
    '^node$',
  ].join('|'),
  'i',
);

/** Answers by user agent: a site sees few distinct ones, each many times (bounded: cleared when full). */
const botAnswers = new Map<string, boolean>();

export function isBot(userAgent: string | undefined): boolean {
  if (!userAgent) return true;
  let answer = botAnswers.get(userAgent);
  if (answer === undefined) {
    if (botAnswers.size >= 1_000) botAnswers.clear();
    answer = BOT.test(userAgent);
    botAnswers.set(userAgent, answer);
  }
  return answer;
}

/** `https://www.Example.com/a` → `example.com`; null for no referrer, a non-web one, or our own site. */
export function referrerDomain(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    if (!host || host === ownHost.toLowerCase().replace(/^www\./, '')) return null;
    return host.slice(0, 253);
  } catch {
    return null;
  }
}

export interface InsightEvent {
  profileId: number;
  /** A page view (with its QR scan and referrer) or a download. */
  kind: 'view' | 'vcard' | 'pdf';
  address: string;
  userAgent: string | undefined;
  /** Views: the Referer header and whether the address carried `src=qr`. */
  referrer?: string;
  fromQr?: boolean;
  /** This site's host name, so internal navigation is not a referrer. */
  ownHost: string;
}

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

interface Logger {
  error(object: object, message: string): void;
}

export class InsightCounter {
  private pending = new Map<string, number>();
  private day = '';
  private dayEndsAt = 0;
  private salt = Buffer.alloc(0);
  /** Events not yet tallied (at most one flush interval's, and QUEUE_LIMIT). */
  private queue: InsightEvent[] = [];
  private seen = entryLimitedCache<string, true>(SEEN_LIMIT);
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private logger: Logger | undefined;
  /** Off only to measure what counting costs (bench/share.ts); nothing is recorded while false. */
  enabled = true;

  constructor(
    private readonly options: {
      now?: () => Date;
      db?: () => Knex;
      logger?: Logger;
      intervalMs?: number;
    } = {},
  ) {
    this.logger = options.logger;
  }

  /** Where a failed flush is reported (the server's logger). */
  useLogger(logger: Logger): void {
    this.logger = logger;
  }

  /**
   * Counts one event. Cheap and synchronous: the event waits in memory (at most until the next flush) and is
   * tallied in a batch, where a visitor seen several times is hashed once; the database sees it at the flush.
   */
  record(event: InsightEvent): void {
    if (!this.enabled || isBot(event.userAgent)) return;
    this.rollDay();
    if (this.queue.length >= QUEUE_LIMIT) this.tally();
    this.queue.push(event);
    this.schedule();
  }

  /** At UTC midnight: the old day's events are tallied under it, then a new day, salt and memory of visitors. */
  private rollDay(): void {
    const ms = this.options.now ? this.options.now().getTime() : Date.now();
    if (ms < this.dayEndsAt) return;
    this.tally();
    const now = new Date(ms);
    this.day = utcDay(now);
    this.dayEndsAt = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    this.salt = crypto.randomBytes(32);
    this.seen.clear();
  }

  /** Turns the queued events into pending counts; the addresses go with them (only counts and hashes stay). */
  private tally(): void {
    const queued = this.queue;
    this.queue = [];
    const day = this.day;
    const add = (profileId: number, metric: InsightMetric, key = '') => {
      const id = `${profileId}\u0000${day}\u0000${metric}\u0000${key}`;
      if (this.pending.size >= PENDING_LIMIT && !this.pending.has(id)) return;
      this.pending.set(id, (this.pending.get(id) ?? 0) + 1);
    };
    const hashes = new Map<string, string>();
    for (const event of queued) {
      if (event.kind !== 'view') {
        add(event.profileId, event.kind);
        continue;
      }
      add(event.profileId, 'view');
      const raw = `${event.profileId}\u0000${event.address}\u0000${event.userAgent}`;
      let visitor = hashes.get(raw);
      if (visitor === undefined) {
        visitor = crypto.createHash('sha256').update(this.salt).update(raw).digest('base64url');
        hashes.set(raw, visitor);
      }
      if (!this.seen.has(visitor)) {
        this.seen.set(visitor, true);
        add(event.profileId, 'visitor');
      }
      if (event.fromQr) add(event.profileId, 'qr');
      const domain = referrerDomain(event.referrer, event.ownHost);
      if (domain) add(event.profileId, 'referrer', domain);
    }
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.options.intervalMs ?? FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Writes the pending counts in one statement; on failure they stay pending for the next flush. */
  async flush(): Promise<void> {
    if (this.flushing) await this.flushing;
    this.rollDay();
    this.tally();
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.write(batch)
      .catch((error: unknown) => {
        for (const [id, count] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + count);
        this.logger?.error({ err: error, counts: batch.size }, 'insights flush failed');
        if (this.pending.size) this.schedule();
      })
      .finally(() => {
        this.flushing = null;
      });
    await this.flushing;
  }

  private async write(batch: Map<string, number>): Promise<void> {
    const columns = {
      ids: [] as number[],
      days: [] as string[],
      metrics: [] as string[],
      keys: [] as string[],
      counts: [] as number[],
    };
    for (const [id, count] of batch) {
      const [profileId, day, metric, key] = id.split('\u0000') as [string, string, string, string];
      columns.ids.push(Number(profileId));
      columns.days.push(day);
      columns.metrics.push(metric);
      columns.keys.push(key);
      columns.counts.push(count);
    }
    const db = this.options.db?.() ?? Model.knex();
    // Profiles deleted since the count was taken are skipped (the join), never a failed batch.
    await db.raw(
      `insert into profile_insights (profile_id, day, metric, key, count)
       select v.profile_id, v.day, v.metric, v.key, v.count
         from unnest(?::int[], ?::date[], ?::text[], ?::text[], ?::int[]) as v(profile_id, day, metric, key, count)
         join profiles on profiles.id = v.profile_id
       on conflict (profile_id, day, metric, key) do update set count = profile_insights.count + excluded.count`,
      [columns.ids, columns.days, columns.metrics, columns.keys, columns.counts],
    );
  }

  /** Flushes what is pending and stops the timer (shutdown). */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}

/** The process's counter: the page routes record into it; src/server.ts's shutdown may `close()` it. */
export const insightCounter = new InsightCounter();
