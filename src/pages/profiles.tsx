/**
 * Profile pages (spec 02 §2): Create Profile, the own view /profiles/{id} (editable for those who may edit),
 * the public view /profiles/{id}/public (never editable) and the custom URL /{username}. Every page arrives
 * complete from the server; what a viewer may not see is filtered before rendering (profilePolicy and
 * presentProfile). Register this router last: /{username} takes any one-segment path no other page claims.
 */
import { object } from 'yup';
import Router from '@koa/router';
import type Koa from 'koa';
import type { AppContext } from '../http/appContext';
import { currentUser, currentVerifiedDepartmentIds } from '../http/auth';
import type { RequestContext, SignedInContext, WriteContext } from '../http/context';
import { formAction, type FormActionContext } from '../http/formAction';
import { takeFlash, toastAfterRedirect } from '../http/flash';
import { ENDORSEMENT_DECIDED_FLASH } from '../validation/endorsements';
import type { EndorsementDecided } from '../../views/profile/PendingEndorsements';
import { profileViewCounting } from '../http/insights';
import { redirectAfter, signedInPage } from '../http/pageGuards';
import { urlWithout, validate, type InputOf } from '../http/validate';
import type { User } from '../models/User';
import { canEditProfile, canReadProfile, isProfileOwner, profileViewerClass } from '../policies';
import { viewerSeenAs } from '../policies/viewAs';
import type { Viewer } from '../policies/viewer';
import { MENU_STAND_IN, menuFragment, menuSlot } from '../pageCache/memberPages';
import { currentShellUser } from '../render/buildShell';
import type { ShellUser } from '../../views/layout/shell';
import type { ViewAs } from '../validation/viewAs';
import { clientHas, koaOut, writeKept } from '../pageCache/pageCache';
import { keptAnswer, keptBytes, profileAnswer, type ProfileAnswer } from '../pageCache/profileAnswer';
import type { ProfileSnapshot } from '../pageCache/profileCache';
import {
  PERSONAL_CACHE_CONTROL,
  PROFILE_ROUTES,
  pageVariant,
  profilePageHeaders,
  profilePageQuery,
  sectionStamps,
} from '../pageCache/profilePages';
import type { Profile } from '../models/Profile';
import { NotFoundError } from '../errors';
import { presentProfile } from '../presenters/profiles';
import { presentProfileLists } from '../presenters/lists';
import { presentDepartment } from '../presenters/departments';
import { findDepartment } from '../services/departments/userDepartments';
import { findOwnProfile, findProfileByUsername, findProfileWithUsername } from '../services/profileReads';
import { createProfile, dismissGuidedStart, setProfileStatus } from '../services/profileWrites';
import { loadProfileContent } from '../services/profileContent';
import { presentGallery, presentGalleryView } from '../presenters/photos';
import { galleryFolders, isGalleryFolder } from '../services/photos/galleryFolders';
import type { GalleryFilter } from '../validation/gallery';
import { presentSharedCredentials, presentShareLinks } from '../presenters/share';
import { shareableCredentials } from '../services/verifiableCredentials/member';
import { resumeSections } from '../services/share';
import { idParams } from '../validation/common';
import type { FormState } from '../validation/forms';
import {
  PROFILE_MESSAGES,
  SECTION_KEYS,
  profileCreateSchema,
  profileStatusSchema,
  type WidgetKey,
} from '../validation/profiles';
import { CreateProfilePage } from '../../views/profile/CreateProfilePage';
import { findKeptSections, ProfilePage, type ProfileListForm } from '../../views/profile/ProfilePage';
import { MessagePage } from '../../views/pages/MessagePage';
import { WidgetFilter } from '../../views/profile/WidgetFilter';
import { HeaderControlGroup } from '../../views/profile/HeaderControlGroup';
import { OwnerMoreMenu } from '../../views/profile/OwnerMoreMenu';
import { profileMeta } from '../render/profileMeta';
import { renderPage, renderPageHtml, sendRenderedHtml } from '../render/renderPage';
import { Island } from '../render/Island';
import { presentExpiringSoon } from '../presenters/reminders';
import { expiringSoon } from '../services/reminders/items';
import { claimRemindersPrompt, ownReminderSettings } from '../services/reminders/settings';
import { isColleagueOfOwner } from '../services/endorsements/colleagues';
import { presentGuidedStart } from '../presenters/guidedStart';

/** What one rendering of a profile shows: the view, its links, and in edit mode a list form's state. */
export interface ProfileView {
  publicView: boolean;
  widget: WidgetKey | 'all';
  sort: 'newest' | 'oldest';
  /** Asked for edit mode (granted only to those who may edit, never on the public view). */
  editing: boolean;
  /** A list form's failed plain post: which list, which form, what it showed. */
  listForm?: ProfileListForm | null;
  /** An item whose editor is open on arrival (`?open={list}:{itemId}`: a saved item's Edit without JavaScript). */
  openItem?: { list: string; itemId: number } | null;
  /** A plain post asked to confirm deleting this item (`?confirm={list}:{itemId}`). */
  confirmDelete?: { list: string; itemId: number } | null;
  /** An item a plain post just saved (`?saved={list}:{itemId}`): its read view says so. */
  savedItem?: { list: string; itemId: number } | null;
  /** An empty section opened from the "Add …" menu (`?add={widget}`), its add form open. */
  addSection?: WidgetKey | null;
  /** The owner's or an admin's "View as" page (the route grants it only to them): never editable. */
  viewAs?: ViewAs | null;
  /** The full photo gallery's search, filters and layout (the photos view; edit mode has its own). */
  gallery?: GalleryFilter | null;
  /** The viewer is a verified colleague of the owner: skills link to their endorse form (docs/decisions/endorsements.md). */
  endorse?: boolean;
  /** The visibility switch's failed plain post (POST /profiles/{id}/status): shown beside the switch. */
  statusForm?: FormState | null;
}

/** The path of a profile view, the base of its links. */
const profileViewPath = (id: number, publicView: boolean) =>
  publicView ? `/profiles/${id}/public` : `/profiles/${id}`;

/** The owner's own view: what expires soon (edit mode) and, once, the reminder setting (docs/decisions/expiry-reminders.md). */
async function ownerExpiryNotice(viewer: Viewer | null, profile: Profile, editing: boolean) {
  if (!viewer || !isProfileOwner(viewer, profile)) return null;
  // The owner's reminder settings word the notice; the viewer (a session's id and role) does not carry them.
  const owner = await ownReminderSettings(viewer);
  if (!owner) return null;
  // Claimed once: after that the row says so and the page writes nothing.
  const welcome = owner.remindersPromptedAt ? false : await claimRemindersPrompt(viewer);
  return presentExpiringSoon(editing ? await expiringSoon(owner, profile.id, new Date()) : [], owner, welcome);
}

/** The profile page for this viewer: header card or editor, statement, and the widget sections. */
export async function profilePageHtml(
  ctx: Koa.Context,
  config: AppContext['config'],
  profile: Profile,
  viewer: Viewer | null,
  view: ProfileView,
  /** The menu's user instead of the viewer's (a kept page's stand-in, src/pageCache/memberPages.ts). */
  shellUser?: ShellUser,
): Promise<Buffer> {
  const { publicView, widget, sort } = view;
  const viewAs = view.viewAs ?? null;
  // Whose visibility the page shows: the real viewer, or on a "View as" page a visitor or a stand-in member.
  const seenBy = viewAs ? viewerSeenAs(viewAs) : viewer;
  const canEdit = !publicView && !viewAs && canEditProfile(viewer, profile);
  const editing = canEdit && view.editing;
  const basePath = profileViewPath(profile.id, publicView);
  const meta = profileMeta(presentProfile(profile, null), config.baseUrl, config.productName);
  const department = editing && profile.departmentId ? await findDepartment(viewer, profile.departmentId) : undefined;
  const indexable = profilePageHeaders(ctx, publicView, profile.profileStatus);
  // The full gallery's filter offers the folders holding a photo this viewer may see (no other folder's name).
  const galleryFilter = widget === 'photos' && !editing ? (view.gallery ?? null) : null;
  const folders = galleryFilter ? await galleryFolders(seenBy, profile) : [];
  const now = new Date();
  const viewerClass = profileViewerClass(seenBy, profile);
  const page = {
    profile: presentProfile(profile, seenBy),
    basePath,
    widget,
    sort,
    canEdit,
    editing,
    department: department ? presentDepartment(department, viewer) : null,
    listForm: editing ? (view.listForm ?? null) : null,
    openItem: editing ? (view.openItem ?? null) : null,
    confirmDelete: editing ? (view.confirmDelete ?? null) : null,
    savedItem: editing ? (view.savedItem ?? null) : null,
    addSection: editing ? (view.addSection ?? null) : null,
    aiAssist: editing && config.ai !== null,
    showVisibility: viewerClass === 'editor',
    sectionStamps: sectionStamps(profile, viewerClass, now),
    viewAs: viewAs ? { as: viewAs, backHref: basePath } : null,
    galleryView: galleryFilter ? presentGalleryView(galleryFilter, folders, viewAs ? { as: viewAs } : {}) : null,
    endorse: Boolean(view.endorse) && !canEdit && !viewAs,
    ownerReview: canEdit && isProfileOwner(viewer, profile),
    year: now.getFullYear(),
  };
  // When every read section the page shows is kept at its stamp, the page shows those and reads no item;
  // otherwise every list in one statement, filtered for the viewer and in display order.
  const kept = findKeptSections(page, config.renderCache);
  // Those who may edit always read the items: their empty sections are the "Add …" menu, and the owner's guided
  // start counts the first timeline entry and certification.
  // The owner's Share panel links their membership credentials (docs/decisions/wallet-card.md): read only for an
  // owner verified somewhere (a session fact), as only a verified membership has one.
  const sharesCredentials =
    canEdit && !editing && isProfileOwner(viewer, profile) && (await currentVerifiedDepartmentIds(ctx)).length > 0;
  const [content, expiring, credentials] = await Promise.all([
    kept.all && !canEdit ? null : loadProfileContent(seenBy, profile),
    !publicView && !viewAs ? ownerExpiryNotice(viewer, profile, editing) : null,
    sharesCredentials ? shareableCredentials(viewer) : [],
  ]);
  const photos = content ? presentGallery(content.gallery, seenBy) : null;
  const lists = content ? presentProfileLists(content.lists, seenBy, profile.userId, { now, sort }) : null;
  const items = lists
    ? {
        ...Object.fromEntries(SECTION_KEYS.flatMap((key) => (lists[key] ? [[key, lists[key]]] : []))),
        photos: photos!.photoGallery,
      }
    : {};
  // The checklist guides from the owner's own view; edit mode is where its steps are done, and stays calm.
  const ownerStart =
    lists && isProfileOwner(viewer, profile) && canEdit && !editing ? presentGuidedStart(profile, lists) : null;
  return renderPageHtml(
    ctx,
    config,
    <ProfilePage
      {...page}
      guidedStart={ownerStart}
      items={items}
      keptSections={kept.found}
      gallery={editing ? photos : null}
      expiring={expiring}
      endorsementDecided={page.ownerReview ? takeFlash<EndorsementDecided>(ctx, ENDORSEMENT_DECIDED_FLASH) : null}
    />,
    {
      title: meta.title,
      description: meta.description,
      noindex: !indexable,
      head: meta.head,
      isPublicPage: publicView,
      subNav: <WidgetFilter basePath={basePath} active={widget} keep={viewAs ? `as=${viewAs}` : ''} />,
      shellUser,
      // The edit controls sit in the header (spec 01 §2), for those who may edit, never on the public view.
      headerControls: canEdit ? (
        <HeaderControlGroup data-owner-bar="">
          <Island
            name="ProfileToolbar"
            // Outside edit mode its controls work without script (links, and the visibility switch's plain post):
            // its code is fetched when first touched, so the owner's page loads none. Edit mode's Save needs it.
            hydrate={editing ? 'load' : 'interaction'}
            // Its HTML is a function of its props, kept by them like the editors (<Island keep>); a refused
            // post's message is one answer's: rendered, not kept.
            keep={!view.statusForm}
            props={{
              profileId: profile.id,
              profileStatus: profile.profileStatus,
              isOwner: isProfileOwner(viewer, profile),
              editing,
              hiddenWidgets: profile.hiddenWidgets ?? [],
              basePath,
              statusForm: view.statusForm ?? null,
            }}
          />
          {editing ? null : (
            <Island
              name="SharePanel"
              // A <details> of plain links until touched: its script is fetched then, not with the page.
              hydrate="interaction"
              keep
              props={{
                profileId: profile.id,
                name: profile.name,
                links: presentShareLinks(profile, config.baseUrl, resumeSections(profile)),
                credentials: presentSharedCredentials(credentials),
              }}
            />
          )}
          {editing ? null : <OwnerMoreMenu viewAsPath={profileViewPath(profile.id, false)} />}
        </HeaderControlGroup>
      ) : undefined,
    },
  );
}

type KeptAnswer = Extract<ProfileAnswer, { kind: 'kept' }>;

/**
 * Whether a signed-in viewer who may not edit the profile is a verified colleague of its owner, who may endorse
 * their skills (docs/decisions/endorsements.md): the viewer's verified departments come with the session, the owner's are remembered per profile
 * version — no query on a kept page.
 */
const colleagueOf = async (ctx: Koa.Context, viewer: Viewer | null, owned: ProfileSnapshot) =>
  viewer !== null &&
  !canEditProfile(viewer, owned) &&
  (await isColleagueOfOwner(await currentVerifiedDepartmentIds(ctx), owned));

/** The viewer's own menu, for the slot of a page kept for their class: the header's, as on every page. */
const viewerMenu = async (ctx: Koa.Context) => menuFragment((await currentShellUser(ctx))!);

export function profilePageRoutes({ config, profileCache, pages }: AppContext): Router {
  const router = new Router();

  /** Under /profiles/ the header keeps the widget filter (spec 01 §2), pointing at the path asked for. */
  const profileNotFound = (ctx: Koa.Context, filter?: { basePath: string; widget: WidgetKey | 'all' }) =>
    renderPage(ctx, config, <MessagePage code="404" title={PROFILE_MESSAGES.notFound} />, {
      title: PROFILE_MESSAGES.notFound,
      status: 404,
      noindex: true,
      subNav: filter ? <WidgetFilter basePath={filter.basePath} active={filter.widget} /> : undefined,
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

  // Someone who has a profile already goes to it (one profile each).
  const noProfileYet = async (ctx: SignedInContext, next: Koa.Next) => {
    const own = await findOwnProfile(ctx.state.user);
    if (own) return redirectAfter(ctx, `/profiles/${own.id}`);
    await next();
  };
  const showCreateProfile = (ctx: SignedInContext) => createProfilePage(ctx, ctx.state.user);
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
    // Signed out → home (spec 02 §2).
    router.get(path, signedInPage('/'), noProfileYet, showCreateProfile);
    router.post(path, signedInPage('/'), noProfileYet, postCreateProfile);
  }

  /** The own view again after a refused plain post of its header forms, with the visibility switch's state. */
  async function renderOwnView(ctx: FormActionContext, id: number, statusForm: FormState | null) {
    const koaCtx = ctx as unknown as Koa.Context;
    const profile = await findProfileWithUsername(id);
    if (!profile) throw new NotFoundError();
    koaCtx.type = 'html';
    koaCtx.set('Cache-Control', PERSONAL_CACHE_CONTROL);
    koaCtx.body = await profilePageHtml(koaCtx, config, profile, currentUser(koaCtx), {
      publicView: false,
      widget: 'all',
      sort: 'newest',
      editing: false,
      statusForm,
    });
  }

  // The visibility switch without script (islands/ProfileToolbar.tsx): the API's schema and service
  // (PATCH /api/profiles/{id}/status), then the own view with the spec's toast. Signed out → /login; those who may
  // not edit the profile get the API's 403 (or 404 for a profile they may not read).
  const statusForm = { params: idParams };
  router.post(
    '/profiles/:id/status',
    signedInPage(),
    validate(statusForm),
    async (ctx: SignedInContext<InputOf<typeof statusForm>>, next) => {
      const { id } = ctx.state.input.params;
      return formAction({
        schema: profileStatusSchema,
        errorTitle: PROFILE_MESSAGES.updateFailed,
        formLevel: ['profileStatus'], // a hidden input: its message is the form's
        async handle(ctx: WriteContext, input) {
          await setProfileStatus(ctx.state.trx, ctx.state.user, { id, profileStatus: input.profileStatus });
          toastAfterRedirect(ctx, { title: PROFILE_MESSAGES.visibilityUpdated });
          return `/profiles/${id}`;
        },
        render: (ctx, state) => renderOwnView(ctx, id, state),
      })(ctx, next);
    },
  );

  // The guided start's "Hide this checklist" (views/profile/GuidedStart.tsx): closed for good, then the own view.
  router.post(
    '/profiles/:id/start/dismiss',
    signedInPage(),
    validate(statusForm),
    async (ctx: SignedInContext<InputOf<typeof statusForm>>, next) => {
      const { id } = ctx.state.input.params;
      return formAction({
        schema: object({}),
        async handle(ctx: WriteContext) {
          await dismissGuidedStart(ctx.state.trx, ctx.state.user, { id });
          return `/profiles/${id}`;
        },
        render: (ctx) => renderOwnView(ctx, id, null),
      })(ctx, next);
    },
  );

  const profileView = { params: idParams, query: profilePageQuery };
  /** One screen on two routes; `publicView` never edits (spec 02 §2). */
  const showProfile = (publicView: boolean) => async (ctx: RequestContext<InputOf<typeof profileView>>) => {
    const { params, query } = ctx.state.input;
    const viewer = ctx.state.user;
    const variant = pageVariant(publicView, query);
    const clientHasTag = (etag: string) => clientHas(ctx, etag);
    const menu = viewer ? await viewerMenu(ctx) : null;
    // The one decision (src/pageCache/profileAnswer.ts), the early answer's too, on what is known of the profile.
    const decide = async (profile: ProfileSnapshot) =>
      profileAnswer(
        { profile, viewer, menu, variant, as: query.as, colleague: await colleagueOf(ctx, viewer, profile) },
        pages,
        clientHasTag,
      );
    const answerKept = (profile: ProfileSnapshot, answer: KeptAnswer) => {
      profilePageHeaders(ctx, publicView, profile.profileStatus);
      writeKept(
        koaOut(ctx),
        ctx,
        answer,
        keptBytes(answer.page, menu, (own) => own!, pages),
      );
    };
    const notFound = () =>
      profileNotFound(ctx, { basePath: profileViewPath(params.id, publicView), widget: variant.widget });

    // Warm path: the snapshot says which version is current, so a kept page or a 304 needs no query.
    const snapshot = profileCache.snapshot(params.id);
    const warm = snapshot ? await decide(snapshot) : undefined;
    if (warm?.kind === 'not-found') return notFound();
    if (warm?.kind === 'kept') return answerKept(snapshot!, warm);

    const loadStartedAt = profileCache.startLoad();
    const profile = await findProfileWithUsername(params.id);
    if (profile) {
      profileCache.remember(profile, loadStartedAt);
      ctx.state.profileOwnerId = profile.userId; // for counting the view (src/http/insights.ts)
    }
    if (!profile || !canReadProfile(viewer, profile)) return notFound();

    // "View as" is for those who may edit (owner, admin); anyone else asking gets the normal page.
    const viewAs = query.as && canEditProfile(viewer, profile) ? query.as : null;
    // A folder this viewer may not filter by (another profile's, none, or only photos they may not see) is
    // answered like any bad link value: the canonical URL without it. Nothing is kept for it.
    const { gallery } = variant;
    if (typeof gallery?.folder === 'number') {
      const seenBy = viewAs ? viewerSeenAs(viewAs) : viewer;
      if (!(await isGalleryFolder(seenBy, profile, gallery.folder))) return ctx.redirect(urlWithout(ctx, ['folder']));
    }
    const answer = await decide(profile);
    if (answer.kind === 'kept') return answerKept(profile, answer);
    if (answer.kind !== 'render') return notFound(); // not reached: the viewer may read it, the colleague is known

    const view: ProfileView = {
      publicView,
      widget: variant.widget,
      sort: variant.sort,
      editing: query.edit === '1',
      openItem: query.open ?? null,
      confirmDelete: query.confirm ?? null,
      savedItem: query.saved ?? null,
      addSection: query.add ?? null,
      viewAs,
      gallery,
      endorse: answer.pageClass === 'colleague',
    };
    const { pageClass, key } = answer;
    if (key && pageClass === 'visitor') {
      const page = pages.storePage(key, await profilePageHtml(ctx, config, profile, viewer, view));
      return answerKept(profile, keptAnswer(pageClass, page.etag, page, clientHasTag));
    }
    if (key) {
      // Kept once for everyone of this class: a member's page is rendered for the stand-in member (so nothing of
      // the viewer's own can reach it), a "View as" page for any editor (it never edits); both with the stand-in
      // menu. The version is the one just read, so the page is right for it even if the snapshot is not trusted.
      const seenBy = pageClass === 'member' || pageClass === 'colleague' ? viewerSeenAs('member') : viewer;
      const html = await profilePageHtml(ctx, config, profile, seenBy, view, MENU_STAND_IN);
      const page = pages.storeSpliced(key, html, menuSlot());
      if (page) return answerKept(profile, keptAnswer(pageClass, answer.etag!, page, clientHasTag));
    }

    const html = await profilePageHtml(ctx, config, profile, viewer, view);
    ctx.status = 200;
    ctx.set('Cache-Control', answer.cacheControl);
    if (answer.etag) ctx.set('ETag', answer.etag);
    sendRenderedHtml(ctx, html);
  };
  // A bad link value redirects to the page without it; an id that is not a number goes home (spec 02 §2).
  const validProfileView = validate(profileView, { badQuery: 'canonical', badParams: { redirect: '/' } });
  const counted = profileViewCounting(profileCache); // insights (docs/decisions/insights.md): counts the page once answered
  router.get(PROFILE_ROUTES.own, validProfileView, counted, showProfile(false));
  router.get(PROFILE_ROUTES.public, validProfileView, counted, showProfile(true));

  // The custom URL (spec 02 §2): found → the public view; an old name → a permanent redirect; a reserved word
  // or a value that cannot be a username (not 1 to 50 letters, digits, _ or -) → home, the spec's "user sent
  // home". Paths of more than one segment are not usernames: they stay ordinary unknown paths (404).
  router.get('/:username', async (ctx) => {
    const found = await findProfileByUsername(currentUser(ctx), ctx.params.username ?? '');
    // A QR code's scan mark goes along, so the public view can count it (docs/decisions/insights.md).
    const scan = ctx.query.src === 'qr' ? '?src=qr' : '';
    switch (found.kind) {
      case 'invalid':
      case 'reserved':
        return ctx.redirect('/');
      case 'missing':
        return profileNotFound(ctx);
      case 'moved':
        ctx.status = 301;
        return ctx.redirect(`/profiles/${found.profile.id}/public${scan}`);
      case 'found':
        return ctx.redirect(`/profiles/${found.profile.id}/public${scan}`);
    }
  });

  return router;
}
