/**
 * The tracker page (docs/decisions/hiring-tracker.md): GET /profiles/{id}/tracker, the owner's (or an admin's)
 * hiring tracker windows and lateral view; anyone else gets the profile policy's 404 / 401 / 403. Never kept: it
 * shows private entries (`private, no-store`).
 */
import Router from '@koa/router';
import type { AppContext } from '../http/appContext';
import type { SignedInContext } from '../http/context';
import { signedInPage } from '../http/pageGuards';
import { validate, type InputOf } from '../http/validate';
import { presentTracker } from '../presenters/tracker';
import { renderPage } from '../render/renderPage';
import { readTracker } from '../services/tracker';
import { idParams } from '../validation/common';
import { TrackerPage } from '../../views/profile/TrackerPage';

const byId = { params: idParams };

export function trackerPageRoutes({ config }: AppContext): Router {
  const router = new Router();
  router.get(
    '/profiles/:id/tracker',
    signedInPage(),
    validate(byId),
    async (ctx: SignedInContext<InputOf<typeof byId>>) => {
      const read = await readTracker(ctx.state.user, { profileId: ctx.state.input.params.id });
      ctx.set('Cache-Control', 'private, no-store');
      await renderPage(ctx, config, <TrackerPage tracker={presentTracker(read, new Date())} />, {
        title: 'Hiring tracker',
        noindex: true,
      });
    },
  );
  return router;
}
