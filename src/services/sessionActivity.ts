/**
 * "Last seen" for signed-in devices (docs/decisions/signed-in-devices.md), kept off the hot path: a signed-in request only notes its
 * token here (a hash and a map lookup); at most once a minute per session and node a write is queued, and the
 * writes go out together after the request, unawaited, in one statement that itself skips rows seen less than a
 * minute ago (another node may have written it). The update touches only `last_seen_at`, which the `sessions`
 * trigger ignores (migrations/20261125006100_…), so no session cache drops an entry for it and no profile's
 * kept page is involved. A failed write is logged and forgotten: the next minute writes again.
 */
import type { Knex } from 'knex';
import { entryLimitedCache } from '../entryLimitedCache';
import type { Logger } from '../log';
import { hashToken } from './tokens';

export const LAST_SEEN_INTERVAL_MS = 60_000;

export class SessionActivity {
  /** When each session's last-seen write was queued: compared in seenByHash, so no ttl (and none of its timers). */
  private readonly written = entryLimitedCache<string, number>(50_000);
  private readonly pending = new Set<string>();
  private running: Promise<void> = Promise.resolve();
  private scheduled = false;

  constructor(
    private readonly db: Knex,
    private readonly logger?: Logger,
    /** The clock deciding "a minute since" on this node (tests move it). */
    private readonly clock: () => number = Date.now,
  ) {}

  /** A request of the session `token` was answered. */
  seen(token: string): void {
    this.seenByHash(hashToken(token));
  }

  /** As seen, for a caller that has the token's hash already (src/http/session.ts keptSessionOf). */
  seenByHash(key: string): void {
    const now = this.clock();
    const last = this.written.get(key);
    if (last !== undefined && now - last < LAST_SEEN_INTERVAL_MS) return;
    this.written.set(key, now);
    this.pending.add(key);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.running = this.running.then(() => this.write());
    });
  }

  /** Resolves once every write noted so far has been made (tests; shutdown). */
  async settled(): Promise<void> {
    while (this.scheduled || this.pending.size) {
      await new Promise((resolve) => setImmediate(resolve));
      await this.running;
    }
    await this.running;
  }

  private async write(): Promise<void> {
    const hashes = [...this.pending];
    this.pending.clear();
    if (!hashes.length) return;
    try {
      await this.db.raw(
        `update sessions set last_seen_at = now()
         where token_hash = any(?) and last_seen_at < now() - make_interval(secs => ?)`,
        [hashes, LAST_SEEN_INTERVAL_MS / 1000],
      );
    } catch (error) {
      this.logger?.warn({ err: error instanceof Error ? error.message : String(error) }, 'last-seen update failed');
    }
  }
}
