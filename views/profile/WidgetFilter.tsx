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

/**
 * The strip scrolls sideways when its links do not fit (a phone). It shows so: its edges fade out (a mask), so a
 * link cut by the edge reads as "more this way", never as a word cut short; the end padding is wider than the
 * fade, so at either end of the scroll the first and last links are whole. The links are the strip's keyboard
 * stops, and a focused link is scrolled clear of the fade (scroll-padding).
 */
const FADE = '40px';
const Bar = styled.nav.withConfig(sc('WidgetFilter'))`
  max-width: 1280px;
  margin: 0 auto;
  padding: 0 ${FADE} ${theme.space[2]} ${theme.space[4]};
  display: flex;
  gap: ${theme.space[1]};
  overflow-x: auto;
  scrollbar-width: thin;
  scroll-padding-inline: ${FADE};
  mask-image: linear-gradient(to right, transparent, #000 ${theme.space[4]}, #000 calc(100% - ${FADE}), transparent);
  ${media.tablet} {
    padding: 0 ${FADE} ${theme.space[2]} ${theme.space[5]};
    mask-image: linear-gradient(to right, transparent, #000 ${theme.space[5]}, #000 calc(100% - ${FADE}), transparent);
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
