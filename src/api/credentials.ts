/**
 * The credential catalogue (docs/decisions/credential-catalogue.md): GET /api/credentials/catalogue?q=&kind= — the certification and license
 * editors' autocomplete. Reference data, the same for every viewer (a visitor too), so it is cacheable by anyone.
 */
import Router from '@koa/router';
import type { RequestContext } from '../http/context';
import { validate, type InputOf } from '../http/validate';
import { presentCatalogueEntry } from '../presenters/catalogue';
import { searchCatalogue } from '../services/credentials/catalogue';
import { CATALOGUE_URL, catalogueQuery } from '../validation/catalogue';

const search = { query: catalogueQuery };

/** An hour: the catalogue changes only with a migration (a deploy). */
const CATALOGUE_MAX_AGE_SECONDS = 3600;

export function credentialRoutes(): Router {
  const router = new Router();

  router.get(CATALOGUE_URL, validate(search), async (ctx: RequestContext<InputOf<typeof search>>) => {
    const { user, input } = ctx.state;
    ctx.set('Cache-Control', `public, max-age=${CATALOGUE_MAX_AGE_SECONDS}`);
    ctx.body = (await searchCatalogue(user, input.query)).map((entry) => presentCatalogueEntry(entry, user));
  });

  return router;
}
