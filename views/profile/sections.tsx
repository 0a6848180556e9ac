/**
 * The sections of a profile (the nine widgets, then status updates and fire stations), as a registry: where each sits in the "all" layout, what an owner is
 * invited to add when it is empty, and how its items render. The widgets feature gives each its `renderItems`; this
 * module owns the section frame every widget shares (title link, count, "Show All N …", collapsing).
 *
 * Everything here is a link the server answers (`?widget=awards`, `?sort=oldest`): no JavaScript.
 */
import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { EmptyNote } from '../ui/Card';
import { SECTIONS, filterForWidget, type WidgetKey } from '../../src/validation/profiles';
import { profileHref, type RenderItems, type SectionContext, type SectionItem } from './widgets/context';
import { WIDGET_RENDERERS, WIDGET_TOOLS } from './widgets';
import { theme } from '../ui/theme';
import type { ListItemJson } from '../../src/validation/lists';
import type { SkillItemJson } from '../../src/validation/lists/skills';
import type { PhotoJson } from '../../src/validation/photos';

export type { SectionContext, SectionItem } from './widgets/context';

/** Each section's items as the page presents them: a list's items, the skills with their endorsements, the photos. */
export type SectionItems = Partial<Record<Exclude<WidgetKey, 'skills' | 'photos'>, ListItemJson[]>> & {
  skills?: Array<ListItemJson & SkillItemJson>;
  photos?: PhotoJson[];
};

export interface WidgetView {
  key: WidgetKey;
  title: string;
  collapsedCount: number;
  /** The "all" layout: the wide left column or the narrow right one. */
  column: 'left' | 'right';
  /** The owner's empty state. */
  emptyInvite: string;
  /** Everyone else's, when they chose this widget (in the "all" layout they never see an empty section). */
  emptyText: string;
  renderItems: RenderItems;
  /** Controls or a summary above the items (read and edit mode); `items` are all the section's items the viewer sees. */
  renderTools?: (context: SectionContext, items: readonly SectionItem[]) => ReactNode;
}

const COLUMN: Record<WidgetKey, 'left' | 'right'> = {
  timeline: 'left',
  incidents: 'left',
  photos: 'left',
  skills: 'left',
  awards: 'right',
  certifications: 'right',
  licenses: 'right',
  gear: 'right',
  specialUnits: 'right',
  // After the nine, beside their kin: news under the career story, stations under the apparatus and units.
  statusUpdates: 'left',
  fireStations: 'right',
  training: 'left',
  readinessDates: 'right',
  hiringTracker: 'left',
};

const INVITE: Record<WidgetKey, string> = {
  timeline: 'Add your first career milestone',
  incidents: 'Add your first memorable incident',
  awards: 'Add your first award',
  certifications: 'Add your first certification',
  licenses: 'Add your first license',
  gear: 'Add the first apparatus you served on',
  skills: 'Add your first skill',
  specialUnits: 'Add your first special unit',
  photos: 'Add your first photo',
  statusUpdates: 'Add your first status update',
  fireStations: 'Add the first fire station you served at',
  training: 'Log your first training hours',
  readinessDates: 'Add your first readiness date',
  hiringTracker: 'Add the first test or list you are on',
};

/** The spec names no empty text for visitors; these say plainly that there is nothing yet. */
const NOTHING_YET: Record<WidgetKey, string> = {
  timeline: 'No career milestones yet.',
  incidents: 'No memorable incidents yet.',
  awards: 'No awards yet.',
  certifications: 'No certifications yet.',
  licenses: 'No licenses yet.',
  gear: 'No apparatus or gear yet.',
  skills: 'No skills yet.',
  specialUnits: 'No special units yet.',
  photos: 'No photos yet.',
  statusUpdates: 'No status updates yet.',
  fireStations: 'No fire stations yet.',
  training: 'No training logged yet.',
  readinessDates: 'No readiness dates yet.',
  hiringTracker: 'Nothing tracked yet.',
};

const GenericList = styled.ul.withConfig(sc('SectionGenericList'))`
  margin: 0;
  padding-left: ${theme.space[5]};
`;

/** Until a widget registers its own item view. */
const renderGeneric = (items: Array<SectionItem & { name?: unknown; title?: unknown }>) => (
  <GenericList>
    {items.map((item) => (
      <li key={item.id}>{String(item.name ?? item.title ?? item.id)}</li>
    ))}
  </GenericList>
);

const widgetView = (widget: (typeof SECTIONS)[number]): WidgetView => ({
  key: widget.key,
  title: widget.title,
  collapsedCount: widget.collapsedCount,
  column: COLUMN[widget.key],
  emptyInvite: INVITE[widget.key],
  emptyText: NOTHING_YET[widget.key],
  renderItems: WIDGET_RENDERERS[widget.key] ?? renderGeneric,
  renderTools: WIDGET_TOOLS[widget.key],
});

export const WIDGET_VIEWS = Object.fromEntries(SECTIONS.map((w) => [w.key, widgetView(w)])) as Record<
  WidgetKey,
  WidgetView
>;

/** Edit mode is denser (a calm edit mode fits more on a screen). */
const Frame = styled.section.withConfig(sc('WidgetSection'))<{ $editing: boolean }>`
  position: relative; /* an editor's "+ Add" sits in the header */
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.card};
  padding: ${(p) => (p.$editing ? theme.space[4] : theme.space[5])};
`;

const Head = styled.header.withConfig(sc('WidgetSectionHead'))`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${theme.space[3]};
  margin-bottom: ${theme.space[4]};
`;

const Title = styled.h2.withConfig(sc('WidgetSectionTitle'))`
  margin: 0;
  font-size: ${theme.font.size.lg};
  & a {
    color: ${theme.color.ink};
    text-decoration: none;
  }
  & a:hover {
    color: ${theme.color.brand};
    text-decoration: underline;
  }
`;

const Count = styled.span.withConfig(sc('WidgetSectionCount'))`
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
  font-weight: 600;
`;

const Footer = styled.p.withConfig(sc('WidgetSectionFooter'))`
  margin: ${theme.space[4]} 0 0;
  font-size: ${theme.font.size.sm};
  font-weight: 600;
`;

export function sectionHref(basePath: string, key: WidgetKey, keep = ''): string {
  return profileHref(basePath, `widget=${filterForWidget(key)}`, keep);
}

/**
 * One widget section. Collapsed (the "all" layout): the items marked for the main profile, up to the
 * widget's count, and "Show All N …" when there is more. Expanded (its own view): every item.
 */
export function WidgetSection({
  view,
  items,
  context,
  editHref,
  editor,
}: {
  view: WidgetView;
  items: SectionItem[];
  context: SectionContext;
  /** For the owner: edit mode, where the empty state's invitation leads (with this section's add form open). */
  editHref: string | null;
  /** In edit mode: the list's editor in place of the read view (every item, no collapsing). */
  editor?: ReactNode;
}) {
  const shown = context.expanded ? items : items.filter((item) => item.showOnMainProfile).slice(0, view.collapsedCount);
  const headingId = `section-${view.key}`;
  return (
    <Frame aria-labelledby={headingId} $editing={Boolean(editor)}>
      <Head>
        <Title id={headingId}>
          {context.expanded ? (
            view.title
          ) : (
            <a href={sectionHref(context.basePath, view.key, context.keep)}>{view.title}</a>
          )}
        </Title>
        {/* The list's editor keeps this count current while editing (the ListEditor island). */}
        <Count data-section-count={view.key}>{items.length}</Count>
      </Head>
      {view.renderTools && (editor || items.length > 0) ? view.renderTools(context, items) : null}
      {editor ? (
        editor
      ) : items.length === 0 ? (
        <EmptyNote>
          {editHref ? (
            <a href={`${editHref}&add=${filterForWidget(view.key)}#section-${view.key}`}>{view.emptyInvite}</a>
          ) : (
            view.emptyText
          )}
        </EmptyNote>
      ) : (
        view.renderItems(shown, context)
      )}
      {!editor && !context.expanded && items.length > shown.length ? (
        <Footer>
          <a href={sectionHref(context.basePath, view.key, context.keep)}>{`Show All ${items.length} ${view.title}`}</a>
        </Footer>
      ) : null}
    </Frame>
  );
}
