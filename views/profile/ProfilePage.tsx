/**
 * The profile screen (spec 02 §2) on /profiles/{id} and /profiles/{id}/public, all server-rendered: the
 * header card, the personal statement, and the nine widget sections — two columns in "all" mode on large
 * screens, one full-width section when one is chosen. A visitor's page has no island at all; in edit mode the
 * owner's own view adds the editors (the edit controls are in the header: islands/ProfileToolbar.tsx).
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { theme, media } from '../ui/theme';
import { Island } from '../../src/render/Island';
import { findKeptPart, Kept, type KeptPart } from '../../src/render/Kept';
import type { DepartmentJson } from '../../src/validation/departments';
import type { PhotoGalleryJson } from '../../src/validation/photos';
import { SECTION_KEYS, type ProfileJson, type WidgetKey } from '../../src/validation/profiles';
import type { ListFormState } from '../../src/validation/lists/define';
import { linkableItem, linkableList, type LinkableItem, type Target } from '../../src/validation/photos';
import { ProfileHeaderCard } from './ProfileHeaderCard';
import { ViewAsBanner } from './ViewAsBanner';
import { ExpiringNotice } from './ExpiringNotice';
import type { ExpiringSoonJson } from '../../src/validation/reminders';
import type { ViewAs } from '../../src/validation/viewAs';
import type { GalleryView } from '../../src/validation/gallery';
import { WIDGET_VIEWS, WidgetSection, type SectionContext, type SectionItems } from './sections';
import { profileHref } from './widgets/context';
import { EndorsementReview, type ReviewedEndorsement } from './EndorsementReview';
import { GuidedStart } from './GuidedStart';
import { AddMenu } from './AddMenu';
import type { GuidedStartJson } from '../../src/validation/guidedStart';
import { CareerHighlights } from './CareerHighlights';
import { PendingEndorsements, type EndorsementDecided } from './PendingEndorsements';

const Page = styled.div.withConfig(sc('ProfilePage'))`
  max-width: 1280px;
  margin: 0 auto;
  padding: ${theme.space[4]} ${theme.space[3]} ${theme.space[7]};
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]};
  ${media.tablet} {
    padding: ${theme.space[5]} ${theme.space[5]} ${theme.space[7]};
    gap: ${theme.space[5]};
  }
`;

const Statement = styled.section.withConfig(sc('ProfileStatement'))`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.card};
  padding: ${theme.space[5]};
  & h2 {
    margin: 0 0 ${theme.space[2]};
    font-size: ${theme.font.size.lg};
  }
  & p {
    margin: 0;
    white-space: pre-line;
    /* A long address or an unbroken word wraps instead of widening the page. */
    overflow-wrap: anywhere;
  }
`;

const Columns = styled.div.withConfig(sc('ProfileColumns'))`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space[4]};
  align-items: start;
  ${media.laptop} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
    gap: ${theme.space[5]};
  }
`;

const Column = styled.div.withConfig(sc('ProfileColumn'))`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]};
  min-width: 0;
  ${media.laptop} {
    gap: ${theme.space[5]};
  }
`;

const Back = styled.p.withConfig(sc('ProfileBackToAll'))`
  margin: 0;
  font-size: ${theme.font.size.sm};
  font-weight: 600;
`;

/** Edit mode's links to the owner's private pages (docs/decisions/proof-documents.md). */
const OwnerLinks = styled.nav.withConfig(sc('ProfileOwnerLinks'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]} ${theme.space[4]};
  font-size: ${theme.font.size.sm};
  font-weight: 600;
`;

export interface ProfilePageProps {
  profile: ProfileJson;
  items: SectionItems;
  /** The path of this view, for its links: /profiles/{id} or /profiles/{id}/public. */
  basePath: string;
  widget: WidgetKey | 'all';
  sort: SectionContext['sort'];
  /** The own view for someone who may edit (never on the public view). */
  canEdit: boolean;
  editing: boolean;
  /** In edit mode: the profile's department for the picker. */
  department: DepartmentJson | null;
  /** The server has an AI model: the editors offer Enhance on long text fields (docs/decisions/ai-assist.md). */
  aiAssist?: boolean;
  /** In edit mode: the whole gallery (photos, folders, usage) for the photo editor. */
  gallery?: PhotoGalleryJson | null;
  /** In edit mode: a list form's failed plain post, shown again by that list's editor. */
  listForm?: ProfileListForm | null;
  /** In edit mode: the item whose editor is open on arrival (its Edit followed without JavaScript). */
  openItem?: { list: string; itemId: number } | null;
  /** In edit mode: the item whose delete a plain post asked to confirm. */
  confirmDelete?: { list: string; itemId: number } | null;
  /** In edit mode: the item a plain post just saved (its read view says so). */
  savedItem?: { list: string; itemId: number } | null;
  /** In edit mode: the empty section opened from the "Add …" menu, its add form open. */
  addSection?: WidgetKey | null;
  /** The owner's guided start: the checklist while it has steps to do (docs/decisions/guided-start.md). */
  guidedStart?: GuidedStartJson | null;
  /** The owner's or an admin's view (not a "View as" page): every item shows its visibility. */
  showVisibility?: boolean;
  /** The full photo gallery's search, filters and layout (the photos view, read mode). */
  galleryView?: GalleryView | null;
  /** A "View as" page: the banner saying whose view it is, with the link back. */
  viewAs?: { as: ViewAs; backHref: string } | null;
  /** The owner's own view: "Expiring soon" in edit mode, and the reminder setting once (docs/decisions/expiry-reminders.md). */
  expiring?: ExpiringSoonJson | null;
  /** A verified colleague's page (never edit mode): each skill links to its endorse form (docs/decisions/endorsements.md). */
  endorse?: boolean;
  /** The owner's own normal view: the endorsements waiting for their decision (docs/decisions/endorsements.md). */
  ownerReview?: boolean;
  /** The owner's normal view, after Approve / Hide in its waiting notice: the decision's status line. */
  endorsementDecided?: EndorsementDecided | null;
  /** This year, for the years of service (docs/decisions/headshot-and-banner.md); the page's local day moves it. */
  year: number;
  /**
   * What each read section's items and photos are a function of (src/pageCache/profilePages.ts `sectionStamps`):
   * the read sections are kept by it instead of by their content.
   */
  sectionStamps: Record<WidgetKey, string>;
  /**
   * The read sections found kept before the page read its items (findKeptSections): shown as they are. When
   * every section the page shows is here, the page was given no items.
   */
  keptSections?: ReadonlyMap<KeptKey, KeptPart> | null;
}

/** The read sections, and the header's highlights (a function of the lists they sum up). */
type KeptKey = WidgetKey | 'highlights';

/** A list form's failed plain post, by list key. */
export interface ProfileListForm extends ListFormState {
  list: string;
}

/** The colleagues' endorsements of every skill, for the owner's review (edit mode: every status). */
const toReview = (skills: SectionItems['skills']): ReviewedEndorsement[] =>
  (skills ?? []).flatMap((skill) => (skill.colleagueEndorsements ?? []).map((e) => ({ ...e, skillName: skill.name })));

/** The items a widget's photo links are edited on (PhotoLinks island), with their linked photo ids. */
function linkableItems(target: Target, items: SectionItems, profile: ProfileJson): LinkableItem[] {
  if (target === 'profile') {
    const photoIds = profile.profileImagePhotoId === null ? [] : [profile.profileImagePhotoId];
    return [{ id: null, title: 'Profile image', photoIds }];
  }
  return (items[target] ?? []).map(linkableItem);
}

/** What a page's read sections are shown with: the page's props but its items. */
type SectionFrameProps = Omit<ProfilePageProps, 'items' | 'keptSections'>;

/** A View-as page's links keep it (widget tabs, Show All, the timeline's order). */
const keepOf = (viewAs: ProfilePageProps['viewAs']) => (viewAs ? `as=${viewAs.as}` : '');

/** What a section is shown with besides its items and the photos they link. */
function sectionFrame(props: SectionFrameProps, expanded: boolean): Omit<SectionContext, 'photos'> {
  const { profile, basePath, sort, editing, showVisibility = false, galleryView = null, viewAs = null } = props;
  return {
    basePath,
    keep: keepOf(viewAs),
    expanded,
    sort,
    editing,
    showVisibility,
    gallery: galleryView,
    endorseBase: props.endorse && !editing ? `/profiles/${profile.id}/skills` : null,
    verified: profile.verifiedMemberships,
  };
}

/**
 * The sections a page shows: a chosen widget alone, its empty state too (a widget the owner hid stays hidden: all
 * sections); else every one the owner did not hide — an empty one is left out by its read section (below).
 */
function shownSections(profile: ProfileJson, widget: WidgetKey | 'all') {
  const single = widget !== 'all' && !profile.hiddenWidgets.includes(widget) ? widget : null;
  const keys = single ? [single] : SECTION_KEYS.filter((key) => !profile.hiddenWidgets.includes(key));
  return { single, keys };
}

const editHrefOf = (props: SectionFrameProps) => (props.canEdit ? `${props.basePath}?edit=1` : null);

/**
 * A read section's <Kept> identity: its stamp — what its items and the photos they link are a function of, so
 * 100 items' props need not be hashed (that cost more than a tenth of a render) — and the rest it is shown with.
 */
const sectionIdentity = (props: SectionFrameProps, key: WidgetKey, expanded: boolean): unknown => [
  'section',
  key,
  props.sectionStamps[key],
  sectionFrame(props, expanded),
  editHrefOf(props),
];

/** The lists the highlights sum up (docs/decisions/headshot-and-banner.md "Career header"). */
const HIGHLIGHTED: readonly WidgetKey[] = ['timeline', 'fireStations', 'specialUnits', 'certifications', 'skills'];

/** The lists the highlights read: those the owner did not hide. */
const highlightedKeys = (profile: ProfileJson) => HIGHLIGHTED.filter((key) => !profile.hiddenWidgets.includes(key));

/** The highlights' <Kept> identity: the stamps of the lists they read, the year, and the links' base. */
const highlightsIdentity = (props: SectionFrameProps): unknown => [
  'highlights',
  highlightedKeys(props.profile).map((key) => [key, props.sectionStamps[key]]),
  props.year,
  props.basePath,
  keepOf(props.viewAs ?? null),
];

/**
 * The kept parts of the read sections a page shows, looked up before its items are read (src/pages/profiles.tsx):
 * `all` when every one is kept, so the page need not read them. Each part found goes to ProfilePage as
 * `keptSections`. Nothing in edit mode (its sections hold islands and always render) or when renders keep no part
 * (`keepParts`: config.renderCache).
 */
export function findKeptSections(
  props: SectionFrameProps,
  keepParts: boolean,
): { found: ReadonlyMap<KeptKey, KeptPart>; all: boolean } {
  const found = new Map<KeptKey, KeptPart>();
  if (props.editing || !keepParts) return { found, all: false };
  const { single, keys } = shownSections(props.profile, props.widget);
  for (const key of keys) {
    const part = findKeptPart(sectionIdentity(props, key, single !== null), keepParts);
    if (part) found.set(key, part);
  }
  const highlights = findKeptPart(highlightsIdentity(props), keepParts);
  if (highlights) found.set('highlights', highlights);
  // The owner's normal view shows the endorsements waiting for them: it always reads the skills.
  return { found, all: found.size === keys.length + 1 && !props.ownerReview };
}

export function ProfilePage(props: ProfilePageProps) {
  const { profile, items, basePath, widget, sort, canEdit, editing, department, viewAs = null } = props;
  const { aiAssist = false, listForm = null, openItem = null, confirmDelete = null } = props;
  const { savedItem = null, addSection = null, guidedStart = null } = props;
  const { gallery = null, expiring = null } = props;
  const keptSections = props.keptSections ?? null;
  const { single, keys: sections } = shownSections(profile, widget);
  const editHref = editHrefOf(props);
  const keep = keepOf(viewAs);
  // The owner's empty sections are one "Add …" menu, not cards (docs/decisions/guided-start.md); the one opened
  // from it (or whose plain post was refused) shows, its add form open. Everyone else's layout leaves empty
  // sections out (below).
  const isEmpty = (key: WidgetKey) => (items[key]?.length ?? 0) === 0;
  const opened = (key: WidgetKey) => editing && (key === addSection || key === listForm?.list);
  const emptySections = canEdit ? sections.filter((key) => isEmpty(key) && !opened(key)) : [];
  const filled = sections.filter((key) => !emptySections.includes(key));
  const photos = Object.fromEntries((items.photos ?? []).map((photo) => [String(photo.id), photo]));
  const linkIslands = (target: Target) => (
    <Island
      name="PhotoLinks"
      props={{
        profileId: profile.id,
        target,
        items: linkableItems(target, items, profile),
        photos: gallery?.photoGallery ?? [],
        defaultVisibility: profile.defaultVisibility,
      }}
    />
  );
  const listEditor = (key: Exclude<WidgetKey, 'photos'>) => {
    const formState = listForm?.list === key ? { target: listForm.target, state: listForm.state } : null;
    const confirmItem = confirmDelete?.list === key ? confirmDelete.itemId : null;
    const openedItem = openItem?.list === key ? openItem.itemId : null;
    const savedOne = savedItem?.list === key ? savedItem.itemId : null;
    const addOpen = addSection === key;
    return (
      <>
        {key === 'skills' ? <EndorsementReview profileId={profile.id} endorsements={toReview(items.skills)} /> : null}
        <Island
          name="ListEditor"
          hydrate="visible"
          // Its props are the list's items and the editor's state: a page after a write to one list renders
          // only that list's editor again (an editor of 100 items is most of an edit page's render). A refused
          // post's typed values, a delete to confirm or an item opened by its link are one answer's: rendered,
          // not kept.
          keep={formState === null && confirmItem === null && openedItem === null && savedOne === null && !addOpen}
          props={{
            profileId: profile.id,
            list: key,
            items: items[key] ?? [],
            defaultVisibility: profile.defaultVisibility,
            aiAssist,
            formState,
            openItem: openedItem,
            confirmDelete: confirmItem,
            savedItem: savedOne,
            addOpen,
            sort,
            // Lists with a Photo Manager: the add form's photo is chosen from the gallery.
            photos: linkableList(key) ? (gallery?.photoGallery ?? []) : null,
          }}
        />
      </>
    );
  };
  const editorFor = (key: WidgetKey) =>
    key === 'photos' ? (
      gallery ? (
        <>
          {linkIslands('profile')}
          <Island name="PhotoGallery" props={{ gallery, defaultVisibility: profile.defaultVisibility, aiAssist }} />
        </>
      ) : undefined
    ) : (
      listEditor(key)
    );
  const section = (key: WidgetKey, expanded: boolean) => {
    const context = { ...sectionFrame(props, expanded), photos };
    const sectionItems = items[key] ?? [];
    if (editing) {
      return (
        <WidgetSection
          key={key}
          view={WIDGET_VIEWS[key]}
          items={sectionItems}
          context={context}
          editHref={editHref}
          editor={editorFor(key)}
        />
      );
    }
    // A read section is a function of its identity: kept. An empty one shows only alone (the owner's empty ones are
    // in the "Add …" menu), and is kept too (as nothing), so a page whose sections are all kept knows them without
    // their items.
    const shown = sectionItems.length > 0 || expanded;
    return (
      <Kept key={key} identity={sectionIdentity(props, key, expanded)} part={keptSections?.get(key)}>
        {shown ? (
          <WidgetSection view={WIDGET_VIEWS[key]} items={sectionItems} context={context} editHref={editHref} />
        ) : null}
      </Kept>
    );
  };
  return (
    <Page>
      {viewAs ? <ViewAsBanner viewAs={viewAs.as} backHref={viewAs.backHref} /> : null}
      {expiring ? <ExpiringNotice notice={expiring} /> : null}
      {guidedStart ? <GuidedStart start={guidedStart} /> : null}
      {editing ? (
        // Its props are the profile's fields: kept, like the list editors, until one of them changes.
        <>
          {/* In view at load: it hydrates once the page is idle, or at once when touched (its Edit Profile is a
              <details> that opens before it): docs/decisions/lazy-hydration.md. */}
          <Island name="ProfileEditor" hydrate="visible" props={{ profile, department, aiAssist }} keep />
          {canEdit && !viewAs ? (
            <OwnerLinks aria-label="Private pages">
              <a href={`/profiles/${profile.id}/documents`}>Proof documents</a>
              <a href={`/profiles/${profile.id}/application`}>Prepare an application</a>
              <a href={`/profiles/${profile.id}/tracker`}>Hiring tracker</a>
            </OwnerLinks>
          ) : null}
        </>
      ) : (
        // All but its photo kept (the photo's preload link goes where React puts it for the whole page: the body's
        // start), by every field it may show: not the time of the last write, which changes with any list.
        <ProfileHeaderCard
          profile={profile}
          shareLinks={!canEdit && !viewAs}
          portraitHref={canEdit && !viewAs ? `/profiles/${profile.id}/portrait` : null}
          highlights={
            <Kept identity={highlightsIdentity(props)} part={keptSections?.get('highlights')}>
              <CareerHighlights
                items={Object.fromEntries(highlightedKeys(profile).map((key) => [key, items[key]]))}
                year={props.year}
                basePath={basePath}
                keep={keep}
              />
            </Kept>
          }
          wrapDetails={(details, part) => (
            <Kept identity={['profile-card', part, { ...profile, updatedAt: null }, !canEdit && !viewAs]}>
              {details}
            </Kept>
          )}
        />
      )}
      {props.ownerReview && !editing ? (
        <PendingEndorsements
          profileId={profile.id}
          endorsements={toReview(items.skills)}
          decided={props.endorsementDecided ?? null}
        />
      ) : null}
      {!editing && profile.personalStatement ? (
        <Statement aria-labelledby="statement-title">
          <h2 id="statement-title">Personal Statement</h2>
          <p>{profile.personalStatement}</p>
        </Statement>
      ) : null}
      {single ? (
        <>
          <Back>
            <a href={profileHref(basePath, '', keep)}>← All widgets</a>
          </Back>
          {section(single, true)}
        </>
      ) : (
        <>
          {canEdit ? (
            <AddMenu
              profileId={profile.id}
              sections={emptySections.map((key) => ({ key, invite: WIDGET_VIEWS[key].emptyInvite }))}
            />
          ) : null}
          <Columns>
            <Column>
              {filled.filter((key) => WIDGET_VIEWS[key].column === 'left').map((key) => section(key, false))}
            </Column>
            <Column>
              {filled.filter((key) => WIDGET_VIEWS[key].column === 'right').map((key) => section(key, false))}
            </Column>
          </Columns>
        </>
      )}
    </Page>
  );
}
