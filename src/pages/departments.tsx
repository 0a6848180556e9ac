/**
 * A department's page (docs/decisions/verified-membership.md): GET /departments/{id} and /departments/{id}-{slug}; any other form of the
 * address (no slug, an old name's slug) redirects (301) to the canonical one. Only departments a visitor may see
 * (departmentPolicy: verified) have a page; anything else is a 404.
 *
 * The page is the same for every viewer, so a visitor's copy is kept in the page cache per version
 * (departmentPage.ts: a fingerprint of the department row and the listed members' profile versions) with an
 * ETag; a signed-in viewer's copy carries their account menu and is rendered each time. No island: no script.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import { object, string } from 'yup';
import type { AppContext } from '../http/appContext';
import { currentUser } from '../http/auth';
import { validate, type InputOf } from '../http/validate';
import type { RequestContext } from '../http/context';
import { NotFoundError } from '../errors';
import { sendPage } from '../pageCache/pageCache';
import { PERSONAL_CACHE_CONTROL, VISITOR_CACHE_CONTROL } from '../pageCache/profilePages';
import { presentDepartmentPage } from '../presenters/departmentPage';
import { renderPageHtml, sendRenderedHtml } from '../render/renderPage';
import type { HeadTag } from '../render/renderDocument';
import { departmentPageVersion, listedMemberProfiles } from '../services/verification/departmentPage';
import { mergedInto } from '../services/departments/merge';
import { DEPARTMENT_MESSAGES } from '../validation/departments';
import { parseId } from '../validation/common';
import { departmentSlug, type DepartmentPageJson } from '../validation/verifiedBadge';
import { DepartmentPage } from '../../views/pages/DepartmentPage';

/** `12` or `12-springfield-fire-department`. */
const REF = /^([1-9][0-9]{0,9})(?:-([a-z0-9-]{0,120}))?$/;
const byRef = { params: object({ ref: string().matches(REF, DEPARTMENT_MESSAGES.departmentNotFound).required() }) };

export function departmentPageRoutes({ config, pages }: Pick<AppContext, 'config' | 'pages'>): Router {
  const router = new Router();

  router.get('/departments/:ref', validate(byRef), async (ctx: RequestContext<InputOf<typeof byRef>>) => {
    const [, rawId, slug] = REF.exec(ctx.state.input.params.ref)!;
    const id = parseId(rawId);
    if (id === undefined) throw new NotFoundError(DEPARTMENT_MESSAGES.departmentNotFound);
    // The page lists what a visitor may see, whoever asks. A department merged into another leads to the one
    // kept (docs/decisions/pending-departments.md).
    const found = await departmentPageVersion(null, id).catch(async (error: unknown) => {
      const keptId = error instanceof NotFoundError ? await mergedInto(id) : undefined;
      if (keptId === undefined) throw error;
      return keptId;
    });
    if (typeof found === 'number') {
      ctx.status = 301;
      return ctx.redirect(`/departments/${found}`);
    }
    const { department, version, profileIds } = found;
    const canonicalSlug = departmentSlug(department.name);
    if (slug !== canonicalSlug) {
      ctx.status = 301;
      return ctx.redirect(`/departments/${department.id}-${canonicalSlug}`);
    }
    const viewer = currentUser(ctx);
    ctx.vary('Cookie');
    ctx.vary('Authorization');
    const key = { page: `department:${department.id}`, viewer: 'visitor', version };
    const hit = viewer ? undefined : pages.page(key);
    if (hit) return sendPage(ctx, hit, VISITOR_CACHE_CONTROL);

    const page = presentDepartmentPage(department, await listedMemberProfiles(profileIds));
    const html = await renderDepartmentPage(ctx, page);
    if (viewer) {
      ctx.set('Cache-Control', PERSONAL_CACHE_CONTROL);
      sendRenderedHtml(ctx, html);
      return;
    }
    sendPage(ctx, pages.storePage(key, html), VISITOR_CACHE_CONTROL);
  });

  function renderDepartmentPage(ctx: Koa.Context, page: DepartmentPageJson): Promise<Buffer> {
    const place = [page.city, page.state].filter(Boolean).join(', ');
    const description = `${page.name}, ${place}: the department's registry facts and its verified members on ${config.productName}.`;
    return renderPageHtml(ctx, config, <DepartmentPage department={page} />, {
      title: page.name,
      description,
      isPublicPage: true,
      head: departmentHead(page, config.baseUrl, description),
    });
  }

  return router;
}

/** The canonical link, sharing metadata and JSON-LD: a FireStation for a one-station department, else an Organization. */
function departmentHead(page: DepartmentPageJson, baseUrl: string, description: string): HeadTag[] {
  const url = `${baseUrl}${page.path}`;
  const meta = (attributes: Record<string, string>): HeadTag => ({ tag: 'meta', attributes });
  return [
    { tag: 'link', attributes: { rel: 'canonical', href: url } },
    meta({ property: 'og:type', content: 'website' }),
    meta({ property: 'og:title', content: page.name }),
    meta({ property: 'og:description', content: description }),
    meta({ property: 'og:url', content: url }),
    {
      tag: 'jsonld',
      data: {
        '@context': 'https://schema.org',
        '@type': page.stations === 1 ? 'FireStation' : 'Organization',
        name: page.name,
        url,
        ...(page.website ? { sameAs: [page.website] } : {}),
        ...(page.fdid ? { identifier: { '@type': 'PropertyValue', propertyID: 'FDID', value: page.fdid } } : {}),
        address: {
          '@type': 'PostalAddress',
          ...(page.address ? { streetAddress: page.address } : {}),
          addressLocality: page.city,
          addressRegion: page.state,
          ...(page.zipCode ? { postalCode: page.zipCode } : {}),
          addressCountry: 'US',
        },
        ...(page.members.length
          ? {
              member: page.members.map((member) => ({
                '@type': 'Person',
                name: member.name,
                jobTitle: member.rank,
                url: `${baseUrl}${member.href}`,
              })),
            }
          : {}),
      },
    },
  ];
}
