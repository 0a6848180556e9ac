/** Tables and the small layout pieces around them (stat cards, toolbars, empty states), for admin views and islands. */
import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { sc } from './sc';
import { theme, media } from './theme';
import { Button } from './Button';

/** The widest screen on which a table's rows are cards of label/value pairs (no sideways scrolling on a phone). */
export const PHONE_TABLE_MAX = 639;

/** A column heading as a CSS string, for the card layout's labels. */
const cssString = (text: string) => `"${text.replace(/["\\]/g, '\\$&').replace(/\n/g, ' ')}"`;

/**
 * The card layout's labels: cell k of a row shows column k's heading before its value. A full-width cell
 * (`colSpan`, the status line under a row) has no label.
 */
const cellLabels = (columns: readonly string[]) =>
  columns
    .map((column, index) => `td:nth-child(${index + 1}):not([colspan])::before { content: ${cssString(column)}; }`)
    .join('\n');

export const StatGrid = styled.div.withConfig(sc('AdminStatGrid'))<{ $count: number }>`
  display: grid;
  gap: ${theme.space[3]};
  grid-template-columns: repeat(2, minmax(0, 1fr));
  margin-bottom: ${theme.space[5]};
  ${media.laptop} {
    grid-template-columns: repeat(${(p) => p.$count}, minmax(0, 1fr));
  }
`;

const StatBox = styled.div.withConfig(sc('AdminStat'))`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.card};
  padding: ${theme.space[4]};
  dt {
    color: ${theme.color.muted};
    font-size: ${theme.font.size.sm};
  }
  dd {
    margin: ${theme.space[1]} 0 0;
    font-size: ${theme.font.size.xl};
    font-weight: 700;
  }
`;

export function StatCards({ items }: { items: Array<{ label: string; value: ReactNode }> }) {
  return (
    <StatGrid as="dl" $count={items.length}>
      {items.map((item) => (
        <StatBox key={item.label} data-testid="stat-card">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </StatBox>
      ))}
    </StatGrid>
  );
}

/** The table's frame. Below PHONE_TABLE_MAX each row is a card (see `Table`), so nothing scrolls sideways. */
export const TableWrap = styled.div.withConfig(sc('AdminTableWrap'))`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.card};
  @media (min-width: ${PHONE_TABLE_MAX + 1}px) {
    overflow-x: auto;
  }
`;

export const Table = styled.table.withConfig(sc('AdminTable'))`
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.font.size.sm};
  th,
  td {
    padding: ${theme.space[3]} ${theme.space[3]};
    text-align: left;
    vertical-align: middle;
    border-bottom: 1px solid ${theme.color.line};
  }
  th {
    color: ${theme.color.muted};
    font-weight: 600;
    white-space: nowrap;
    background: ${theme.color.canvas};
  }
  tbody tr:last-child td {
    border-bottom: 0;
  }
  .t-Badge,
  code {
    white-space: nowrap;
  }
  /* A phone: every row a card, every cell a label/value pair (the heading row stays for screen readers). */
  @media (max-width: ${PHONE_TABLE_MAX}px) {
    &,
    tbody,
    tr,
    td {
      display: block;
    }
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    tbody tr {
      padding: ${theme.space[2]} 0;
      border-bottom: 1px solid ${theme.color.line};
    }
    tbody tr:last-child {
      border-bottom: 0;
    }
    th,
    td {
      border-bottom: 0;
    }
    td {
      display: grid;
      grid-template-columns: minmax(88px, 32%) minmax(0, 1fr);
      gap: ${theme.space[2]};
      align-items: baseline;
      justify-items: start;
      padding: ${theme.space[1]} ${theme.space[3]};
      overflow-wrap: anywhere;
    }
    td[colspan] {
      display: block;
    }
    td::before {
      color: ${theme.color.muted};
      font-weight: 600;
    }
    code {
      white-space: normal;
      overflow-wrap: anywhere;
    }
  }
`;

/** The card layout's labels, from the columns (one rule set per column list). */
const LabelledTable = styled(Table).withConfig(sc('AdminLabelledTable'))<{ $labels: string }>`
  @media (max-width: ${PHONE_TABLE_MAX}px) {
    ${(p) => p.$labels}
  }
`;

/**
 * A titled table of one list: the column headings, the rows (children), or the empty-state text when there
 * are no rows (`empty` non-null).
 */
export function DataTable({
  label,
  columns,
  empty,
  busy,
  children,
}: {
  label: string;
  columns: readonly string[];
  empty: string | null;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <TableWrap>
      {empty !== null ? (
        <Empty>{empty}</Empty>
      ) : (
        <LabelledTable aria-label={label} aria-busy={busy || undefined} $labels={cellLabels(columns)}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </LabelledTable>
      )}
    </TableWrap>
  );
}

export const Muted = styled.span.withConfig(sc('AdminMuted'))`
  color: ${theme.color.muted};
`;

export const Stack = styled.div.withConfig(sc('AdminStack'))`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
`;

export const Row = styled.div.withConfig(sc('AdminRow'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
`;

export const Toolbar = styled.div.withConfig(sc('AdminToolbar'))`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${theme.space[3]};
  margin-bottom: ${theme.space[4]};
  h2 {
    margin: 0;
    font-size: ${theme.font.size.lg};
  }
`;

export const Empty = styled.p.withConfig(sc('AdminEmpty'))`
  margin: 0;
  padding: ${theme.space[5]};
  text-align: center;
  color: ${theme.color.muted};
`;

export const SmallButton = styled(Button).withConfig(sc('AdminSmallButton'))`
  min-height: 32px;
  padding: 0 ${theme.space[3]};
  font-size: ${theme.font.size.sm};
`;
