/**
 * Share files kept per profile version (docs/decisions/share.md): the QR codes and the link preview image are the same for every viewer of a
 * profile version, so each is drawn once and kept — bytes, type and a strong ETag — in the page cache
 * (src/pageCache/pageCache.ts), under the profile's file (a fixed kind and size: bounded values only), the class of
 * viewer it is for and the version. A new version makes the old entries unreachable; the cache drops them.
 */
import type { Profile } from '../models/Profile';
import type { PageKey } from './pageCache';

/** Shared caches may keep an asset but must ask again: a new profile version changes it. */
export const ASSET_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Where a profile's file is kept: one for every viewer unless it shows what only some may see (a résumé). */
export const shareFileKey = (
  profile: Pick<Profile, 'id' | 'version'>,
  file: string,
  viewerClass = 'anyone',
): PageKey => ({ page: `share:${profile.id}:${file}`, viewer: viewerClass, version: profile.version });
