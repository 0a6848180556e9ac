/**
 * The headshot and banner page (docs/decisions/headshot-and-banner.md), plain forms that need no script:
 * - GET /profiles/{id}/portrait: the owner's (or an admin's) page; anyone else gets the policy's 404 / 403;
 * - POST /profiles/{id}/portrait: a public gallery photo as the headshot or banner (`kind`, `photoId`), or none;
 * - POST /profiles/{id}/portrait/upload: a multipart upload, read and re-encoded before the transaction like the
 *   photo API's (src/api/photos.ts), added as a public photo and chosen.
 * A success goes back to the profile with a toast; a refusal shows this page again with the message.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import type { AppContext } from '../http/appContext';
import type { SignedInContext, WriteContext } from '../http/context';
import { toastAfterRedirect } from '../http/flash';
import { formAction, type FormActionContext, type FormState } from '../http/formAction';
import { signedInPage } from '../http/pageGuards';
import { readPhotoUpload, type PhotoUploadBody } from '../http/photoUpload';
import { readFormUpload, uploadFailure, type FormUploadState } from '../http/uploadForm';
import { validate, type InputOf } from '../http/validate';
import { currentUser } from '../http/auth';
import type { Viewer } from '../policies/viewer';
import { presentGallery } from '../presenters/photos';
import { presentProfile } from '../presenters/profiles';
import { renderPage } from '../render/renderPage';
import {
  checkCanWritePhotos,
  discardPreparedPhoto,
  findGallery,
  preparePhoto,
  type PreparedPhoto,
} from '../services/photos';
import { choosePortrait, uploadPortrait } from '../services/photos/portraits';
import { findProfileWithUsername } from '../services/profileReads';
import { idParams } from '../validation/common';
import {
  PORTRAIT_KINDS,
  portraitChoiceSchema,
  portraitNotice,
  portraitUploadSchema,
  type PortraitKind,
} from '../validation/portraits';
import { PortraitPage } from '../../views/profile/PortraitPage';
import { NotFoundError } from '../errors';

/** Where a portrait upload is posted: the body parser leaves it to readPhotoUpload (src/app.ts). */
export const PORTRAIT_UPLOAD_PATH = /^\/profiles\/[^/]+\/portrait\/upload\/?$/;

const byId = { params: idParams };

type UploadState = FormUploadState<{ prepared: PreparedPhoto; originalName: string | null; originalSize: number }>;

const kindOf = (value: unknown): PortraitKind =>
  PORTRAIT_KINDS.includes(value as PortraitKind) ? (value as PortraitKind) : 'headshot';

export function portraitPageRoutes({ config, mediaStore: store }: AppContext): Router {
  const router = new Router();

  const portraitPage = async (ctx: Koa.Context, viewer: Viewer, profileId: number, form: PortraitPageForm = null) => {
    const gallery = await findGallery(viewer, { profileId });
    await checkCanWritePhotos(viewer, profileId); // the page is the editor's: 404 / 403 for anyone else
    const profile = await findProfileWithUsername(profileId);
    if (!profile) throw new NotFoundError();
    const shown = presentProfile(profile, viewer);
    const photos = presentGallery(gallery, viewer).photoGallery.filter((photo) => photo.visibility === 'public');
    await renderPage(
      ctx,
      config,
      <PortraitPage
        profileId={profile.id}
        name={shown.name}
        headshot={{ url: shown.profileImage, photoId: shown.profileImagePhotoId }}
        banner={{ url: shown.banner, photoId: profile.bannerStorageKey ? profile.bannerPhotoId : null }}
        photos={photos.map((photo) => ({
          id: photo.id,
          thumbnail: photo.sources.thumbnail.jpeg,
          caption: photo.caption,
        }))}
        form={form}
      />,
      { title: 'Headshot and banner', noindex: true },
    );
  };
  type PortraitPageForm = { kind: PortraitKind; state: FormState } | null;

  const renderAgain = (ctx: FormActionContext, state: FormState) =>
    portraitPage(ctx as unknown as Koa.Context, currentUser(ctx as unknown as Koa.Context)!, paramsOf(ctx).id, {
      kind: kindOf(state.values.kind),
      state,
    });
  const paramsOf = (ctx: FormActionContext) => (ctx.state.input as InputOf<typeof byId>).params;
  const done = (ctx: Koa.Context, profileId: number, kind: PortraitKind, removed: boolean) => {
    toastAfterRedirect(ctx, portraitNotice(kind, removed));
    return `/profiles/${profileId}`;
  };

  router.get(
    '/profiles/:id/portrait',
    signedInPage(),
    validate(byId),
    async (ctx: SignedInContext<InputOf<typeof byId>>) => {
      await portraitPage(ctx, ctx.state.user, ctx.state.input.params.id);
    },
  );

  router.post(
    '/profiles/:id/portrait',
    signedInPage(),
    validate(byId),
    formAction({
      schema: portraitChoiceSchema,
      errorTitle: 'Not saved',
      formLevel: ['kind'],
      async handle(ctx: WriteContext<InputOf<typeof byId>>, input) {
        const { trx, user } = ctx.state;
        const profileId = ctx.state.input.params.id;
        await choosePortrait(trx, user, { profileId, ...input });
        return done(ctx, profileId, input.kind, input.photoId === null);
      },
      render: renderAgain,
    }),
  );

  // Read and re-encode the upload outside the transaction (src/http/uploadForm.ts).
  const readUpload = readFormUpload<NonNullable<UploadState['upload']>, PhotoUploadBody>({
    check: (ctx) => checkCanWritePhotos(ctx.state.user as Viewer, (ctx.state.input as InputOf<typeof byId>).params.id),
    read: readPhotoUpload,
    prepare: async (body) => ({
      prepared: await preparePhoto(body.bytes, store, body.fields.kind === 'headshot' ? 'square' : 'whole'),
      originalName: body.originalName,
      originalSize: body.bytes.length,
    }),
    discard: (upload) => discardPreparedPhoto(upload.prepared.storageKey, store),
  });

  router.post(
    '/profiles/:id/portrait/upload',
    signedInPage(),
    validate(byId),
    readUpload,
    formAction({
      schema: portraitUploadSchema,
      errorTitle: 'Upload failed',
      formLevel: ['kind', 'file'],
      // Before the fields are validated: an unreadable upload's own message (413, 415 go to the error page).
      limit: uploadFailure,
      async handle(ctx: WriteContext<InputOf<typeof byId>>, input) {
        const { trx, user } = ctx.state;
        const { upload } = ctx.state as unknown as UploadState;
        const profileId = ctx.state.input.params.id;
        await uploadPortrait(trx, user, { profileId, kind: input.kind, ...upload! });
        return done(ctx, profileId, input.kind, false);
      },
      render: renderAgain,
    }),
  );

  return router;
}
