/** Previous / Next paging for long tables. */
import { styled } from 'styled-components';
import { sc } from './sc';
import { Muted, Row } from './DataTable';
import { theme } from './theme';

const PagerBox = styled.nav.withConfig(sc('AdminPager'))`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[3]};
  margin-top: ${theme.space[3]};
  font-size: ${theme.font.size.sm};
  color: ${theme.color.muted};
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
