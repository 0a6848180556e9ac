/**
 * Photo files: GET /media/photos/{key}/{variant}.{webp|jpg}. The key is random and server-generated; the
 * file must be a variant of a stored photo the viewer may see, else 404 — a private photo's URL shows a
 * visitor nothing, whoever guessed or kept it. Public photos on live profiles are cached as immutable (their
 * key changes if they stop being public); the others are private to the viewer's browser and not kept.
 */
import Router from '@koa/router';
import { mixed, object, string } from 'yup';
import type { AppContext } from '../http/appContext';
import type { RequestContext } from '../http/context';
import { validate, type InputOf } from '../http/validate';
import { NotFoundError } from '../errors';
import { findServedPhoto, isPubliclyCacheable, variantKey } from '../services/photos';
import { PHOTO_MESSAGES, PHOTO_VARIANTS, type PhotoVariant } from '../validation/photos';

const FILE = /^([a-z]+)\.(webp|jpg)$/;

/** `{key}/{variant}.{webp|jpg}`: anything else names no file (404). */
const mediaFile = {
  params: object({
    key: string()
      .matches(/^[0-9a-f]{32}$/)
      .required(),
    file: mixed<{ variant: PhotoVariant; format: 'webp' | 'jpeg' }>()
      .transform((_value: unknown, original: unknown) => {
        const match = typeof original === 'string' ? FILE.exec(original) : null;
        if (!match || !PHOTO_VARIANTS.includes(match[1] as PhotoVariant)) return undefined;
        return { variant: match[1] as PhotoVariant, format: match[2] === 'webp' ? 'webp' : 'jpeg' };
      })
      .required(),
  }),
};

export function mediaRoutes({ mediaStore: store }: AppContext): Router {
  const router = new Router();
  const serve = async (ctx: RequestContext<InputOf<typeof mediaFile>>) => {
    const { key, file } = ctx.state.input.params;
    const { format } = file;
    const photo = await findServedPhoto(ctx.state.user, key);
    if (!photo) throw new NotFoundError(PHOTO_MESSAGES.photoNotFound);
    const stored = await store.get(variantKey(key, file.variant, format));
    if (!stored) throw new NotFoundError(PHOTO_MESSAGES.photoNotFound);
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
    ctx.length = stored.size;
    ctx.body = stored.body;
  };
  router.get('/media/photos/:key/:file', validate(mediaFile), serve);
  return router;
}
