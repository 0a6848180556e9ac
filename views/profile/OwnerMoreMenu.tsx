/**
 * The owner's "⋯" menu at the end of the profile's header controls (spec 01 §2, docs/decisions/view-as.md): the
 * less used controls — View as visitor / View as member — folded away so the bar stays one row on a phone. A
 * server-rendered <details> of plain links: it opens, closes and is keyboard-usable with no script.
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { theme } from '../ui/theme';
import { DropPanel } from '../ui/DropPanel';
import { VIEW_AS, VIEW_AS_LABELS } from '../../src/validation/viewAs';

const Menu = styled.details.withConfig(sc('OwnerMoreMenu'))`
  flex: none;
  & > summary {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 34px;
    min-height: ${theme.controlHeight};
    border: 1px solid rgba(255, 255, 255, 0.7);
    border-radius: ${theme.radius.control};
    color: ${theme.color.white};
    font-size: ${theme.font.size.lg};
    font-weight: 800;
    line-height: 1;
    cursor: pointer;
    list-style: none;
    user-select: none;
  }
  & > summary::-webkit-details-marker {
    display: none;
  }
  & > summary:hover,
  &[open] > summary {
    background: rgba(255, 255, 255, 0.12);
  }
  & > summary:focus-visible {
    outline: 2px solid ${theme.color.white};
    outline-offset: 2px;
  }
`;

const Items = styled(DropPanel).withConfig(sc('OwnerMoreMenuItems')).attrs({ $width: 240 })`
  padding: ${theme.space[1]};
  & ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  & a {
    display: flex;
    align-items: center;
    min-height: ${theme.controlHeight};
    padding: 0 ${theme.space[3]};
    border-radius: ${theme.radius.control};
    color: ${theme.color.ink};
    text-decoration: none;
  }
  & a:hover,
  & a:focus-visible {
    background: ${theme.color.brandTint};
  }
`;

/** `viewAsPath`: the own view's path, which the "View as" links add `?as=` to. */
export function OwnerMoreMenu({ viewAsPath }: { viewAsPath: string }) {
  return (
    <Menu data-owner-more-menu="">
      <summary aria-label="More profile controls">
        <span aria-hidden="true">⋯</span>
      </summary>
      <Items aria-label="More profile controls">
        <ul>
          {VIEW_AS.map((as) => (
            <li key={as}>
              <a href={`${viewAsPath}?as=${as}`}>{VIEW_AS_LABELS[as]}</a>
            </li>
          ))}
        </ul>
      </Items>
    </Menu>
  );
}
