/**
 * Profiles API (spec 02 §7, spec 01 §7 "Profiles (shell use)"). Reads answer what the viewer may see
 * (profilePolicy + the presenter's field filtering); writes are the owner's, an admin's or a super_admin's.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import { object, string } from 'yup';
import { signedIn } from '../http/auth';
import type { RequestContext, SignedInContext, WriteContext } from '../http/context';
import { transaction } from '../http/transaction';
import { validate, type InputOf } from '../http/validate';
import { NotFoundError } from '../errors';
import type { Profile } from '../models/Profile';
import { authorize, profilePolicy, profileViewerClass, type Viewer } from '../policies';
import { answerNotModified } from '../pageCache/pageCache';
import { PERSONAL_CACHE_CONTROL, profileDocumentTag } from '../pageCache/profilePages';
import { presentProfile, presentProfileDocument, presentProfileSummary } from '../presenters/profiles';
import { loadProfileContent } from '../services/profileContent';
import { findOwnProfile, findProfileByUsername, findProfileWithUsername } from '../services/profileReads';
import { createProfile, setProfileStatus, updateProfile } from '../services/profileWrites';
import { idParams } from '../validation/common';
import {
  PROFILE_MESSAGES,
  profileCreateSchema,
  profileStatusSchema,
  profileUpdateSchema,
} from '../validation/profiles';

const create = { body: profileCreateSchema };
const byId = { params: idParams };
const byUsername = { params: object({ username: string().required() }) };
const update = { params: idParams, body: profileUpdateSchema };
const status = { params: idParams, body: profileStatusSchema };

/**
 * The profile document for this viewer (spec 02 §3: the profile with its lists), or 304 when the client holds
 * it already: the ETag is known from the profile row alone, so a revalidation reads no list.
 */
async function answerProfileDocument(ctx: Koa.Context, viewer: Viewer | null, profile: Profile): Promise<void> {
  const now = new Date();
  const tag = profileDocumentTag(profile, profileViewerClass(viewer, profile), now);
  if (answerNotModified(ctx, tag, PERSONAL_CACHE_CONTROL)) return;
  const content = await loadProfileContent(viewer, profile);
  ctx.body = presentProfileDocument(profile, content, viewer, { now, sort: 'newest' });
}

export function profileRoutes(): Router {
  const router = new Router({ prefix: '/api/profiles' });
  // A profile read depends on who asks; no shared cache may keep it.
  const noStore = (ctx: { set(field: string, value: string): void }) => ctx.set('Cache-Control', 'private, no-store');

  router.post('/', signedIn(), validate(create), transaction(), async (ctx: WriteContext<InputOf<typeof create>>) => {
    const { trx, user, input } = ctx.state;
    const profile = await createProfile(trx, user, input.body);
    ctx.state.log.info({ profileId: profile.id }, 'profile created');
    ctx.status = 201;
    ctx.body = presentProfile(profile, user);
  });

  /** The signed-in user's own profiles (at most one): what the shell reads id, userId, username, profileStatus from. */
  router.get('/', signedIn(), async (ctx: SignedInContext) => {
    const own = await findOwnProfile(ctx.state.user);
    noStore(ctx);
    ctx.body = own ? [presentProfileSummary(own, ctx.state.user)] : [];
  });

  router.get('/own', signedIn(), async (ctx: SignedInContext) => {
    const own = await findOwnProfile(ctx.state.user);
    if (!own) throw new NotFoundError(PROFILE_MESSAGES.notFound);
    noStore(ctx);
    ctx.body = presentProfile(own, ctx.state.user);
  });

  router.get('/own/:id', signedIn(), validate(byId), async (ctx: SignedInContext<InputOf<typeof byId>>) => {
    const { user, input } = ctx.state;
    const profile = authorize(profilePolicy, user, 'readOwn', await findProfileWithUsername(input.params.id));
    await answerProfileDocument(ctx, user, profile);
  });

  router.get('/username/:username', validate(byUsername), async (ctx: RequestContext<InputOf<typeof byUsername>>) => {
    const found = await findProfileByUsername(ctx.state.user, ctx.state.input.params.username);
    if (found.kind !== 'found' && found.kind !== 'moved') throw new NotFoundError(PROFILE_MESSAGES.notFound);
    await answerProfileDocument(ctx, ctx.state.user, found.profile);
  });

  router.get('/:id', validate(byId), async (ctx: RequestContext<InputOf<typeof byId>>) => {
    const { user, input } = ctx.state;
    const profile = authorize(profilePolicy, user, 'read', await findProfileWithUsername(input.params.id));
    await answerProfileDocument(ctx, user, profile);
  });

  router.patch(
    '/:id',
    signedIn(),
    validate(update),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof update>>) => {
      const { trx, user, input } = ctx.state;
      const { name: _locked, ...fields } = input.body;
      ctx.body = presentProfile(await updateProfile(trx, user, { ...fields, id: input.params.id }), user);
    },
  );

  router.patch(
    '/:id/status',
    signedIn(),
    validate(status),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof status>>) => {
      const { trx, user, input } = ctx.state;
      ctx.body = presentProfile(await setProfileStatus(trx, user, { id: input.params.id, ...input.body }), user);
    },
  );

  return router;
}
