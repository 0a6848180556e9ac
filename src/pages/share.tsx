/**
 * Sharing a profile (docs/decisions/share.md): the QR code, the contact card, the résumé (print page and PDF), the link
 * preview image and the owner's insights page. Every route reads the profile through the profile's own rule
 * (findSharedProfile: a draft is not found but for its owner and admins) and shows each viewer only what the
 * profile's presenters give them. The QR codes and the image are the same for everyone and are kept per
 * profile version in the page cache (src/pageCache/shareAssets.ts); the résumé PDF is kept per version and
 * viewer class; the JSON Resume file is the visitor's view, kept per version and month
 * (docs/decisions/import-and-json-resume.md); the card, the résumé page and the insights are drawn for each request.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import type { AppContext } from '../http/appContext';
import type { RequestContext } from '../http/context';
import { countDownload } from '../http/insights';
import { validate, type InputOf } from '../http/validate';
import type { Profile } from '../models/Profile';
import { canEditProfile, canReadProfile, profileViewerClass, type Viewer } from '../policies';
import { ASSET_CACHE_CONTROL, shareFileKey } from '../pageCache/shareAssets';
import { sendAsset, type KeptAsset } from '../pageCache/pageCache';
import { PERSONAL_CACHE_CONTROL } from '../pageCache/profilePages';
import { presentContactCard, presentInsights, presentPreviewCard, presentResume } from '../presenters/share';
import { presentJsonResume } from '../presenters/jsonResume';
import { canonicalProfileUrl } from '../render/profileMeta';
import { renderDocument } from '../render/renderDocument';
import { renderPage, sendRenderedHtml } from '../render/renderPage';
import { withoutInvisibles } from '../validation/common';
import { contactCard, shareFileName } from '../render/share/vcard';
import { qrPng, qrSvg, qrTarget } from '../render/share/qr';
import { resumePdf } from '../render/share/resumePdf';
import { ogPng, ogSvg } from '../render/share/ogImage';
import { loadProfileLists } from '../services/lists';
import { findSharedProfile, readProfileImage, resumeSections } from '../services/share';
import { profileInsights } from '../services/insights/read';
import { idParams } from '../validation/common';
import { insightsQuery, qrQuery, resumeQuery, type Paper } from '../validation/share';
import { ResumePage } from '../../views/resume/ResumePage';
import { resumeOutline } from '../../views/resume/outline';
import { InsightsPage } from '../../views/profile/InsightsPage';

const byId = { params: idParams };
const qr = { params: idParams, query: qrQuery };
const resume = { params: idParams, query: resumeQuery };
const insights = { params: idParams, query: insightsQuery };
const JSON_TYPE = 'application/json; charset=utf-8';

/** A viewer's own answer (the card, the résumé): never shared by caches, and marked as depending on the session. */
function personal(ctx: Koa.Context): void {
  ctx.set('Cache-Control', PERSONAL_CACHE_CONTROL);
  ctx.vary('Cookie');
  ctx.vary('Authorization');
}

export function shareRoutes({ config, profileCache, pages, rateLimits, mediaStore }: AppContext): Router {
  const router = new Router();
  const publicUrl = (profile: Profile) => canonicalProfileUrl(config.baseUrl, presentPreviewCard(profile));
  /** Downloads by the profile's readers count; its owner's and admins' own do not. */
  const countFor = (ctx: Koa.Context, viewer: Viewer | null, profile: Profile, kind: 'vcard' | 'pdf') => {
    if (!canEditProfile(viewer, profile)) countDownload(ctx, profile.id, kind);
  };

  /**
   * A kept asset of a profile version, answered from the page snapshot when it is warm (no query), else drawn
   * from the profile; a draft's is for its readers only and never kept by shared caches.
   */
  const keptAsset = async (
    ctx: Koa.Context,
    viewer: Viewer | null,
    id: number,
    asset: string,
    type: string,
    draw: (profile: Profile) => Promise<Buffer | string>,
  ): Promise<void> => {
    const cacheControl = (status: Profile['profileStatus']) =>
      status === 'live' ? ASSET_CACHE_CONTROL : PERSONAL_CACHE_CONTROL;
    const snapshot = profileCache.snapshot(id);
    if (snapshot && canReadProfile(viewer, snapshot)) {
      const kept = pages.asset(shareFileKey(snapshot, asset));
      if (kept) return sendAsset(ctx, kept, cacheControl(snapshot.profileStatus));
    }
    const loadStartedAt = profileCache.startLoad();
    const profile = await findSharedProfile(viewer, id);
    profileCache.remember(profile, loadStartedAt);
    const drawn: KeptAsset = await pages.drawAsset(shareFileKey(profile, asset), type, () => draw(profile));
    sendAsset(ctx, drawn, cacheControl(profile.profileStatus));
  };

  router.get('/profiles/:id/qr.svg', validate(byId), async (ctx: RequestContext<InputOf<typeof byId>>) => {
    await keptAsset(ctx, ctx.state.user, ctx.state.input.params.id, 'qr.svg', 'image/svg+xml', (profile) =>
      qrSvg(qrTarget(publicUrl(profile))),
    );
  });

  router.get('/profiles/:id/qr.png', validate(qr), async (ctx: RequestContext<InputOf<typeof qr>>) => {
    const { params, query } = ctx.state.input;
    await keptAsset(ctx, ctx.state.user, params.id, `qr.png:${query.size}`, 'image/png', async (profile) => {
      await rateLimits.consume('shareRenderPerAddress', ctx.ip);
      return qrPng(qrTarget(publicUrl(profile)), query.size);
    });
  });

  router.get('/profiles/:id/og.png', validate(byId), async (ctx: RequestContext<InputOf<typeof byId>>) => {
    await keptAsset(ctx, ctx.state.user, ctx.state.input.params.id, 'og.png', 'image/png', async (profile) => {
      await rateLimits.consume('shareRenderPerAddress', ctx.ip);
      const photo = await readProfileImage(profile, mediaStore);
      return ogPng(ogSvg(presentPreviewCard(profile), photo, config.productName));
    });
  });

  router.get('/profiles/:id/contact.vcf', validate(byId), async (ctx: RequestContext<InputOf<typeof byId>>) => {
    const viewer = ctx.state.user;
    const profile = await findSharedProfile(viewer, ctx.state.input.params.id);
    const card = contactCard(presentContactCard(profile, viewer, config.baseUrl), config.baseUrl);
    personal(ctx);
    ctx.type = 'text/vcard; charset=utf-8';
    ctx.attachment(shareFileName(profile.name, 'vcf'));
    ctx.body = card;
    countFor(ctx, viewer, profile, 'vcard');
  });

  /** The résumé's outline for this viewer: their view of the profile, the owner's chosen sections. */
  const outlineFor = async (viewer: Viewer | null, profile: Profile) => {
    const content = { lists: await loadProfileLists(viewer, profile) }; // the lists only: no gallery
    return resumeOutline(
      presentResume(profile, content, viewer, {
        baseUrl: config.baseUrl,
        sections: resumeSections(profile),
        now: new Date(),
      }),
    );
  };
  // A title (tab, PDF metadata, the saved file's suggested name) never carries invisible formatting characters.
  const resumeTitle = (profile: Profile) => `${withoutInvisibles(profile.name)} — Résumé`;
  /** Who asks, the profile they may read (else 404) and the paper: what both résumé routes start from. */
  const resumeRequest = async (ctx: RequestContext<InputOf<typeof resume>>) => {
    const viewer = ctx.state.user;
    const { params, query } = ctx.state.input;
    const paper: Paper = query.paper;
    return { viewer, paper, profile: await findSharedProfile(viewer, params.id) };
  };

  router.get(
    '/profiles/:id/resume',
    validate(resume, { badQuery: 'canonical' }),
    async (ctx: RequestContext<InputOf<typeof resume>>) => {
      const { viewer, profile, paper } = await resumeRequest(ctx);
      const outline = await outlineFor(viewer, profile);
      const { html } = renderDocument(
        <ResumePage
          outline={outline}
          paper={paper}
          profilePath={`/profiles/${profile.id}/public`}
          pdfPath={`/profiles/${profile.id}/resume.pdf?paper=${paper}`}
          productName={config.productName}
        />,
        {
          title: `${resumeTitle(profile)} · ${config.productName}`,
          // Public fields only (the header card's): the description is the same for every reader.
          description: `Fire-service résumé of ${[profile.name, profile.rank, profile.department].filter(Boolean).join(', ')}.`,
          noindex: true,
        },
        { production: config.nodeEnv === 'production' },
      );
      personal(ctx);
      ctx.set('X-Robots-Tag', 'noindex');
      sendRenderedHtml(ctx, html);
    },
  );

  router.get(
    '/profiles/:id/resume.pdf',
    validate(resume, { badQuery: 'canonical' }),
    async (ctx: RequestContext<InputOf<typeof resume>>) => {
      const { viewer, profile, paper } = await resumeRequest(ctx);
      // What a viewer sees depends on them only through their class (profileViewerClass), and license and
      // certification statuses on the month: a PDF is kept per version, class, paper and month.
      const viewerClass = profileViewerClass(viewer, profile);
      const month = new Date().toISOString().slice(0, 7);
      const key = shareFileKey(profile, `resume.pdf:${paper}:${month}`, viewerClass);
      const pdf = await pages.drawAsset(key, 'application/pdf', async () => {
        await rateLimits.consume('shareRenderPerAddress', ctx.ip);
        return resumePdf(await outlineFor(viewer, profile), {
          paper,
          title: resumeTitle(profile),
          producer: config.productName,
          headshot: await readProfileImage(profile, mediaStore),
        });
      });
      personal(ctx);
      ctx.set('X-Robots-Tag', 'noindex');
      ctx.attachment(shareFileName(profile.name, 'pdf'));
      sendAsset(ctx, pdf, PERSONAL_CACHE_CONTROL);
      countFor(ctx, viewer, profile, 'pdf');
    },
  );

  /**
   * The JSON Resume file: the visitor's view whoever asks (it is made to be passed on), so one file per profile
   * version and month (certification statuses move with the month) is kept for everyone.
   */
  router.get('/profiles/:id/resume.json', validate(byId), async (ctx: RequestContext<InputOf<typeof byId>>) => {
    const month = new Date().toISOString().slice(0, 7);
    const { id } = ctx.state.input.params;
    // Named by the profile's number: a kept answer is given without reading the profile's name.
    ctx.attachment(`resume-${id}.json`);
    ctx.set('X-Robots-Tag', 'noindex');
    await keptAsset(ctx, ctx.state.user, id, `resume.json:${month}`, JSON_TYPE, async (profile) => {
      const content = { lists: await loadProfileLists(null, profile) };
      const resume = presentResume(profile, content, null, {
        baseUrl: config.baseUrl,
        sections: resumeSections(profile),
        now: new Date(),
      });
      return `${JSON.stringify(presentJsonResume(resume, { baseUrl: config.baseUrl }), null, 2)}\n`;
    });
  });

  router.get(
    '/profiles/:id/insights',
    validate(insights, { badQuery: 'canonical' }),
    async (ctx: RequestContext<InputOf<typeof insights>>) => {
      const viewer = ctx.state.user;
      const { params, query } = ctx.state.input;
      const profile = await findSharedProfile(viewer, params.id);
      const counts = await profileInsights(viewer, profile, query.days);
      personal(ctx);
      await renderPage(
        ctx,
        config,
        <InsightsPage
          name={profile.name}
          insights={presentInsights(profile.id, query.days, counts)}
          basePath={`/profiles/${profile.id}/insights`}
          profilePath={`/profiles/${profile.id}`}
        />,
        { title: `Insights · ${profile.name}`, noindex: true },
      );
    },
  );

  return router;
}
