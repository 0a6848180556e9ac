/**
 * The landing page (`/`) as every visitor gets it — signed-in users are sent on to their own pages — rendered once
 * per process (per build) and kept when the page cache is on (src/pages/home.tsx). A request that carries no
 * credentials is answered from it before Koa's middleware (src/http/earlyAnswers.ts), with the headers the home
 * route gives it: no session, routing or compression work for the first page most people see.
 */
import type { EarlyAnswer, EarlyCandidate } from '../http/earlyAnswers';
import { carriesCredentials } from '../http/session';
import { replyWithPage, type CachedPage } from './pageCache';

/** The home route's answer to a visitor: revalidated on every visit, so a new build shows at once. */
export const LANDING_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

export class KeptLandingPage {
  /** Set by the home route after its first render, when `enabled`. */
  page: CachedPage | undefined;

  constructor(readonly enabled: boolean) {}
}

/** Whether a request may be the kept landing page, from its method and raw URL (no context built yet). */
export const maybeLandingPage: EarlyCandidate = (method, url) =>
  (method === 'GET' || method === 'HEAD') && (url === '/' || url.startsWith('/?'));

/** A visitor's landing page, as the home route answers it with sendPage; false when not kept yet. */
export function keptLandingPage(kept: KeptLandingPage): EarlyAnswer {
  return (ctx, reply) => {
    const { page } = kept;
    if (!page || ctx.path !== '/' || (ctx.method !== 'GET' && ctx.method !== 'HEAD') || carriesCredentials(ctx)) {
      return false;
    }
    reply.set('Vary', 'Accept-Encoding, Cookie, Authorization');
    replyWithPage(ctx, reply, page, LANDING_CACHE_CONTROL);
    return true;
  };
}
