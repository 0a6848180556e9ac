/** The admin dashboard's shared pieces: stat cards, the table, the switch, a confirmation dialog, paging. */
import { useState, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { media } from '../ui/theme';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

export const StatGrid = styled.div.withConfig(sc('AdminStatGrid'))<{ $count: number }>`
  display: grid;
  gap: ${(p) => p.theme.space[3]};
  grid-template-columns: repeat(2, minmax(0, 1fr));
  margin-bottom: ${(p) => p.theme.space[5]};
  ${media.laptop} {
    grid-template-columns: repeat(${(p) => p.$count}, minmax(0, 1fr));
  }
`;

const StatBox = styled.div.withConfig(sc('AdminStat'))`
  background: ${(p) => p.theme.color.surface};
  border: 1px solid ${(p) => p.theme.color.line};
  border-radius: ${(p) => p.theme.radius.card};
  padding: ${(p) => p.theme.space[4]};
  dt {
    color: ${(p) => p.theme.color.muted};
    font-size: ${(p) => p.theme.font.size.sm};
  }
  dd {
    margin: ${(p) => p.theme.space[1]} 0 0;
    font-size: ${(p) => p.theme.font.size.xl};
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
  background: ${(p) => p.theme.color.surface};
  border: 1px solid ${(p) => p.theme.color.line};
  border-radius: ${(p) => p.theme.radius.card};
`;

export const Table = styled.table.withConfig(sc('AdminTable'))`
  width: 100%;
  border-collapse: collapse;
  font-size: ${(p) => p.theme.font.size.sm};
  th,
  td {
    padding: ${(p) => `${p.theme.space[3]} ${p.theme.space[3]}`};
    text-align: left;
    vertical-align: middle;
    border-bottom: 1px solid ${(p) => p.theme.color.line};
  }
  th {
    color: ${(p) => p.theme.color.muted};
    font-weight: 600;
    white-space: nowrap;
    background: ${(p) => p.theme.color.canvas};
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
  color: ${(p) => p.theme.color.muted};
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
  gap: ${(p) => p.theme.space[2]};
`;

export const Toolbar = styled.div.withConfig(sc('AdminToolbar'))`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${(p) => p.theme.space[3]};
  margin-bottom: ${(p) => p.theme.space[4]};
  h2 {
    margin: 0;
    font-size: ${(p) => p.theme.font.size.lg};
  }
`;

export const Empty = styled.p.withConfig(sc('AdminEmpty'))`
  margin: 0;
  padding: ${(p) => p.theme.space[5]};
  text-align: center;
  color: ${(p) => p.theme.color.muted};
`;

export const SmallButton = styled(Button).withConfig(sc('AdminSmallButton'))`
  min-height: 32px;
  padding: 0 ${(p) => p.theme.space[3]};
  font-size: ${(p) => p.theme.font.size.sm};
`;

const SwitchBox = styled.button.withConfig(sc('AdminSwitch'))<{ $on: boolean }>`
  position: relative;
  width: 44px;
  height: 24px;
  flex: none;
  border-radius: ${(p) => p.theme.radius.pill};
  border: 1px solid ${(p) => (p.$on ? p.theme.color.ok : p.theme.color.muted)};
  background: ${(p) => (p.$on ? p.theme.color.ok : p.theme.color.line)};
  cursor: pointer;
  padding: 0;
  &::after {
    content: '';
    position: absolute;
    top: 2px;
    left: ${(p) => (p.$on ? '22px' : '2px')};
    width: 18px;
    height: 18px;
    border-radius: 50%;
    background: ${(p) => p.theme.color.white};
    transition: left 0.15s;
  }
  &:focus-visible {
    outline: 2px solid ${(p) => p.theme.color.brand};
    outline-offset: 2px;
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

/** An on/off switch (role="switch"); the label names what it switches. */
export function Switch({
  checked,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <SwitchBox
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      $on={checked}
      disabled={disabled}
      onClick={() => onChange(!checked)}
    />
  );
}

export const InlineSelect = styled.select.withConfig(sc('AdminInlineSelect'))`
  min-height: 32px;
  padding: 0 ${(p) => p.theme.space[2]};
  border: 1px solid ${(p) => p.theme.color.line};
  border-radius: ${(p) => p.theme.radius.control};
  background: ${(p) => p.theme.color.surface};
  color: ${(p) => p.theme.color.ink};
  font: inherit;
  font-size: ${(p) => p.theme.font.size.sm};
`;

const DialogActions = styled.div.withConfig(sc('AdminDialogActions'))`
  display: flex;
  justify-content: flex-end;
  gap: ${(p) => p.theme.space[2]};
  margin-top: ${(p) => p.theme.space[4]};
`;

export { DialogActions };

/** A button that asks first: the action runs only after Confirm in the dialog. */
export function ConfirmButton({
  label,
  title,
  description,
  confirmLabel,
  onConfirm,
  disabled,
  ariaLabel,
}: {
  label: string;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  ariaLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <SmallButton
        type="button"
        $variant="destructive"
        disabled={disabled}
        aria-label={ariaLabel}
        onClick={() => setOpen(true)}
      >
        {label}
      </SmallButton>
      <Dialog open={open} onClose={() => setOpen(false)} title={title} description={description}>
        <DialogActions>
          <Button type="button" $variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            $variant="destructive"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

const PagerBox = styled.nav.withConfig(sc('AdminPager'))`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${(p) => p.theme.space[3]};
  margin-top: ${(p) => p.theme.space[3]};
  font-size: ${(p) => p.theme.font.size.sm};
  color: ${(p) => p.theme.color.muted};
`;

/** Previous / Next with "from–to of total"; links (`hrefFor`) so they work before hydration too. */
export function Pager({
  page,
  pageSize,
  total,
  hrefFor,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  hrefFor: (page: number) => string;
  onPage: (page: number) => void;
  label: string;
}) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const link = (target: number, text: string, enabled: boolean) =>
    enabled ? (
      <a
        href={hrefFor(target)}
        onClick={(e) => {
          e.preventDefault();
          onPage(target);
        }}
      >
        {text}
      </a>
    ) : (
      <Muted aria-disabled="true">{text}</Muted>
    );
  return (
    <PagerBox aria-label={label}>
      <span>{`${from}–${to} of ${total}`}</span>
      <Row>
        {link(page - 1, 'Previous', page > 1)}
        {link(page + 1, 'Next', page < last)}
      </Row>
    </PagerBox>
  );
}

export const formatDate = (isoDate: string | null) =>
  isoDate
    ? new Date(isoDate).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      })
    : '—';

export const formatDateTime = (isoDate: string) =>
  new Date(isoDate).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });
