/**
 * Counting profile views and downloads (docs/decisions/insights.md) from a request: the address, user agent, referrer and
 * `?src=qr` go to the process's counter (src/services/insights/counter.ts), which keeps only counts. Neither
 * call waits on the database, so a kept page is answered as fast with counting as without.
 *
 *   countProfileView(ctx, id)              // a kept page (src/pageCache/keptPages.ts)
 *   router.get('/profiles/:id', …, profileViewCounting(profileCache), showProfile)   // rendered pages
 *   countDownload(ctx, id, 'vcard' | 'pdf')  // src/pages/share.tsx
 * Views by those who may edit the profile (its owner, admins) are not counted.
 */
import type Koa from 'koa';
import type { ProfileCache } from '../pageCache/profileCache';
import { canEditProfile } from '../policies';
import { insightCounter, type InsightEvent } from '../services/insights/counter';
import { profileOwnerId } from '../services/insights/owner';
import { currentUser } from './auth';

/** What the counter needs of a request (one object literal: this runs on every kept page). */
function countEvent(ctx: Koa.Context, profileId: number, kind: InsightEvent['kind']): InsightEvent {
  const referrer = ctx.get('Referer') || undefined;
  return {
    profileId,
    kind,
    address: ctx.ip,
    userAgent: ctx.get('User-Agent') || undefined,
    referrer,
    // Only a referrer is compared with this site's host: most views have none, and the host costs a parse.
    ownHost: referrer ? ctx.hostname : '',
    // Most views have no query string: only then is it parsed.
    fromQr: ctx.querystring !== '' && ctx.query.src === 'qr',
  };
}

/** A page view of a profile the viewer may read and does not edit. */
export function countProfileView(ctx: Koa.Context, profileId: number): void {
  if (ctx.method !== 'GET') return;
  insightCounter.record(countEvent(ctx, profileId, 'view'));
}

/** A contact card or résumé PDF download (the route has read the profile and knows the viewer may not edit it). */
export function countDownload(ctx: Koa.Context, profileId: number, kind: 'vcard' | 'pdf'): void {
  if (ctx.method !== 'GET') return;
  insightCounter.record(countEvent(ctx, profileId, kind));
}

/**
 * Route middleware: once the profile route has answered with the page (200, or 304 to a revalidation), counts
 * the view — unless the viewer may edit the profile. A visitor's view is counted at once; a member's after
 * looking up the owner (the page's snapshot, the profile the route read, else one small read), without holding up
 * the answer.
 */
export function profileViewCounting(profileCache: ProfileCache): Koa.Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status !== 200 && ctx.status !== 304) return;
    const profileId = Number(ctx.params?.id);
    if (!Number.isSafeInteger(profileId)) return;
    const viewer = currentUser(ctx);
    if (!viewer) return countProfileView(ctx, profileId);
    const snapshot = profileCache.snapshot(profileId);
    const count = (userId: number | null) => {
      if (userId !== null && !canEditProfile(viewer, { userId })) countProfileView(ctx, profileId);
    };
    if (snapshot) return count(snapshot.userId);
    // The route read the profile (a rendered page): its owner came with it.
    const loaded = ctx.state.profileOwnerId as number | undefined;
    if (loaded !== undefined) return count(loaded);
    void profileOwnerId(profileId).then(count, () => undefined);
  };
}
