/**
 * A profile's lists (spec 02 §7), one set of routes per list definition (src/validation/lists), e.g. for
 * timeline events:
 *   GET    /api/profiles/{id}/timeline          the items the viewer may see, in display order
 *   POST   /api/profiles/{id}/timeline          append (201, the item; visibility defaults to the profile's)
 *   PATCH  /api/profiles/{id}/timeline/{item}   change some fields (the item)
 *   DELETE /api/profiles/{id}/timeline/{item}   remove it (204); the items after it move up
 * `{item}` is an index (0-based position) or `id:{itemId}`. Writes answer the item's `ETag` and honour
 * `If-Match` (412 when stale). Writes are the owner's, an admin's or a super_admin's.
 */
import Router from '@koa/router';
import { object } from 'yup';
import { signedIn } from '../http/auth';
import type { RequestContext, WriteContext } from '../http/context';
import { transaction } from '../http/transaction';
import { validate, type InputOf } from '../http/validate';
import type { ListItem } from '../models/ListItem';
import { presentList, presentListItem } from '../presenters/lists';
import { appendListItem, deleteListItem, findListItems, updateListItem, type Expected } from '../services/lists';
import { id, idParams } from '../validation/common';
import { LISTS, itemRefSchema, type ItemRef, type ListDefinition } from '../validation/lists';

const itemParams = object({ id: id(), item: itemRefSchema() });

/** An item's entity tag: its id and version, so a tag never matches another item at the same index. */
const etagOf = (item: Pick<ListItem, 'id' | 'version'>) => `"${item.id}.${item.version}"`;

/** `If-Match`: `*`, or tags as sent in `ETag` ("12.3"), or bare versions ("3"); absent → no precondition. */
export function parseIfMatch(header: string | undefined): Expected | undefined {
  if (!header?.trim()) return undefined;
  if (header.trim() === '*') return '*';
  return header.split(',').flatMap((part) => {
    const tag = /^\s*(?:W\/)?"?(?:([0-9]+)\.)?([0-9]+)"?\s*$/.exec(part);
    return tag ? [{ id: tag[1] === undefined ? undefined : Number(tag[1]), version: Number(tag[2]) }] : [];
  });
}

function listRoutes(router: Router, list: ListDefinition): void {
  const base = `/:id/${list.path}`;
  const create = { params: idParams, body: list.createSchema };
  const update = { params: itemParams, body: list.updateSchema };
  const remove = { params: itemParams };

  router.get(
    base,
    validate({ params: idParams }),
    async (ctx: RequestContext<InputOf<{ params: typeof idParams }>>) => {
      const viewer = ctx.state.user;
      const { profile, items } = await findListItems(viewer, { profileId: ctx.state.input.params.id, list });
      ctx.set('Cache-Control', 'private, no-store');
      ctx.body = presentList(list, items, viewer, profile.userId, { now: new Date(), sort: 'newest' });
    },
  );

  router.post(base, signedIn(), validate(create), transaction(), async (ctx: WriteContext<InputOf<typeof create>>) => {
    const { trx, user, input } = ctx.state;
    const item = await appendListItem(trx, user, { profileId: input.params.id, list, fields: input.body });
    ctx.status = 201;
    ctx.set('ETag', etagOf(item));
    ctx.body = presentListItem(list, item, user, user.id); // writers (owner, admins) see every field
  });

  router.patch(
    `${base}/:item`,
    signedIn(),
    validate(update),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof update>>) => {
      const { trx, user, input } = ctx.state;
      const item = await updateListItem(trx, user, {
        profileId: input.params.id,
        list,
        ref: input.params.item as ItemRef,
        expected: parseIfMatch(ctx.get('If-Match')),
        fields: input.body,
      });
      ctx.set('ETag', etagOf(item));
      ctx.body = presentListItem(list, item, user, user.id); // writers (owner, admins) see every field
    },
  );

  router.delete(
    `${base}/:item`,
    signedIn(),
    validate(remove),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof remove>>) => {
      const { trx, user, input } = ctx.state;
      await deleteListItem(trx, user, {
        profileId: input.params.id,
        list,
        ref: input.params.item as ItemRef,
        expected: parseIfMatch(ctx.get('If-Match')),
      });
      ctx.status = 204;
    },
  );
}

export function profileListRoutes(): Router {
  const router = new Router({ prefix: '/api/profiles' });
  for (const list of LISTS) listRoutes(router, list);
  return router;
}
