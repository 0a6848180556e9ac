import Router from '@koa/router';
import type { Config } from '../config';
import { currentUser } from '../http/auth';
import { isAdmin } from '../policies/viewer';
import { LandingPage } from '../../views/pages/LandingPage';
import { renderPage } from './render';
import { ownProfileId } from './ownProfile';

export function homeRoutes(config: Config): Router {
  const router = new Router();

  // Signed-in users never see the landing page: admins go to /admin, others to their own profile.
  router.get('/', async (ctx) => {
    const user = currentUser(ctx);
    if (user) {
      if (isAdmin(user)) return ctx.redirect('/admin');
      const profileId = await ownProfileId(user);
      return ctx.redirect(profileId ? `/profiles/${profileId}` : '/create-profile');
    }
    await renderPage(ctx, config, <LandingPage productName={config.productName} />, {
      title: config.productName,
      description: `${config.productName}: public career profiles for firefighters, built by firefighters for firefighters.`,
    });
  });

  return router;
}
