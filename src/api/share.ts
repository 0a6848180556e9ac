/**
 * Sharing API (docs/decisions/share.md): the owner's choice of résumé sections, a profile's insights (its owner and admins)
 * and the site's insight totals (admins). The share files themselves are page routes (src/pages/share.tsx).
 */
import Router from '@koa/router';
import { adminOnly, signedIn } from '../http/auth';
import type { RequestContext, SignedInContext, WriteContext } from '../http/context';
import { transaction } from '../http/transaction';
import { validate, type InputOf } from '../http/validate';
import { presentInsights, presentShareLinks, presentSiteInsights } from '../presenters/share';
import { profileInsights, siteInsightTotals } from '../services/insights/read';
import { findSharedProfile, resumeSections, saveResumeSections } from '../services/share';
import { idParams } from '../validation/common';
import { insightsQuery, resumeSectionsSchema } from '../validation/share';
import type { AppContext } from '../http/appContext';

const sections = { params: idParams, body: resumeSectionsSchema };
const profileInsightsSpec = { params: idParams, query: insightsQuery };
const siteInsightsSpec = { query: insightsQuery };

export function shareApiRoutes({ config }: Pick<AppContext, 'config'>): Router {
  const router = new Router();
  const noStore = (ctx: { set(field: string, value: string): void }) => ctx.set('Cache-Control', 'private, no-store');

  router.put(
    '/api/profiles/:id/resume-sections',
    signedIn(),
    validate(sections),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof sections>>) => {
      const { trx, user, input } = ctx.state;
      const profile = await saveResumeSections(trx, user, { id: input.params.id, sections: input.body.sections });
      ctx.body = presentShareLinks(profile, config.baseUrl, resumeSections(profile));
    },
  );

  router.get(
    '/api/profiles/:id/insights',
    validate(profileInsightsSpec),
    async (ctx: RequestContext<InputOf<typeof profileInsightsSpec>>) => {
      const { user, input } = ctx.state;
      const profile = await findSharedProfile(user, input.params.id);
      const counts = await profileInsights(user, profile, input.query.days);
      noStore(ctx);
      ctx.body = presentInsights(profile.id, input.query.days, counts);
    },
  );

  router.get(
    '/api/admin/insights',
    adminOnly(),
    validate(siteInsightsSpec),
    async (ctx: SignedInContext<InputOf<typeof siteInsightsSpec>>) => {
      const { user, input } = ctx.state;
      noStore(ctx);
      ctx.body = presentSiteInsights(input.query.days, await siteInsightTotals(user, input.query.days));
    },
  );

  return router;
}
