/**
 * "Prepare an application" (docs/decisions/application-packet.md), a plain form that needs no script:
 * - GET  /profiles/{id}/application: the owner's (or an admin's) page; anyone else gets the policy's 404 / 403;
 * - POST /profiles/{id}/application: answers the packet PDF (attachment, portal-safe name) or, with
 *   `format=zip`, the ZIP for machines (the PDF, resume.json, the chosen signed credentials); or the page again
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
import { packetJsonResume, presentJsonResume } from '../presenters/jsonResume';
import { presentProfile } from '../presenters/profiles';
import { presentResume } from '../presenters/share';
import { canonicalProfileUrl } from '../render/profileMeta';
import { renderPage } from '../render/renderPage';
import { packetPdf, type PacketAttachment } from '../render/share/packetPdf';
import { packetZip } from '../render/share/packetZip';
import { qrPng } from '../render/share/qr';
import { resumePdf } from '../render/share/resumePdf';
import { shareFileName } from '../render/share/vcard';
import { findDocuments } from '../services/documents';
import { gatherPacket, type ChosenDocument, type PacketCredential } from '../services/documents/packet';
import { loadProfileLists } from '../services/lists';
import { findProfileWithUsername } from '../services/profileReads';
import { readProfileImage, resumeSections } from '../services/share';
import { idParams, withoutInvisibles } from '../validation/common';
import { PACKET_LIMITS, PACKET_MESSAGES, packetSchema } from '../validation/documents';
import { departmentPath } from '../validation/verifiedBadge';
import { ApplicationPage } from '../../views/profile/ApplicationPage';
import { resumeOutline } from '../../views/resume/outline';

const byId = { params: idParams };

/** A chosen credential's portal-safe file name: its department's name ("Springfield-FD-Membership.json"). */
const credentialFileName = (credential: PacketCredential) =>
  shareFileName(`${credential.departmentName} Membership`, 'json');

/** The chosen signed credentials, embedded in the PDF as file attachments (docs/decisions/application-packet.md). */
const asAttachment =
  (baseUrl: string) =>
  (credential: PacketCredential): PacketAttachment => ({
    name: credentialFileName(credential),
    bytes: Buffer.from(`${JSON.stringify(credential.document, null, 2)}\n`),
    mimeType: 'application/json',
    description: `Signed credential: member of ${credential.departmentName}. Check it at ${verifyUrl(baseUrl, credential)}`,
  });

const verifyUrl = (baseUrl: string, credential: PacketCredential) =>
  new URL(`/verify/${credential.id}`, baseUrl).toString();

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
        const now = new Date();
        const parts = await gatherPacket(viewer, { profileId: ctx.state.input.params.id, packet, now }, store);
        const profile = (await findProfileWithUsername(parts.profile.id))!;
        // The visitor's view: the résumé, the public address and the verified memberships are what anyone sees.
        const shown = presentProfile(profile, null);
        const own = presentProfile(profile, viewer);
        const profileUrl = canonicalProfileUrl(config.baseUrl, shown);
        const resumeJson =
          packet.resume || packet.format === 'zip'
            ? presentResume(profile, { lists: packet.resume ? await loadProfileLists(null, profile) : {} }, null, {
                baseUrl: config.baseUrl,
                sections: resumeSections(profile),
                now,
              })
            : null;
        const memberships = shown.verifiedMemberships.map((m) => ({
          claim: `Member of ${m.departmentName} (verified by the department, ${m.year})`,
          check: new URL(departmentPath({ id: m.departmentId, name: m.departmentName }), config.baseUrl).toString(),
        }));
        const resume = packet.resume
          ? await resumePdf(resumeOutline(resumeJson!), {
              paper: 'letter',
              title: `${withoutInvisibles(profile.name)} — Résumé`,
              producer: config.productName,
              headshot: await readProfileImage(profile, store),
            })
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
            ? memberships.map(({ claim, check }) => ({ claim, check: `Listed on the department's page: ${check}` }))
            : null,
          attachments: parts.credentials.map(asAttachment(config.baseUrl)),
          producer: config.productName,
          generatedOn: now.toISOString().slice(0, 10),
        });
        if (pdf.length > PACKET_LIMITS.maxBytes) throw new ValidationError(PACKET_MESSAGES.tooLarge);
        const fileName = `${profile.name} ${parts.department} Application`;
        ctx.set('Cache-Control', 'private, no-store');
        ctx.set('X-Robots-Tag', 'noindex');
        if (packet.format === 'zip') {
          const credentials = parts.credentials.map((credential) => ({
            fileName: credentialFileName(credential),
            document: credential.document,
          }));
          const manifest = {
            department: parts.department,
            profileUrl,
            verifyUrls: [
              ...(packet.verification ? memberships.map(({ check }) => check) : []),
              ...parts.credentials.map((credential) => verifyUrl(config.baseUrl, credential)),
            ],
            documents: [...parts.required, ...parts.optional].map(({ document }) => document.title),
            credentials: credentials.map((credential) => `credentials/${credential.fileName}`),
          };
          ctx.type = 'application/zip';
          ctx.attachment(shareFileName(fileName, 'zip'));
          ctx.body = await packetZip({
            pdfName: shareFileName(fileName, 'pdf'),
            pdf,
            resume: packetJsonResume(presentJsonResume(resumeJson!, { baseUrl: config.baseUrl }), {
              sections: packet.resume,
              manifest,
            }),
            credentials,
            now,
          });
          return null;
        }
        ctx.type = 'application/pdf';
        ctx.attachment(shareFileName(fileName, 'pdf'));
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
