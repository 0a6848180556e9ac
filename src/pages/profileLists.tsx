/**
 * The list forms of a profile's edit mode as plain HTML posts (no JavaScript; the ListEditor island is the
 * enhancement). Each runs the same schema and service as the JSON API (src/api/profileLists.ts):
 *   POST /profiles/{id}/lists/{list}             add an item (the add form)
 *   POST /profiles/{id}/lists/{list}/id:{itemId} an item's form, by its `intent`: `update` (every field of the
 *        form; the posted `version` is the If-Match), `confirm-delete` (back with the confirm step shown),
 *        `delete` (with the posted version), `cancel`
 * Success: 303 to the edit page at the list's section. Failure (400, 412): the edit page again with that form's
 * values and messages (src/pages/formAction.ts). Only the fields the editor shows are read: a linked photo or
 * any other field without editor metadata is never touched by a form.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import type { AppContext } from '../app';
import { NotFoundError, ValidationError } from '../errors';
import { currentUser } from '../http/auth';
import type { WriteContext } from '../http/context';
import { appendListItem, deleteListItem, updateListItem, type Expected } from '../services/lists';
import { profilesWithUsername } from '../services/profiles';
import { parseId } from '../validation/common';
import type { FormState } from '../validation/forms';
import { listByPath, parseItemRef, type ListDefinition } from '../validation/lists';
import { ITEM_INTENTS, fieldMeta, type ItemIntent, type ListFormState } from '../validation/lists/define';
import { formAction, type FormActionContext } from './formAction';
import { profilePageHtml } from './profiles';

const SETTINGS = ['showOnMainProfile', 'visibility'];

/** The fields a list's forms carry (those with editor metadata) and the item settings. */
const formFields = (list: ListDefinition) => [
  ...Object.keys(list.fields).filter((name) => fieldMeta(list.fields[name])),
  ...SETTINGS,
];

/** An unchecked checkbox posts nothing: in a form that shows it, absent means false. */
function uncheckedAsFalse(list: ListDefinition, body: Record<string, unknown>): void {
  const checkboxes = [
    'showOnMainProfile',
    ...Object.keys(list.fields).filter((name) => fieldMeta(list.fields[name])?.input === 'checkbox'),
  ];
  for (const name of checkboxes) if (body[name] === undefined) body[name] = 'false';
}

const postedBody = (ctx: Koa.Context) => (ctx.request.body ?? {}) as Record<string, unknown>;

/** The version an item's form was rendered with: its If-Match. */
function postedVersion(ctx: Koa.Context, itemId: number): Expected | undefined {
  const version = postedBody(ctx).version;
  return typeof version === 'string' && /^[0-9]{1,9}$/.test(version)
    ? [{ id: itemId, version: Number(version) }]
    : undefined;
}

const sectionPath = (profileId: number, list: ListDefinition, query = '') =>
  `/profiles/${profileId}?edit=1${query}#section-${list.key}`;

export function profileListFormRoutes({ config }: AppContext): Router {
  const router = new Router();

  /** The edit page again with one list form's state (its status is set by formAction). */
  const editPage = (profileId: number, list: ListDefinition, target: ListFormState['target']) =>
    async function render(ctx: FormActionContext, state: FormState) {
      const koaCtx = ctx as unknown as Koa.Context;
      const profile = await profilesWithUsername().findById(profileId);
      if (!profile) throw new NotFoundError();
      koaCtx.type = 'html';
      koaCtx.set('Cache-Control', 'private, no-cache');
      koaCtx.body = await profilePageHtml(koaCtx, config, profile, currentUser(koaCtx), {
        publicView: false,
        widget: 'all',
        sort: 'newest',
        editing: true,
        listForm: { list: list.key, target, state },
      });
    };

  /** The profile id and list a form names; anything else names nothing (404). Signed out → /login. */
  const target = (ctx: Koa.Context) => {
    const profileId = parseId(ctx.params.id);
    const list = listByPath(String(ctx.params.list));
    if (profileId === undefined || !list) throw new NotFoundError();
    return { profileId, list };
  };
  const signedInForm = async (ctx: Koa.Context, next: Koa.Next) => {
    if (currentUser(ctx)) return next();
    ctx.status = 303;
    ctx.redirect('/login');
  };

  router.post('/profiles/:id/lists/:list', signedInForm, async (ctx, next) => {
    const { profileId, list } = target(ctx);
    uncheckedAsFalse(list, postedBody(ctx));
    return formAction({
      schema: list.createSchema.pick(formFields(list)),
      errorTitle: list.saveFailed ?? 'Error',
      async handle(ctx: WriteContext, input) {
        await appendListItem(ctx.state.trx, ctx.state.user, { profileId, list, fields: input });
        return sectionPath(profileId, list);
      },
      render: editPage(profileId, list, 'add'),
    })(ctx, next);
  });

  router.post('/profiles/:id/lists/:list/:item', signedInForm, async (ctx, next) => {
    const { profileId, list } = target(ctx);
    const ref = parseItemRef(ctx.params.item);
    if (!ref || !('id' in ref)) throw new NotFoundError();
    const itemId = ref.id;
    const intent = postedBody(ctx).intent;
    if (!ITEM_INTENTS.includes(intent as ItemIntent)) throw new ValidationError('Unknown form');
    switch (intent as ItemIntent) {
      case 'cancel':
        ctx.status = 303;
        return ctx.redirect(sectionPath(profileId, list));
      case 'confirm-delete':
        ctx.status = 303;
        return ctx.redirect(sectionPath(profileId, list, `&confirm=${list.key}:${itemId}`));
      case 'delete':
        return formAction({
          schema: list.updateSchema.pick([]),
          async handle(ctx: WriteContext) {
            const expected = postedVersion(ctx, itemId);
            await deleteListItem(ctx.state.trx, ctx.state.user, { profileId, list, ref, expected });
            return sectionPath(profileId, list);
          },
          render: editPage(profileId, list, itemId),
        })(ctx, next);
      case 'update':
        uncheckedAsFalse(list, postedBody(ctx));
        return formAction({
          schema: list.updateSchema.pick(formFields(list)),
          async handle(ctx: WriteContext, input) {
            const expected = postedVersion(ctx, itemId);
            await updateListItem(ctx.state.trx, ctx.state.user, { profileId, list, ref, expected, fields: input });
            return sectionPath(profileId, list);
          },
          render: editPage(profileId, list, itemId),
        })(ctx, next);
    }
  });

  return router;
}
