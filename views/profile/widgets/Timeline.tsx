/** Timeline (spec 02 §3 "Timeline event", §4 "Timeline sort"): a vertical line with year markers, and a sort toggle as links. */
import { styled } from 'styled-components';
import { sc } from '../../ui/sc';
import { LinkToggle } from '../../ui/LinkToggle';
import { humanize } from '../../../src/validation/lists/define';
import { TIMELINE_TYPE_LABELS, type TimelineItemJson } from '../../../src/validation/lists/timeline';
import { profileHref, type SectionContext, type SectionItem } from './context';
import { itemsView } from './ItemLayout';
import { verifiedBadgeText, verifiedFor } from '../../../src/validation/verifiedBadge';
import { photosPart } from './LinkedPhotos';
import { theme } from '../../ui/theme';

type Event = TimelineItemJson & SectionItem;

export const timelineTypeLabel = (type: TimelineItemJson['type']) => TIMELINE_TYPE_LABELS[type] ?? humanize(type);

const Track = styled.div.withConfig(sc('TimelineTrack'))`
  position: relative;
  &::before {
    content: '';
    position: absolute;
    left: 7px;
    top: 6px;
    bottom: 6px;
    width: 2px;
    background: ${theme.color.line};
  }
  && li + li {
    border-top: none;
    padding-top: 0;
  }
`;

const Dot = styled.span.withConfig(sc('TimelineDot'))`
  position: relative;
  flex: none;
  width: 16px;
  height: 16px;
  margin-top: 2px;
  border-radius: ${theme.radius.pill};
  border: 3px solid ${theme.color.brand};
  background: ${theme.color.surface};
`;

const SORTS = [
  { sort: 'newest', text: 'Newest First' },
  { sort: 'oldest', text: 'Oldest First' },
] as const;

/** The sort links: the section's own view keeps `?widget=timeline`, edit mode `edit=1`. */
export function sortHref(context: SectionContext, sort: SectionContext['sort']): string {
  const widget = context.expanded ? 'widget=timeline&' : '';
  const edit = context.editing ? 'edit=1&' : '';
  return `${profileHref(context.basePath, `${edit}${widget}sort=${sort}`, context.keep)}${context.expanded ? '' : '#section-timeline'}`;
}

/** "Verified by …" on an entry whose department is one the owner is verified in (names compared case-insensitively). */
function verifiedLabel(event: Event, context: SectionContext) {
  const membership = verifiedFor(context.verified, event.department);
  return membership ? [{ text: verifiedBadgeText(membership), tone: 'ok' as const }] : [];
}

export const events = itemsView<Event>((event, context) => ({
  marker: <Dot aria-hidden="true" />,
  kicker: event.year,
  title: event.event,
  labels: [{ text: timelineTypeLabel(event.type), tone: 'brand' }, ...verifiedLabel(event, context)],
  meta: [event.date, event.title, event.position, event.department, event.location],
  text: event.description,
  photos: photosPart(event.photoIds, context.photos, 1),
}));

/** Newest First / Oldest First, as links (no script), in read and edit mode. */
export function renderTimelineTools(context: SectionContext) {
  return (
    <LinkToggle aria-label="Timeline order">
      {SORTS.map(({ sort, text }) => (
        <a key={sort} href={sortHref(context, sort)} aria-current={context.sort === sort ? 'true' : undefined}>
          {text}
        </a>
      ))}
    </LinkToggle>
  );
}

export function renderTimeline(items: SectionItem[], context: SectionContext) {
  return <Track>{events(items, context)}</Track>;
}
