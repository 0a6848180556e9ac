import Router from '@koa/router';
import type { Config } from '../config';
import { currentOwnProfileId, currentUser } from '../http/auth';
import { preparePage, sendPage, type CachedPage } from '../pageCache/pageCache';
import { isAdmin } from '../policies/viewer';
import { LandingPage } from '../../views/pages/LandingPage';
import { renderPageHtml } from '../render/renderPage';

export function homeRoutes(config: Config): Router {
  const router = new Router();
  /** Every visitor gets the same landing page: rendered (and compressed) once per process, i.e. per build. */
  let landing: CachedPage | undefined;

  // Signed-in users never see the landing page: admins go to /admin, others to their own profile.
  router.get('/', async (ctx) => {
    const user = currentUser(ctx);
    if (user) {
      if (isAdmin(user)) return ctx.redirect('/admin');
      const profileId = await currentOwnProfileId(ctx);
      return ctx.redirect(profileId ? `/profiles/${profileId}` : '/create-profile');
    }
    const page =
      (config.pageCache ? landing : undefined) ??
      preparePage(
        await renderPageHtml(ctx, config, <LandingPage productName={config.productName} />, {
          title: config.productName,
          description: `${config.productName}: public career profiles for firefighters, built by firefighters for firefighters.`,
        }),
      );
    if (config.pageCache) landing = page;
    ctx.vary('Cookie');
    ctx.vary('Authorization');
    sendPage(ctx, page, 'public, max-age=0, must-revalidate');
  });

  return router;
}
