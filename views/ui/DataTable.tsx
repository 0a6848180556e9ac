/** Tables and the small layout pieces around them (stat cards, toolbars, empty states), for admin views and islands. */
import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { sc } from './sc';
import { theme, media } from './theme';
import { Button } from './Button';

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

/** Scrolls sideways on narrow screens rather than squeezing the columns. */
export const TableWrap = styled.div.withConfig(sc('AdminTableWrap'))`
  overflow-x: auto;
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.card};
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
        <Table aria-label={label} aria-busy={busy || undefined}>
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
        </Table>
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
