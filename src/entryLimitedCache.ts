/**
 * An LRU cache of at most `entries` entries whose memory grows as it fills. lru-cache's `max` allocates arrays
 * for every entry when the cache is made: ~25 ms and several MB for 200,000, at every start, for caches most
 * processes never fill (~0.15 s of a start in all; docs/decisions/startup.md). A size
 * limit of one per entry bounds the cache the same way, allocating as it goes, at the same cost per get and set.
 */
import { LRUCache } from 'lru-cache';

export function entryLimitedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  entries: number,
  options: { ttl?: number; ttlResolution?: number } = {},
): LRUCache<K, V> {
  return new LRUCache<K, V>({ ...options, maxSize: entries, sizeCalculation: () => 1 });
}
