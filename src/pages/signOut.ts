/**
 * POST /logout, the header menu's Sign Out: a form, so signing out works without JavaScript. The CSRF middleware has already checked the Origin of
 * any cookie-carrying POST by the time this runs, so another site cannot sign a user out.
 */
import Router from '@koa/router';
import { endSession } from '../http/session';

export function signOutRoutes(): Router {
  const router = new Router();

  // Spec 01 §2: Sign Out logs out and returns to /. 303 so the browser follows with a GET.
  router.post('/logout', (ctx) => {
    endSession(ctx);
    ctx.status = 303;
    ctx.redirect('/');
  });

  return router;
}
