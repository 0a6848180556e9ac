/**
 * Photo files: GET /media/photos/{key}/{variant}.{webp|jpg}. The key is random and server-generated; the
 * file must be a variant of a stored photo the viewer may see, else 404 — a private photo's URL shows a
 * visitor nothing, whoever guessed or kept it. Public photos on live profiles are cached as immutable (their
 * key changes if they stop being public); the others are private to the viewer's browser and not kept.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import type { AppContext } from '../app';
import { currentUser } from '../http/auth';
import { NotFoundError } from '../errors';
import { findServedPhoto, isPubliclyCacheable, variantKey } from '../services/photos';
import { PHOTO_MESSAGES, PHOTO_VARIANTS, type PhotoVariant } from '../validation/photos';

const FILE = /^(thumbnail|medium|large)\.(webp|jpg)$/;
const KEY = /^[0-9a-f]{32}$/;

export function mediaRoutes({ mediaStore: store }: AppContext): Router {
  const router = new Router();
  const serve = async (ctx: Koa.Context) => {
    const key = String(ctx.params.key);
    const file = FILE.exec(String(ctx.params.file));
    if (!KEY.test(key) || !file || !PHOTO_VARIANTS.includes(file[1] as PhotoVariant)) throw new NotFoundError();
    const viewer = currentUser(ctx);
    const photo = await findServedPhoto(viewer, key);
    if (!photo) throw new NotFoundError(PHOTO_MESSAGES.photoNotFound);
    const format = file[2] === 'webp' ? 'webp' : 'jpeg';
    const object = await store.get(variantKey(key, file[1] as PhotoVariant, format));
    if (!object) throw new NotFoundError(PHOTO_MESSAGES.photoNotFound);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    if (await isPubliclyCacheable(photo)) {
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    } else {
      ctx.set('Cache-Control', 'private, no-store');
      ctx.vary('Cookie');
      ctx.vary('Authorization');
    }
    ctx.type = format === 'webp' ? 'image/webp' : 'image/jpeg';
    ctx.length = object.size;
    ctx.body = object.body;
  };
  router.get('/media/photos/:key/:file', serve);
  return router;
}
