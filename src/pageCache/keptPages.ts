/**
 * Kept profile pages answered before Koa's middleware (src/http/earlyAnswers.ts), when this node holds everything
 * the decision needs: the profile's snapshot, and for a signed-in viewer the session and its user in the session
 * cache (trusted: revocation still reaches it at once) and whether they are a colleague of the owner. The decision
 * is the profile routes' own (src/pageCache/profileAnswer.ts); anything it leaves to a render — a miss, an
 * editor's own page — or cannot make from memory — a draft a visitor may not see, an unknown or uncached session,
 * a session koa-session would renew, a query the route would redirect — goes on to the profile routes.
 */
import type Koa from 'koa';
import type { EarlyAnswer, EarlyReply } from '../http/earlyAnswers';
import { countProfileView } from '../http/insights';
import { carriesCredentials, keptSessionOf } from '../http/session';
import type { Profile } from '../models/Profile';
import { canEditProfile } from '../policies';
import { knownColleagueOfOwner } from '../services/endorsements/colleagues';
import type { SessionActivity } from '../services/sessionActivity';
import type { SessionCache } from '../services/sessionCache';
import { sessionMenu } from './memberPages';
import { clientHas, writeKept, type PageCache } from './pageCache';
import { countsAsView, keptBytes, profileAnswer } from './profileAnswer';
import type { ProfileCache } from './profileCache';
import { PROFILE_PATH, PROFILE_ROUTES, pageVariant, validQuery } from './profilePages';

/** Whether a request may be a kept profile page, from its method and raw URL (no context built yet). */
export const maybeKeptPage = (method: string | undefined, url: string): boolean =>
  (method === 'GET' || method === 'HEAD') && url.startsWith('/profiles/');

/**
 * What profilePageHeaders and the page's own Vary give on the middleware path: Vary (the signed-in viewer's menu,
 * then the encoding), and noindex on all but the live public view.
 */
function keptPageHeaders(reply: EarlyReply, publicView: boolean, status: Profile['profileStatus']): void {
  reply.set('Vary', 'Cookie, Authorization, Accept-Encoding');
  if (!(publicView && status === 'live')) reply.set('X-Robots-Tag', 'noindex');
}

/** What kept pages are answered from. */
export interface KeptPageCaches {
  profileCache: ProfileCache;
  pages: PageCache;
  sessions: SessionCache;
  activity: SessionActivity;
  /** The configured session lifetime: a session koa-session would renew takes the full path. */
  sessionMaxAgeMs: number;
}

/** The signed-in viewer as kept in memory; null for a request without credentials; undefined when not in memory. */
function keptViewer(ctx: Koa.Context, caches: KeptPageCaches) {
  if (!carriesCredentials(ctx)) return null;
  return keptSessionOf(ctx, caches.sessions, caches.sessionMaxAgeMs);
}

export function keptProfilePages(caches: KeptPageCaches): EarlyAnswer {
  const { profileCache, pages } = caches;
  return (ctx, reply) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !profileCache.trusted) return false;
    const match = PROFILE_PATH.exec(ctx.path);
    const query = match ? validQuery(ctx) : undefined;
    const snapshot = match && query ? profileCache.snapshot(Number(match[1])) : undefined;
    const signedIn = snapshot ? keptViewer(ctx, caches) : undefined;
    if (!match || !query || !snapshot || signedIn === undefined) return false;
    const publicView = match[2] !== undefined;
    const session = signedIn?.found ?? null;
    const viewer = session?.user ?? null;
    const colleague =
      session && !canEditProfile(viewer, snapshot)
        ? knownColleagueOfOwner(session.facts.verifiedDepartmentIds, snapshot)
        : false;
    const menu = session ? sessionMenu(session) : null;
    const answer = profileAnswer(
      { profile: snapshot, viewer, menu, variant: pageVariant(publicView, query), as: query.as, colleague },
      pages,
      (etag) => clientHas(ctx, etag),
    );
    if (answer.kind !== 'kept') return false;
    keptPageHeaders(reply, publicView, snapshot.profileStatus);
    reply.route = publicView ? PROFILE_ROUTES.public : PROFILE_ROUTES.own;
    writeKept(
      reply,
      ctx,
      answer,
      keptBytes(answer.page, menu, (own) => own!, pages),
    );
    if (signedIn) caches.activity.seenByHash(signedIn.tokenHash);
    // Insights (docs/decisions/insights.md): a reader's view, in memory, flushed in batches; an editor's is not a view.
    if (countsAsView(answer.pageClass)) countProfileView(ctx, snapshot.id);
    return true;
  };
}
