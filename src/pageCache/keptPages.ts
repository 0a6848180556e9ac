/**
 * Kept profile pages answered before sessions, body parsing and routing: a visitor's (a request that carries no
 * credentials at all — no session cookie, no Authorization header) and a signed-in member's when this node
 * already holds everything it needs (src/pageCache/memberPages.ts). Anything else — a miss, a draft, an editor,
 * a query the route would redirect, a session not in memory — goes on to the profile routes, which answer the
 * same pages the same way (src/pages/profiles.tsx).
 */
import type Koa from 'koa';
import { countProfileView } from '../http/insights';
import { carriesCredentials } from '../http/session';
import { canReadProfile } from '../policies';
import type { SessionActivity } from '../services/sessionActivity';
import type { SessionCache } from '../services/sessionCache';
import { answerKeptMemberPage, type KeptPageRequest } from './memberPages';
import { sendPage } from './pageCache';
import type { ProfileCache } from './profileCache';
import {
  PROFILE_PATH,
  VISITOR_CACHE_CONTROL,
  pageVariant,
  profilePageHeaders,
  validQuery,
  visitorPageKey,
} from './profilePages';

export function keptProfilePages(caches: {
  profileCache: ProfileCache;
  sessions: SessionCache;
  activity: SessionActivity;
}): Koa.Middleware {
  const { profileCache } = caches;
  /** A visitor's kept page, when there is one. */
  const answerVisitor = (ctx: Koa.Context, { snapshot, publicView, variant }: KeptPageRequest): boolean => {
    if (!canReadProfile(null, snapshot) || !variant.keep) return false;
    const kept = profileCache.pages.get(visitorPageKey(snapshot.id, snapshot.version, variant.key));
    if (!kept) return false;
    profilePageHeaders(ctx, publicView, snapshot.profileStatus);
    sendPage(ctx, kept, VISITOR_CACHE_CONTROL);
    return true;
  };

  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !profileCache.trusted) return next();
    const match = PROFILE_PATH.exec(ctx.path);
    const query = match ? validQuery(ctx) : undefined;
    const snapshot = match && query ? profileCache.snapshot(Number(match[1])) : undefined;
    if (!match || !query || !snapshot) return next();
    const publicView = match[2] !== undefined;
    const request = { snapshot, publicView, variant: pageVariant(publicView, query), query };
    const answered = carriesCredentials(ctx) ? answerKeptMemberPage(ctx, caches, request) : answerVisitor(ctx, request);
    if (!answered) return next();
    countProfileView(ctx, snapshot.id); // insights (issue 22): in memory, flushed in batches
  };
}
