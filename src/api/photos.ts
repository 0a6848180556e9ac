/**
 * A profile's photo gallery (spec 02 §7), docs/api.md "Photos":
 *   GET    /api/profiles/{id}/photos                  the gallery the viewer may see {profileId, photoGallery, photoFolders}
 *   POST   /api/profiles/{id}/photos                  upload one photo (multipart/form-data or a data URL in JSON) → 201 gallery
 *   PATCH  /api/profiles/{id}/photos/{index}          caption, category, tags, visibility, showOnMainProfile, folderId → the photo
 *   DELETE /api/profiles/{id}/photos/{index}          remove it, its files and every reference to it → 204
 *   PATCH  /api/profiles/{id}/photos/{index}/move     {folderId | null} → the photo
 *   POST   /api/profiles/{id}/folders                 {name, color?, description?, parentId?} → 201 the folder
 *   PUT    /api/profiles/{id}/photo-links/{target}/{item}   {photoIds} the photos linked to one item (capped)
 *   PUT    /api/profiles/{id}/photo-links/profile           {photoIds: [id] | []} the profile image
 * Writes are the owner's, an admin's or a super_admin's (profilePolicy 'update').
 */
import Router from '@koa/router';
import type Koa from 'koa';
import { object } from 'yup';
import type { AppContext } from '../http/appContext';
import { signedIn } from '../http/auth';
import type { RequestContext, WriteContext } from '../http/context';
import { readPhotoUpload } from '../http/photoUpload';
import { transaction } from '../http/transaction';
import { parse, validate, type InputOf } from '../http/validate';
import { presentFolder, presentGallery, presentPhoto, presentPhotoLinks } from '../presenters/photos';
import {
  addPhoto,
  checkCanWritePhotos,
  createFolder,
  deletePhoto,
  discardPreparedPhoto,
  findGallery,
  movePhoto,
  usageOfPhoto,
  preparePhoto,
  setPhotoLinks,
  updatePhoto,
  type PreparedPhoto,
} from '../services/photos';
import { id, idParams } from '../validation/common';
import { LISTS, itemRefSchema } from '../validation/lists';
import {
  folderCreateSchema,
  photoLinkListSchema,
  photoLinksSchema,
  photoMoveSchema,
  photoParams,
  photoUpdateSchema,
  photoUploadFieldsSchema,
  type PhotoUploadFields,
} from '../validation/photos';

/** The upload route's path, which the general body parser skips (src/app.ts). */
export const PHOTO_UPLOAD_PATH = /^\/api\/profiles\/[^/]+\/photos\/?$/;

interface UploadState {
  upload: { prepared: PreparedPhoto; originalName: string | null; originalSize: number; fields: PhotoUploadFields };
}

export function photoRoutes({ mediaStore: store }: AppContext): Router {
  const router = new Router({ prefix: '/api/profiles' });

  router.get(
    '/:id/photos',
    validate({ params: idParams }),
    async (ctx: RequestContext<InputOf<{ params: typeof idParams }>>) => {
      const viewer = ctx.state.user;
      ctx.set('Cache-Control', 'private, no-store');
      ctx.body = presentGallery(await findGallery(viewer, { profileId: ctx.state.input.params.id }), viewer);
    },
  );

  const prepareUpload: Koa.Middleware = async (ctx, next) => {
    const profileId = (ctx.state.input as { params: { id: number } }).params.id;
    await checkCanWritePhotos(ctx.state.user, profileId);
    const body = await readPhotoUpload(ctx);
    const fields = await parse(photoUploadFieldsSchema, body.fields);
    const prepared = await preparePhoto(body.bytes, store);
    (ctx.state as UploadState).upload = {
      prepared,
      originalName: body.originalName,
      originalSize: body.bytes.length,
      fields,
    };
    try {
      await next();
    } catch (error) {
      await discardPreparedPhoto(prepared.storageKey, store);
      throw error;
    }
  };

  // Upload: check the writer, read and re-encode the image and write its files (outside the transaction: no
  // connection is held while sharp works), then store the row; if that fails, the files go.
  router.post(
    '/:id/photos',
    signedIn(),
    validate({ params: idParams }),
    prepareUpload,
    transaction(),
    async (ctx: WriteContext<InputOf<{ params: typeof idParams }>> & { state: UploadState }) => {
      const { trx, user, input, upload } = ctx.state;
      const photo = await addPhoto(trx, user, { profileId: input.params.id, ...upload });
      ctx.status = 201;
      ctx.set('Location', `/api/profiles/${input.params.id}/photos/${photo.position}`);
      ctx.body = presentGallery(await findGallery(user, { profileId: input.params.id }, trx), user);
    },
  );

  const update = { params: photoParams, body: photoUpdateSchema };
  router.patch(
    '/:id/photos/:index',
    signedIn(),
    validate(update),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof update>>) => {
      const { trx, user, input } = ctx.state;
      const photo = await updatePhoto(
        trx,
        user,
        { profileId: input.params.id, index: input.params.index, fields: input.body },
        store,
      );
      ctx.body = presentPhoto(photo, user, await usageOfPhoto(trx, photo));
    },
  );

  const remove = { params: photoParams };
  router.delete(
    '/:id/photos/:index',
    signedIn(),
    validate(remove),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof remove>>) => {
      const { trx, user, input } = ctx.state;
      await deletePhoto(trx, user, { profileId: input.params.id, index: input.params.index }, store);
      ctx.status = 204;
    },
  );

  const move = { params: photoParams, body: photoMoveSchema };
  router.patch(
    '/:id/photos/:index/move',
    signedIn(),
    validate(move),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof move>>) => {
      const { trx, user, input } = ctx.state;
      const photo = await movePhoto(
        trx,
        user,
        {
          profileId: input.params.id,
          index: input.params.index,
          folderId: input.body.folderId,
        },
        store,
      );
      ctx.body = presentPhoto(photo, user, await usageOfPhoto(trx, photo));
    },
  );

  const folder = { params: idParams, body: folderCreateSchema };
  router.post(
    '/:id/folders',
    signedIn(),
    validate(folder),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof folder>>) => {
      const { trx, user, input } = ctx.state;
      ctx.status = 201;
      ctx.body = presentFolder(await createFolder(trx, user, { profileId: input.params.id, ...input.body }), user);
    },
  );

  const itemLinks = {
    params: object({ id: id(), target: photoLinkListSchema(), item: itemRefSchema() }),
    body: photoLinksSchema,
  };
  const profileLinks = { params: idParams, body: photoLinksSchema };
  router.put(
    '/:id/photo-links/profile',
    signedIn(),
    validate(profileLinks),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof profileLinks>>) => {
      const { trx, user, input } = ctx.state;
      const result = await setPhotoLinks(trx, user, {
        profileId: input.params.id,
        target: 'profile',
        item: null,
        photoIds: input.body.photoIds,
      });
      ctx.body = presentPhotoLinks(result, undefined, user);
    },
  );
  // The profile image has no item: …/photo-links/profile/{anything} names nothing (404 from the params).
  router.put(
    '/:id/photo-links/:target/:item',
    signedIn(),
    validate(itemLinks),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof itemLinks>>) => {
      const { trx, user, input } = ctx.state;
      const { id: profileId, target, item } = input.params;
      const result = await setPhotoLinks(trx, user, { profileId, target, item, photoIds: input.body.photoIds });
      ctx.body = presentPhotoLinks(
        result,
        LISTS.find((l) => l.key === target),
        user,
      );
    },
  );

  return router;
}
