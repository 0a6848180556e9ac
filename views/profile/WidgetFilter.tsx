/**
 * The profile's widget filter (spec 01 §2): ten choices as plain links, so it works without JavaScript.
 * The profile page passes it to the layout's sub-navigation slot: renderPage(ctx, config, view, { subNav }).
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { theme, media } from '../ui/theme';
import { WIDGET_FILTERS, type WidgetKey } from '../../src/validation/profiles';
import { profileHref } from './widgets/context';
import { Kept } from '../../src/render/Kept';

const Bar = styled.nav.withConfig(sc('WidgetFilter'))`
  max-width: 1280px;
  margin: 0 auto;
  padding: 0 ${theme.space[4]} ${theme.space[2]};
  display: flex;
  gap: ${theme.space[1]};
  overflow-x: auto;
  scrollbar-width: thin;
  ${media.tablet} {
    padding: 0 ${theme.space[5]} ${theme.space[2]};
  }
`;

const FilterLink = styled.a.withConfig(sc('WidgetFilterLink'))<{ $active: boolean }>`
  flex: none;
  padding: 6px 12px;
  border-radius: ${theme.radius.pill};
  color: ${theme.color.white};
  background: ${(p) => (p.$active ? 'rgba(255,255,255,0.22)' : 'transparent')};
  font-size: ${theme.font.size.sm};
  font-weight: ${(p) => (p.$active ? 700 : 500)};
  text-decoration: none;
  white-space: nowrap;
  &:hover {
    background: rgba(255, 255, 255, 0.14);
  }
  &:focus-visible {
    outline-color: ${theme.color.white};
  }
`;

export interface WidgetFilterProps {
  /** The profile page's path without a query, e.g. /profiles/12. */
  basePath: string;
  /** The section the page shows (widgetFromFilter of its ?widget=), or all. */
  active: WidgetKey | 'all';
  /** What every link keeps (a View-as page's `as=visitor`). */
  keep?: string;
}

/** Drawn on the header's brand background (the layout renders the slot inside the header). */
export function WidgetFilter({ basePath, active, keep = '' }: WidgetFilterProps) {
  // Ten styled links, the same for every page of this path and choice: rendered once.
  return (
    <Kept identity={['widget-filter', basePath, active, keep]}>
      <Bar aria-label="Widget filter">
        {WIDGET_FILTERS.map((filter) => (
          <FilterLink
            key={filter.value}
            href={profileHref(basePath, filter.value === 'all' ? '' : `widget=${filter.value}`, keep)}
            $active={active === filter.widget}
            aria-current={active === filter.widget ? 'page' : undefined}
          >
            {filter.label}
          </FilterLink>
        ))}
      </Bar>
    </Kept>
  );
}
