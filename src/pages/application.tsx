/**
 * "Prepare an application" (docs/decisions/application-packet.md), a plain form that needs no script:
 * - GET  /profiles/{id}/application: the owner's (or an admin's) page; anyone else gets the policy's 404 / 403;
 * - POST /profiles/{id}/application: answers the packet PDF (attachment, portal-safe name), or the page again
 *   with the message (400: no department, a document that is not the owner's, nothing chosen, over 5 MB).
 * The packet holds only what the owner ticked; its résumé is the visitor's view of the profile (share presenters),
 * so nothing private reaches it by way of the résumé.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import type { AppContext } from '../http/appContext';
import { currentUser } from '../http/auth';
import type { SignedInContext } from '../http/context';
import { formAction, type FormActionContext, type FormState } from '../http/formAction';
import { signedInPage } from '../http/pageGuards';
import { validate, type InputOf } from '../http/validate';
import { ValidationError } from '../errors';
import type { Viewer } from '../policies/viewer';
import { presentDocuments } from '../presenters/documents';
import { presentProfile } from '../presenters/profiles';
import { presentResume } from '../presenters/share';
import { canonicalProfileUrl } from '../render/profileMeta';
import { renderPage } from '../render/renderPage';
import { packetPdf, type PacketAttachment } from '../render/share/packetPdf';
import { qrPng } from '../render/share/qr';
import { resumePdf } from '../render/share/resumePdf';
import { shareFileName } from '../render/share/vcard';
import { findDocuments } from '../services/documents';
import { gatherPacket, type ChosenDocument } from '../services/documents/packet';
import { loadProfileLists } from '../services/lists';
import { findProfileWithUsername } from '../services/profileReads';
import { readProfileImage, resumeSections } from '../services/share';
import { idParams, withoutInvisibles } from '../validation/common';
import { PACKET_LIMITS, PACKET_MESSAGES, packetSchema } from '../validation/documents';
import { departmentPath } from '../validation/verifiedBadge';
import { ApplicationPage } from '../../views/profile/ApplicationPage';
import { resumeOutline } from '../../views/resume/outline';

const byId = { params: idParams };

/**
 * Signed credentials to embed as PDF attachments (docs/decisions/application-packet.md): none until signed
 * credentials exist; their feature returns the owner's chosen ones here.
 */
export const packetCredentials = async (_profileId: number): Promise<PacketAttachment[]> => [];

export function applicationPageRoutes({ config, mediaStore: store, rateLimits }: AppContext): Router {
  const router = new Router();

  const applicationPage = async (
    ctx: Koa.Context,
    viewer: Viewer,
    profileId: number,
    form: FormState | null = null,
  ) => {
    const shelf = await findDocuments(viewer, { profileId });
    ctx.set('Cache-Control', 'private, no-store');
    await renderPage(
      ctx,
      config,
      <ApplicationPage profileId={shelf.profile.id} documents={presentDocuments(shelf)} form={form} />,
      {
        title: 'Prepare an application',
        noindex: true,
      },
    );
  };

  router.get(
    '/profiles/:id/application',
    signedInPage(),
    validate(byId),
    async (ctx: SignedInContext<InputOf<typeof byId>>) => {
      await applicationPage(ctx, ctx.state.user, ctx.state.input.params.id);
    },
  );

  const asPacketDocument = ({ document, proves, bytes }: ChosenDocument) => ({
    title: document.title,
    proves,
    kind: document.kind,
    bytes,
  });

  router.post(
    '/profiles/:id/application',
    signedInPage(),
    validate(byId),
    formAction({
      schema: packetSchema,
      errorTitle: 'Packet not built',
      formLevel: ['documents'],
      transaction: false,
      limit: (ctx) => rateLimits.consume('shareRenderPerAddress', ctx.ip),
      async handle(ctx: SignedInContext<InputOf<typeof byId>>, packet) {
        const viewer = ctx.state.user;
        const parts = await gatherPacket(viewer, { profileId: ctx.state.input.params.id, packet }, store);
        const profile = (await findProfileWithUsername(parts.profile.id))!;
        // The visitor's view: the résumé, the public address and the verified memberships are what anyone sees.
        const shown = presentProfile(profile, null);
        const own = presentProfile(profile, viewer);
        const profileUrl = canonicalProfileUrl(config.baseUrl, shown);
        const now = new Date();
        const resume = packet.resume
          ? await resumePdf(
              resumeOutline(
                presentResume(profile, { lists: await loadProfileLists(null, profile) }, null, {
                  baseUrl: config.baseUrl,
                  sections: resumeSections(profile),
                  now,
                }),
              ),
              {
                paper: 'letter',
                title: `${withoutInvisibles(profile.name)} — Résumé`,
                producer: config.productName,
                headshot: await readProfileImage(profile, store),
              },
            )
          : null;
        const pdf = await packetPdf({
          name: withoutInvisibles(profile.name),
          contact: packet.contact ? [own.email, own.phone].filter((v): v is string => Boolean(v)) : [],
          department: parts.department,
          checklist: packet.checklist,
          profileUrl,
          qrPng: await qrPng(profileUrl, 512),
          required: parts.required.map(asPacketDocument),
          resume,
          optional: parts.optional.map(asPacketDocument),
          verification: packet.verification
            ? shown.verifiedMemberships.map((m) => ({
                claim: `Member of ${m.departmentName} (verified by the department, ${m.year})`,
                check: `Listed on the department's page: ${new URL(departmentPath({ id: m.departmentId, name: m.departmentName }), config.baseUrl).toString()}`,
              }))
            : null,
          attachments: await packetCredentials(profile.id),
          producer: config.productName,
          generatedOn: now.toISOString().slice(0, 10),
        });
        if (pdf.length > PACKET_LIMITS.maxBytes) throw new ValidationError(PACKET_MESSAGES.tooLarge);
        ctx.set('Cache-Control', 'private, no-store');
        ctx.set('X-Robots-Tag', 'noindex');
        ctx.type = 'application/pdf';
        ctx.attachment(shareFileName(`${profile.name} ${parts.department} Application`, 'pdf'));
        ctx.body = pdf;
        return null;
      },
      render: (ctx: FormActionContext, state: FormState) =>
        applicationPage(
          ctx as unknown as Koa.Context,
          currentUser(ctx as unknown as Koa.Context)!,
          (ctx.state.input as InputOf<typeof byId>).params.id,
          state,
        ),
    }),
  );

  return router;
}
