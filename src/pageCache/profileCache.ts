/**
 * What this node knows of each profile: a small snapshot — its version, status and owner — so a warm profile page
 * request needs no database query at all (the page itself is kept in the page cache under that version:
 * src/pageCache/pageCache.ts, src/pageCache/profileAnswer.ts). A snapshot is dropped the moment its profile
 * changes, on every node: the database's trigger bumps the version and notifies, whoever wrote, and the node's
 * change watch tells this cache (src/db/changeWatch.ts). While the notification connection is down, snapshots
 * are not trusted (every request reads the version from the database), so a node never serves a page older than
 * the last write it could have heard of.
 */
import { entryLimitedCache } from '../entryLimitedCache';
import type { Config } from '../config';
import type { CacheWatch, ChangeWatch } from '../db/changeWatch';
import type { Profile } from '../models/Profile';

/** What deciding about a cached page needs to know of a profile. */
export type ProfileSnapshot = Pick<Profile, 'id' | 'userId' | 'profileStatus' | 'version'>;

const SNAPSHOT_LIMIT = 50_000;

export class ProfileCache {
  private readonly snapshots = entryLimitedCache<number, ProfileSnapshot>(SNAPSHOT_LIMIT);
  private readonly watch: CacheWatch;

  constructor(
    readonly enabled: boolean,
    changes: ChangeWatch,
  ) {
    this.watch = changes.watch({
      enabled,
      keyedBy: 'profile',
      forget: (id) => this.snapshots.delete(id),
      forgetAll: () => this.snapshots.clear(),
      keys: SNAPSHOT_LIMIT,
    });
  }

  static fromConfig(config: Config, changes: ChangeWatch): ProfileCache {
    return new ProfileCache(config.pageCache, changes);
  }

  /** True while snapshots can be trusted: caching is on and this node hears every change. */
  get trusted(): boolean {
    return this.watch.trusted;
  }

  snapshot(id: number): ProfileSnapshot | undefined {
    return this.trusted ? this.snapshots.get(id) : undefined;
  }

  /** Call before loading a profile; pass the answer to remember() with the loaded row. */
  startLoad(): number {
    return this.watch.mark();
  }

  /** Keeps what a load read — unless the profile changed (or notifications were lost) while it ran. */
  remember(profile: ProfileSnapshot, loadStartedAt: number): void {
    if (!this.trusted || this.watch.changedSince(loadStartedAt, profile.id)) return;
    const { id, userId, profileStatus, version } = profile;
    this.snapshots.set(id, { id, userId, profileStatus, version });
  }

  close(): void {
    this.watch.close();
  }
}
