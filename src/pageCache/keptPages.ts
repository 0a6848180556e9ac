/**
 * Kept profile pages answered before Koa's middleware (src/http/earlyAnswers.ts): a visitor's (a request that
 * carries no credentials at all — no session cookie, no Authorization header) and a signed-in member's when this
 * node already holds everything it needs (src/pageCache/memberPages.ts). Anything else — a miss, a draft, an
 * editor's own page, a query the route would redirect, a session not in memory — goes on to the profile routes,
 * which answer the same pages the same way (src/pages/profiles.tsx).
 */
import type Koa from 'koa';
import type { EarlyAnswer, EarlyReply } from '../http/earlyAnswers';
import { countProfileView } from '../http/insights';
import { carriesCredentials } from '../http/session';
import type { Profile } from '../models/Profile';
import { canReadProfile } from '../policies';
import { answerKeptMemberPage, type KeptPageCaches, type KeptPageRequest } from './memberPages';
import { replyWithPage } from './pageCache';
import { PROFILE_PATH, VISITOR_CACHE_CONTROL, pageVariant, validQuery, visitorPageKey } from './profilePages';

/** Whether a request may be a kept profile page, from its method and raw URL (no context built yet). */
export const maybeKeptPage = (method: string | undefined, url: string): boolean =>
  (method === 'GET' || method === 'HEAD') && url.startsWith('/profiles/');

/**
 * What profilePageHeaders and the page's own Vary give on the middleware path: Vary (the signed-in viewer's menu,
 * then the encoding), and noindex on all but the live public view.
 */
export function keptPageHeaders(reply: EarlyReply, publicView: boolean, status: Profile['profileStatus']): void {
  reply.set('Vary', 'Cookie, Authorization, Accept-Encoding');
  if (!(publicView && status === 'live')) reply.set('X-Robots-Tag', 'noindex');
}

export function keptProfilePages(caches: KeptPageCaches): EarlyAnswer {
  const { profileCache } = caches;
  /** A visitor's kept page, when there is one: as sendPage answers it. */
  const answerVisitor = (ctx: Koa.Context, reply: EarlyReply, request: KeptPageRequest): boolean => {
    const { snapshot, publicView, variant } = request;
    if (!canReadProfile(null, snapshot) || !variant.keep) return false;
    const kept = profileCache.pages.get(visitorPageKey(snapshot.id, snapshot.version, variant.key));
    if (!kept) return false;
    keptPageHeaders(reply, publicView, snapshot.profileStatus);
    replyWithPage(ctx, reply, kept, VISITOR_CACHE_CONTROL);
    return true;
  };

  return (ctx, reply) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !profileCache.trusted) return false;
    const match = PROFILE_PATH.exec(ctx.path);
    const query = match ? validQuery(ctx) : undefined;
    const snapshot = match && query ? profileCache.snapshot(Number(match[1])) : undefined;
    if (!match || !query || !snapshot) return false;
    const publicView = match[2] !== undefined;
    const request = { snapshot, publicView, variant: pageVariant(publicView, query), query };
    const answered = carriesCredentials(ctx)
      ? answerKeptMemberPage(ctx, reply, caches, request)
      : answerVisitor(ctx, reply, request) && 'reader';
    if (!answered) return false;
    // Insights (docs/decisions/insights.md): a reader's view, in memory, flushed in batches; an editor's "View as" is not a view.
    if (answered === 'reader') countProfileView(ctx, snapshot.id);
    return true;
  };
}
