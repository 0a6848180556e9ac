/**
 * A choice between views made of links (no script): pills, the current one marked `aria-current="true"`. The
 * timeline's Newest First / Oldest First and the photo gallery's Grid / List.
 */
import { styled } from 'styled-components';
import { sc } from './sc';
import { theme } from './theme';

export const LinkToggle = styled.nav.withConfig(sc('LinkToggle'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
  margin-bottom: ${theme.space[4]};
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  & a {
    padding: 2px 10px;
    border: 1px solid ${theme.color.line};
    border-radius: ${theme.radius.pill};
    color: ${theme.color.muted};
    text-decoration: none;
  }
  & a[aria-current='true'] {
    border-color: ${theme.color.brand};
    color: ${theme.color.brand};
    background: ${theme.color.brandTint};
  }
`;
