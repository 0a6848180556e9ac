/**
 * Guards for page routes, the pages' answers to what signedIn() and adminOnly() answer the API with:
 *   router.get('/account-settings', signedInPage(), validate(settings), handler)   // a visitor → /login
 *   router.get('/admin', adminPage(config, title), validate(dashboard), handler)  // others → Access Denied
 * Handlers after them use SignedInContext (or WriteContext after formAction's transaction).
 */
import type Koa from 'koa';
import type { Config } from '../config';
import { isAdmin } from '../policies/viewer';
import { renderPage } from '../render/renderPage';
import { ADMIN_LABELS } from '../validation/admin';
import { MessagePage } from '../../views/pages/MessagePage';
import { currentUser } from './auth';

/** A redirect a browser follows with a GET: 303 after a post (post/redirect/get), 302 otherwise. */
export function redirectAfter(ctx: Koa.Context, location: string): void {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') ctx.status = 303;
  ctx.redirect(location);
}

/** A visitor goes to `visitorTo` (sign-in; Create Profile sends visitors home, spec 02 §2). */
export function signedInPage(visitorTo = '/login'): Koa.Middleware {
  return async (ctx, next) => {
    if (!currentUser(ctx)) return redirectAfter(ctx, visitorTo);
    await next();
  };
}

/**
 * Admins and super_admins pass; anyone else gets Access Denied ('You don't have permission to access this
 * page.', spec 01 §6) titled as the page: 401 with a Login button for a visitor, 403 with Back to home for a
 * signed-in user.
 */
export function adminPage(config: Config, title: string): Koa.Middleware {
  return async (ctx, next) => {
    const user = currentUser(ctx);
    if (user && isAdmin(user)) return next();
    await renderPage(
      ctx,
      config,
      <MessagePage
        title={ADMIN_LABELS.accessDenied}
        action={user ? { href: '/', label: 'Back to home' } : { href: '/login', label: 'Login' }}
      >
        <p>{ADMIN_LABELS.accessDeniedMessage}</p>
      </MessagePage>,
      { title, status: user ? 403 : 401, noindex: true },
    );
  };
}
