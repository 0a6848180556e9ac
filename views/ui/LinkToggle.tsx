/**
 * A choice between views made of links (no script): pills, the current one marked `aria-current="true"`. The
 * timeline's Newest First / Oldest First and the photo gallery's Grid / List.
 */
import { styled } from 'styled-components';
import { sc } from './sc';

export const LinkToggle = styled.nav.withConfig(sc('LinkToggle'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${(p) => p.theme.space[2]};
  margin-bottom: ${(p) => p.theme.space[4]};
  font-size: ${(p) => p.theme.font.size.sm};
  font-weight: 600;
  & a {
    padding: 2px 10px;
    border: 1px solid ${(p) => p.theme.color.line};
    border-radius: ${(p) => p.theme.radius.pill};
    color: ${(p) => p.theme.color.muted};
    text-decoration: none;
  }
  & a[aria-current='true'] {
    border-color: ${(p) => p.theme.color.brand};
    color: ${(p) => p.theme.color.brand};
    background: ${(p) => p.theme.color.brandTint};
  }
`;
