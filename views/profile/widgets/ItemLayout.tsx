/**
 * The one item layout every widget view shares (server-only, no JavaScript): a list of items, each a title
 * row (optional icon, title, labels), a meta line, a body, and — in the expanded view — labelled details
 * and media links. The widget views only choose what goes where.
 */
import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { sc } from '../../ui/sc';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { OutlineIcon } from '../../ui/Icon';
import { humanize } from '../../../src/validation/lists/define';
import type { SectionContext, SectionItem } from './context';
import { theme } from '../../ui/theme';

export const ItemList = styled.ul.withConfig(sc('WidgetItemList'))`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space[4]};
`;

/** One item's row (a list item; `as="div"` in an editor's card). */
export const ItemRow = styled.li.withConfig(sc('WidgetItem'))`
  display: flex;
  gap: ${theme.space[3]};
  min-width: 0;
  & + & {
    border-top: 1px solid ${theme.color.line};
    padding-top: ${theme.space[4]};
  }
`;

const Aside = styled.span.withConfig(sc('WidgetItemAside'))`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  border-radius: ${theme.radius.pill};
  background: ${theme.color.brandTint};
  color: ${theme.color.brand};
`;

const Main = styled.div.withConfig(sc('WidgetItemMain'))`
  flex: 1;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Kicker = styled.p.withConfig(sc('WidgetItemKicker'))`
  margin: 0 0 2px;
  color: ${theme.color.brand};
  font-size: ${theme.font.size.sm};
  font-weight: 700;
  letter-spacing: 0.02em;
`;

const TitleRow = styled.div.withConfig(sc('WidgetItemTitleRow'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  column-gap: ${theme.space[2]};
  row-gap: ${theme.space[1]};
`;

const Title = styled.h3.withConfig(sc('WidgetItemTitle'))`
  margin: 0;
  font-size: ${theme.font.size.md};
  line-height: 1.35;
  color: ${theme.color.ink};
`;

const Meta = styled.p.withConfig(sc('WidgetItemMeta'))`
  margin: ${theme.space[1]} 0 0;
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
`;

const Body = styled.div.withConfig(sc('WidgetItemBody'))`
  margin-top: ${theme.space[2]};
  font-size: ${theme.font.size.sm};
  line-height: 1.5;
  & p {
    margin: 0;
    white-space: pre-line;
  }
  & ul {
    margin: 0;
    padding-left: ${theme.space[5]};
  }
  && > * + * {
    margin-top: ${theme.space[2]};
  }
`;

const Details = styled.dl.withConfig(sc('WidgetItemDetails'))`
  margin: 0;
  & dt {
    font-weight: 600;
    color: ${theme.color.ink};
  }
  & dd {
    margin: 0 0 ${theme.space[2]};
    white-space: pre-line;
  }
`;

export interface Label {
  text: string;
  tone?: BadgeTone;
}

/** What a widget says about one item; the layout decides where each part goes. */
export interface ItemParts {
  title: ReactNode;
  /** In the round badge before the item (an award's icon). */
  icon?: ReactNode;
  /** Drawn as is before the item (the timeline's dot on its line). */
  marker?: ReactNode;
  /** A short line above the title (the timeline's year). */
  kicker?: ReactNode;
  /** Small word badges after the title; blanks are dropped. */
  labels?: Array<Label | null | false>;
  /** The meta line, joined with " · "; blanks are dropped. */
  meta?: Array<string | number | null | undefined | false>;
  /** The description paragraph (after `extra`). */
  text?: string | null;
  /** Anything before the text (a skill's level dots). */
  extra?: ReactNode;
  /** Labelled details, shown only in the section's own (expanded) view. */
  details?: Array<[string, ReactNode]>;
  /** Linked gallery photos (views/profile/widgets/LinkedPhotos.tsx), after the text. */
  photos?: ReactNode;
}

const isSet = <T,>(value: T | null | undefined | false | ''): value is T =>
  value !== null && value !== undefined && value !== false && value !== '';

const LOCK = 'M7 11V7a5 5 0 0 1 10 0v4M5 11h14v10H5z';

/**
 * Who may see an item, for the owner's and admins' view only (everyone else gets only what they may see, so it
 * would tell them nothing): a lock "Only me" for private items, "Members" for members-only ones.
 */
export function VisibilityBadge({ visibility }: { visibility: unknown }) {
  if (visibility === 'private')
    return (
      <Badge $tone="warn" data-visibility="private">
        <OutlineIcon d={LOCK} size={12} name="lock" />
        Only me
      </Badge>
    );
  if (visibility === 'authenticated')
    return (
      <Badge $tone="brand" data-visibility="authenticated">
        Members
      </Badge>
    );
  return null;
}

/** Title row + meta line + body (text, extra, and in the expanded view the details), as one list item. */
export function WidgetItem(props: ItemContentProps) {
  return (
    <ItemRow>
      <ItemContent {...props} />
    </ItemRow>
  );
}

interface ItemContentProps {
  parts: ItemParts;
  expanded: boolean;
  /** Shown as a badge (the owner's view): the item's visibility. */
  visibility?: unknown;
  /** The title's id (an editor's card is named by it). */
  titleId?: string;
}

/** An item's parts inside its row: `WidgetItem`, or an editor's read view in an `ItemRow as="div"`. */
export function ItemContent({ parts, expanded, visibility, titleId }: ItemContentProps) {
  const meta = (parts.meta ?? []).filter(isSet);
  const labels = (parts.labels ?? []).filter(isSet);
  const details = expanded ? (parts.details ?? []).filter(([, value]) => isSet(value)) : [];
  const body = isSet(parts.text) || isSet(parts.extra) || isSet(parts.photos) || details.length > 0;
  return (
    <>
      {parts.marker}
      {parts.icon ? <Aside>{parts.icon}</Aside> : null}
      <Main>
        {parts.kicker ? <Kicker>{parts.kicker}</Kicker> : null}
        <TitleRow>
          <Title id={titleId}>{parts.title}</Title>
          {visibility !== undefined ? <VisibilityBadge visibility={visibility} /> : null}
          {labels.map((label) => (
            <Badge key={label.text} $tone={label.tone}>
              {label.text}
            </Badge>
          ))}
        </TitleRow>
        {meta.length > 0 ? <Meta>{meta.join(' · ')}</Meta> : null}
        {body ? (
          <Body>
            {parts.extra}
            {parts.text ? <p>{parts.text}</p> : null}
            {parts.photos}
            {details.length > 0 ? <DetailList entries={details} /> : null}
          </Body>
        ) : null}
      </Main>
    </>
  );
}

/** How a widget describes one item (what goes where): the read view's one source, for pages and editors. */
export type DescribeItem = (item: SectionItem, context: SectionContext) => ItemParts;

/** A widget's `renderItems` from how it describes one item: the shared list of the shared item layout. */
export function itemsView<T extends SectionItem>(describe: (item: T, context: SectionContext) => ItemParts) {
  const render = (items: SectionItem[], context: SectionContext) => (
    <ItemList>
      {(items as T[]).map((item) => (
        <WidgetItem
          key={item.id}
          parts={describe(item, context)}
          expanded={context.expanded}
          visibility={context.showVisibility ? (item as { visibility?: unknown }).visibility : undefined}
        />
      ))}
    </ItemList>
  );
  return Object.assign(render, { describe: describe as DescribeItem });
}

/** Labelled details of the expanded view. */
function DetailList({ entries }: { entries: Array<[string, ReactNode]> }) {
  return (
    <Details>
      {entries.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </Details>
  );
}

/** Only http(s) URLs ever become links (a stored `javascript:` never does). */
export function safeHttpUrl(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return /^https?:\/\/[^\s]+$/i.test(trimmed) ? trimmed : null;
}

export interface MediaLink {
  url: string;
  title?: string | null;
  type?: string | null;
}

/** Media links as a list of safe links (for a "Media" detail); unsafe URLs are left out; null when none is left. */
export function mediaLinks(links: MediaLink[] | null | undefined): ReactNode {
  const safe = (links ?? []).flatMap((link) => {
    const href = safeHttpUrl(link.url);
    return href ? [{ ...link, href }] : [];
  });
  if (safe.length === 0) return null;
  return (
    <ul>
      {safe.map((link, index) => (
        <li key={`${link.href}-${index}`}>
          <a href={link.href} rel="noopener noreferrer nofollow">
            {link.title || link.href.replace(/^https?:\/\/(www\.)?/i, '')}
          </a>
          {link.type ? ` (${humanize(link.type)})` : null}
        </li>
      ))}
    </ul>
  );
}

export { humanize };
