import Router from '@koa/router';
import { currentOwnProfileId, currentUser } from '../http/auth';
import type { AppContext } from '../http/appContext';
import { LANDING_CACHE_CONTROL, LANDING_PAGE } from '../pageCache/landingPage';
import { sendPage } from '../pageCache/pageCache';
import { isAdmin } from '../policies/viewer';
import { LandingPage } from '../../views/pages/LandingPage';
import { renderPageHtml } from '../render/renderPage';

export function homeRoutes(context: Pick<AppContext, 'config' | 'pages'>): Router {
  const { config, pages } = context;
  const router = new Router();

  // Signed-in users never see the landing page: admins go to /admin, others to their own profile.
  router.get('/', async (ctx) => {
    const user = currentUser(ctx);
    if (user) {
      if (isAdmin(user)) return ctx.redirect('/admin');
      const profileId = await currentOwnProfileId(ctx);
      return ctx.redirect(profileId ? `/profiles/${profileId}` : '/create-profile');
    }
    // Every visitor gets the same landing page: rendered (and compressed) once per process, i.e. per build, and
    // then answered before the middleware (src/pageCache/landingPage.ts).
    const page =
      pages.page(LANDING_PAGE) ??
      pages.storePage(
        LANDING_PAGE,
        await renderPageHtml(ctx, config, <LandingPage productName={config.productName} />, {
          title: config.productName,
          description: `${config.productName}: public career profiles for firefighters, built by firefighters for firefighters.`,
        }),
      );
    ctx.vary('Cookie');
    ctx.vary('Authorization');
    sendPage(ctx, page, LANDING_CACHE_CONTROL);
  });

  return router;
}
