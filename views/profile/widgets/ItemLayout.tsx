/**
 * The one item layout every widget view shares (server-only, no JavaScript): a list of items, each a title
 * row (optional icon, title, labels), a meta line, a body, and — in the expanded view — labelled details
 * and media links. The widget views only choose what goes where.
 */
import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { sc } from '../../../islands/ui/sc';
import { Badge, type BadgeTone } from '../../../islands/ui/Badge';

export const ItemList = styled.ul.withConfig(sc('WidgetItemList'))`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${(p) => p.theme.space[4]};
`;

const Row = styled.li.withConfig(sc('WidgetItem'))`
  display: flex;
  gap: ${(p) => p.theme.space[3]};
  min-width: 0;
  & + & {
    border-top: 1px solid ${(p) => p.theme.color.line};
    padding-top: ${(p) => p.theme.space[4]};
  }
`;

const Aside = styled.span.withConfig(sc('WidgetItemAside'))`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  border-radius: ${(p) => p.theme.radius.pill};
  background: ${(p) => p.theme.color.brandTint};
  color: ${(p) => p.theme.color.brand};
`;

const Main = styled.div.withConfig(sc('WidgetItemMain'))`
  flex: 1;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Kicker = styled.p.withConfig(sc('WidgetItemKicker'))`
  margin: 0 0 2px;
  color: ${(p) => p.theme.color.brand};
  font-size: ${(p) => p.theme.font.size.sm};
  font-weight: 700;
  letter-spacing: 0.02em;
`;

const TitleRow = styled.div.withConfig(sc('WidgetItemTitleRow'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${(p) => p.theme.space[2]};
`;

const Title = styled.h3.withConfig(sc('WidgetItemTitle'))`
  margin: 0;
  font-size: ${(p) => p.theme.font.size.md};
  line-height: 1.35;
  color: ${(p) => p.theme.color.ink};
`;

const Meta = styled.p.withConfig(sc('WidgetItemMeta'))`
  margin: ${(p) => p.theme.space[1]} 0 0;
  color: ${(p) => p.theme.color.muted};
  font-size: ${(p) => p.theme.font.size.sm};
`;

const Body = styled.div.withConfig(sc('WidgetItemBody'))`
  margin-top: ${(p) => p.theme.space[2]};
  font-size: ${(p) => p.theme.font.size.sm};
  line-height: 1.5;
  & p {
    margin: 0;
    white-space: pre-line;
  }
  & > * + * {
    margin-top: ${(p) => p.theme.space[2]};
  }
`;

const Details = styled.dl.withConfig(sc('WidgetItemDetails'))`
  margin: 0;
  & dt {
    font-weight: 600;
    color: ${(p) => p.theme.color.ink};
  }
  & dd {
    margin: 0 0 ${(p) => p.theme.space[2]};
    white-space: pre-line;
  }
`;

export interface Label {
  text: string;
  tone?: BadgeTone;
}

/** Title row + meta line + body. Empty meta parts are dropped; `labels` are small word badges. */
export function WidgetItem({
  title,
  icon,
  marker,
  kicker,
  labels = [],
  meta = [],
  children,
}: {
  title: ReactNode;
  icon?: ReactNode;
  /** Drawn as is before the item (the timeline's dot on its line). */
  marker?: ReactNode;
  /** A short line above the title (the timeline's year). */
  kicker?: ReactNode;
  labels?: Array<Label | null | false>;
  meta?: Array<string | number | null | undefined | false>;
  children?: ReactNode;
}) {
  const parts = meta.filter(
    (part): part is string | number => part !== null && part !== undefined && part !== '' && part !== false,
  );
  const shown = labels.filter((label): label is Label => Boolean(label));
  return (
    <Row>
      {marker}
      {icon ? <Aside>{icon}</Aside> : null}
      <Main>
        {kicker ? <Kicker>{kicker}</Kicker> : null}
        <TitleRow>
          <Title>{title}</Title>
          {shown.map((label) => (
            <Badge key={label.text} $tone={label.tone}>
              {label.text}
            </Badge>
          ))}
        </TitleRow>
        {parts.length > 0 ? <Meta>{parts.join(' · ')}</Meta> : null}
        {children ? <Body>{children}</Body> : null}
      </Main>
    </Row>
  );
}

/** A stored text as a paragraph; nothing when blank. */
export function Text({ value }: { value: string | null | undefined }) {
  return value ? <p>{value}</p> : null;
}

/** Labelled details of the expanded view; blank entries are dropped, nothing when all are. */
export function DetailList({ entries }: { entries: Array<[string, ReactNode]> }) {
  const set = entries.filter(([, value]) => value !== null && value !== undefined && value !== '' && value !== false);
  if (set.length === 0) return null;
  return (
    <Details>
      {set.map(([term, value]) => (
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

/** Media links as a list of safe links; unsafe URLs are left out. */
export function MediaLinks({ links }: { links: MediaLink[] | null | undefined }) {
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

/** An enumeration value in words: `training_completed` → "Training completed". */
export function humanize(value: string | null | undefined): string {
  if (!value) return '';
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
