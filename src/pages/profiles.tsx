/**
 * Profile pages (spec 02 §2): Create Profile, the own view /profiles/{id} (editable for those who may edit),
 * the public view /profiles/{id}/public (never editable) and the custom URL /{username}. Every page arrives
 * complete from the server; what a viewer may not see is filtered before rendering (profilePolicy and
 * presentProfile). Register this router last: /{username} takes any one-segment path no other page claims.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import type { AppContext } from '../app';
import { currentUser } from '../http/auth';
import type { WriteContext } from '../http/context';
import type { User } from '../models/User';
import { canEditProfile, isProfileOwner, profilePolicy } from '../policies';
import { presentProfile } from '../presenters/profiles';
import { presentDepartment } from '../presenters/departments';
import { findDepartment } from '../services/departments';
import { createProfile, findOwnProfile, findProfileByUsername, profilesWithUsername } from '../services/profiles';
import type { FormState } from '../validation/forms';
import { PROFILE_MESSAGES, profileCreateSchema, widgetFromFilter } from '../validation/profiles';
import { CreateProfilePage } from '../../views/profile/CreateProfilePage';
import { ProfilePage } from '../../views/profile/ProfilePage';
import { MessagePage } from '../../views/pages/MessagePage';
import { WidgetFilter } from '../../views/profile/WidgetFilter';
import { profileMeta } from './profileMeta';
import { formAction } from './formAction';
import { renderPage } from './render';

const single = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export function profilePageRoutes({ config }: AppContext): Router {
  const router = new Router();

  const profileNotFound = (ctx: Koa.Context) =>
    renderPage(ctx, config, <MessagePage code="404" title={PROFILE_MESSAGES.notFound} />, {
      title: PROFILE_MESSAGES.notFound,
      status: 404,
      noindex: true,
    });

  const createProfilePage = async (ctx: Koa.Context, user: User, form: FormState | null = null) => {
    const posted = Number(form?.values.departmentId);
    const department = Number.isSafeInteger(posted) && posted > 0 ? await findDepartment(user, posted) : undefined;
    await renderPage(
      ctx,
      config,
      <CreateProfilePage
        name={user.name}
        form={form}
        department={department ? presentDepartment(department, user) : null}
      />,
      { title: 'Create Profile', noindex: true },
    );
  };

  // Signed out → home (spec 02 §2); someone who has a profile already → to it.
  const createProfileGuard = async (ctx: Koa.Context, next: Koa.Next) => {
    const user = currentUser(ctx);
    if (!user) {
      if (ctx.method === 'POST') ctx.status = 303;
      return ctx.redirect('/');
    }
    const own = await findOwnProfile(user);
    if (own) {
      if (ctx.method === 'POST') ctx.status = 303;
      return ctx.redirect(`/profiles/${own.id}`);
    }
    await next();
  };
  const showCreateProfile = (ctx: Koa.Context) => createProfilePage(ctx, currentUser(ctx)!);
  const postCreateProfile = formAction({
    schema: profileCreateSchema,
    errorTitle: PROFILE_MESSAGES.createFailed,
    async handle(ctx: WriteContext, input) {
      const profile = await createProfile(ctx.state.trx, ctx.state.user, input);
      return `/profiles/${profile.id}`;
    },
    render: (ctx, state) => createProfilePage(ctx, currentUser(ctx)!, state),
  });
  for (const path of ['/create-profile', '/profile/new']) {
    router.get(path, createProfileGuard, showCreateProfile);
    router.post(path, createProfileGuard, postCreateProfile);
  }

  /** One screen on two routes; `publicView` never edits (spec 02 §2). */
  const showProfile = (publicView: boolean) => async (ctx: Koa.Context) => {
    const raw = ctx.params.id ?? '';
    // An id that is not a number sends the visitor home (spec 02 §2).
    if (!/^[0-9]{1,10}$/.test(raw) || Number(raw) > 2_147_483_647 || Number(raw) === 0) return ctx.redirect('/');
    const viewer = currentUser(ctx);
    const profile = await profilesWithUsername().findById(Number(raw));
    if (!profile || !profilePolicy.rules.read(viewer, profile)) return profileNotFound(ctx);

    const canEdit = !publicView && canEditProfile(viewer, profile);
    const editing = canEdit && single(ctx.query.edit) === '1';
    const basePath = publicView ? `/profiles/${profile.id}/public` : `/profiles/${profile.id}`;
    const view = presentProfile(profile, viewer);
    const widget = widgetFromFilter(single(ctx.query.widget));
    const meta = profileMeta(presentProfile(profile, null), config.baseUrl, config.productName);
    const department = editing && profile.departmentId ? await findDepartment(viewer, profile.departmentId) : undefined;
    // Only the live public view is for search engines; drafts and the own view are not.
    const indexable = publicView && profile.profileStatus === 'live';
    if (!indexable) ctx.set('X-Robots-Tag', 'noindex');

    await renderPage(
      ctx,
      config,
      <ProfilePage
        profile={view}
        items={{}}
        basePath={basePath}
        widget={widget}
        sort={single(ctx.query.sort) === 'oldest' ? 'oldest' : 'newest'}
        canEdit={canEdit}
        isOwner={isProfileOwner(viewer, profile)}
        editing={editing}
        department={department ? presentDepartment(department, viewer) : null}
      />,
      {
        title: meta.title,
        description: meta.description,
        noindex: !indexable,
        head: meta.head,
        isPublicPage: publicView,
        subNav: <WidgetFilter basePath={basePath} active={widget} />,
      },
    );
  };
  router.get('/profiles/:id', showProfile(false));
  router.get('/profiles/:id/public', showProfile(true));

  // The custom URL (spec 02 §2): found → the public view; an old name → a permanent redirect; a reserved word
  // → home (the spec's "user sent home"); anything that cannot be a username is an ordinary unknown path.
  router.get('/:username', async (ctx, next) => {
    const found = await findProfileByUsername(currentUser(ctx), ctx.params.username ?? '');
    switch (found.kind) {
      case 'invalid':
        return next();
      case 'reserved':
        return ctx.redirect('/');
      case 'missing':
        return profileNotFound(ctx);
      case 'moved':
        ctx.status = 301;
        return ctx.redirect(`/profiles/${found.profile.id}/public`);
      case 'found':
        return ctx.redirect(`/profiles/${found.profile.id}/public`);
    }
  });

  return router;
}
