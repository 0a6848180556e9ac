/**
 * The landing page (`/`) as every visitor gets it — signed-in users are sent on to their own pages — rendered once
 * per process (per build) and kept in the page cache (src/pages/home.tsx). A request that carries no credentials
 * is answered from it before Koa's middleware (src/http/earlyAnswers.ts), with the headers the home route gives
 * it: no session, routing or compression work for the first page most people see.
 */
import type { EarlyAnswer, EarlyCandidate } from '../http/earlyAnswers';
import { carriesCredentials } from '../http/session';
import { BOOT_ID, clientHas, writeKept, type PageCache, type PageKey } from './pageCache';

/** The home route's answer to a visitor: revalidated on every visit, so a new build shows at once. */
export const LANDING_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** The landing page's place in the page cache: one page for every visitor, per process. */
export const LANDING_PAGE: PageKey = Object.freeze({ page: 'landing', viewer: 'visitor', version: BOOT_ID });

/** Whether a request may be the kept landing page, from its method and raw URL (no context built yet). */
export const maybeLandingPage: EarlyCandidate = (method, url) =>
  (method === 'GET' || method === 'HEAD') && (url === '/' || url.startsWith('/?'));

/** A visitor's landing page, as the home route answers it with sendPage; false when not kept yet. */
export function keptLandingPage(pages: PageCache): EarlyAnswer {
  return (ctx, reply) => {
    if (ctx.path !== '/' || (ctx.method !== 'GET' && ctx.method !== 'HEAD') || carriesCredentials(ctx)) return false;
    const page = pages.page(LANDING_PAGE);
    if (!page) return false;
    reply.set('Vary', 'Accept-Encoding, Cookie, Authorization');
    const status = clientHas(ctx, page.etag) ? 304 : 200;
    writeKept(reply, ctx, { status, etag: page.etag, cacheControl: LANDING_CACHE_CONTROL }, page);
    return true;
  };
}
