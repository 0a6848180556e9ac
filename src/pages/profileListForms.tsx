/**
 * The list forms of a profile's edit mode as plain HTML posts (no JavaScript; the ListEditor island is the
 * enhancement). Each runs the same schema and service as the JSON API (src/api/profileLists.ts):
 *   POST /profiles/{id}/lists/{list}             add an item (the add form)
 *   POST /profiles/{id}/lists/{list}/id:{itemId} an item's form, by its `intent`: `update` (every field of the
 *        form; the posted `version` is the If-Match), `confirm-delete` (back with the confirm step shown, for
 *        those the profile's policy lets edit), `delete` (with the posted version), `cancel`
 * Success: 303 to the edit page at the saved item, its read view marked saved (`saved={list}:{itemId}`), or after a
 * delete at the list's section. Failure (400, 412): the edit page again with that form's
 * values and messages (src/http/formAction.ts). Only the fields the editor shows are read: a linked photo or
 * any other field without editor metadata is never touched by a form.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import { mixed, object } from 'yup';
import type { AppContext } from '../http/appContext';
import { NotFoundError, ValidationError } from '../errors';
import type { SignedInContext, WriteContext } from '../http/context';
import type { User } from '../models/User';
import { formAction, type FormActionContext } from '../http/formAction';
import { signedInPage } from '../http/pageGuards';
import { validate, type InputOf } from '../http/validate';
import { authorize, profilePolicy } from '../policies';
import { appendListItem, deleteListItem, updateListItem, type Expected } from '../services/lists';
import { findProfileWithUsername } from '../services/profileReads';
import { id } from '../validation/common';
import type { FormState } from '../validation/forms';
import { LIST_MESSAGES, itemRefSchema, listByPath, type ItemRef, type ListDefinition } from '../validation/lists';
import { ITEM_INTENTS, fieldMeta, type ItemIntent, type ListFormState } from '../validation/lists/define';
import { profilePageHtml } from './profiles';

const SETTINGS = ['showOnMainProfile', 'visibility'];

/** The fields a list's forms carry (those with editor metadata, and those filled from them) and the item settings. */
const formFields = (list: ListDefinition) => {
  const shown = Object.keys(list.fields).filter((name) => fieldMeta(list.fields[name]));
  return [...new Set([...shown, ...shown.flatMap((name) => list.derived?.[name] ?? []), ...SETTINGS])];
};

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

/** The edit page at a saved item, its read view marked saved (the ListEditor's `savedItem`). */
const savedPath = (profileId: number, list: ListDefinition, itemId: number) =>
  `/profiles/${profileId}?edit=1&saved=${list.key}:${itemId}#item-${list.key}-${itemId}`;

/** A list by its path segment (`timeline`, `special-units`); any other segment names nothing. */
const listParam = mixed<ListDefinition>()
  .transform((_value: unknown, original: unknown) => (typeof original === 'string' ? listByPath(original) : undefined))
  .required();
/** An item's form names it by id (`id:12`); an index names no form. */
const itemIdParam = itemRefSchema().test('id', LIST_MESSAGES.itemNotFound, (ref) => ref != null && 'id' in ref);
const addForm = { params: object({ id: id(), list: listParam }) };
const itemForm = { params: object({ id: id(), list: listParam, item: itemIdParam }) };

export function profileListFormRoutes({ config }: AppContext): Router {
  const router = new Router();

  /** The edit page again with one list form's state (its status is set by formAction). */
  const editPage = (profileId: number, list: ListDefinition, target: ListFormState['target']) =>
    async function render(ctx: FormActionContext, state: FormState) {
      const koaCtx = ctx as unknown as Koa.Context;
      const profile = await findProfileWithUsername(profileId);
      if (!profile) throw new NotFoundError();
      koaCtx.type = 'html';
      koaCtx.set('Cache-Control', 'private, no-cache');
      koaCtx.body = await profilePageHtml(koaCtx, config, profile, ctx.state.user, {
        publicView: false,
        widget: 'all',
        sort: 'newest',
        editing: true,
        listForm: { list: list.key, target, state },
      });
    };

  // Signed out → /login; a profile id, list or item the path cannot name → 404.
  router.post(
    '/profiles/:id/lists/:list',
    signedInPage(),
    validate(addForm),
    async (ctx: SignedInContext<InputOf<typeof addForm>>, next) => {
      const { id: profileId, list } = ctx.state.input.params;
      uncheckedAsFalse(list, postedBody(ctx));
      return formAction({
        schema: list.createSchema.pick(formFields(list)),
        errorTitle: list.saveFailed ?? 'Error',
        async handle(ctx: WriteContext, input) {
          const item = await appendListItem(ctx.state.trx, ctx.state.user, { profileId, list, fields: input });
          return savedPath(profileId, list, item.id);
        },
        render: editPage(profileId, list, 'add'),
      })(ctx, next);
    },
  );

  /**
   * Cancel and Delete's confirm step change nothing, but answer only those who may edit the profile, as the
   * writes do (the others: 403, or 404 for a profile they may not read).
   */
  const mayEdit = async (user: User, profileId: number) => {
    authorize(profilePolicy, user, 'update', await findProfileWithUsername(profileId));
  };

  router.post(
    '/profiles/:id/lists/:list/:item',
    signedInPage(),
    validate(itemForm),
    async (ctx: SignedInContext<InputOf<typeof itemForm>>, next) => {
      const { id: profileId, list } = ctx.state.input.params;
      const ref = ctx.state.input.params.item as Extract<ItemRef, { id: number }>;
      const itemId = ref.id;
      const intent = postedBody(ctx).intent;
      if (!ITEM_INTENTS.includes(intent as ItemIntent)) throw new ValidationError('Unknown form');
      switch (intent as ItemIntent) {
        case 'cancel':
          await mayEdit(ctx.state.user, profileId);
          ctx.status = 303;
          return ctx.redirect(sectionPath(profileId, list));
        case 'confirm-delete':
          await mayEdit(ctx.state.user, profileId);
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
              return savedPath(profileId, list, itemId);
            },
            render: editPage(profileId, list, itemId),
          })(ctx, next);
      }
    },
  );

  return router;
}
