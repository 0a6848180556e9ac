/**
 * The owner's one "Add …" menu (docs/decisions/guided-start.md): the empty sections, which are not shown as cards,
 * each as a link to its add form in edit mode (`?edit=1&add={widget}`, the section opened alone with its form
 * open). A <details> of links: no script. Visitors never get it (they never see an empty section).
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { theme } from '../ui/theme';
import { Icon } from '../ui/Icon';
import { filterForWidget, type WidgetKey } from '../../src/validation/profiles';
import { summaryAsButton } from '../ui/Button';

/** Edit mode with one empty section shown, its add form open, at the section. */
export const addHref = (profileId: number, key: WidgetKey) =>
  `/profiles/${profileId}?edit=1&add=${filterForWidget(key)}#section-${key}`;

const Menu = styled.details.withConfig(sc('ProfileAddMenu'))`
  align-self: flex-start;
  max-width: 100%;
  ${summaryAsButton}
  & > summary:hover {
    border-color: ${theme.color.brand};
  }
  /* Closed, its list takes no layout (as the editors' closed <details>: islands/lib/closedDetails.ts). */
  &:not([open]) > ul {
    display: none;
  }
  & > ul {
    list-style: none;
    margin: ${theme.space[2]} 0 0;
    padding: ${theme.space[2]};
    border: 1px solid ${theme.color.line};
    border-radius: ${theme.radius.control};
    background: ${theme.color.surface};
    display: grid;
    gap: ${theme.space[1]};
  }
  & > ul a {
    display: flex;
    align-items: center;
    gap: ${theme.space[2]};
    min-height: ${theme.controlHeight};
    padding: 0 ${theme.space[3]};
    border-radius: ${theme.radius.control};
    color: ${theme.color.ink};
    text-decoration: none;
  }
  & > ul a:hover,
  & > ul a:focus-visible {
    background: ${theme.color.brandTint};
    text-decoration: underline;
  }
`;

export function AddMenu({
  profileId,
  sections,
}: {
  profileId: number;
  /** The empty sections, in the page's order, each with its invitation ("Add your first award"). */
  sections: ReadonlyArray<{ key: WidgetKey; invite: string }>;
}) {
  if (sections.length === 0) return null;
  return (
    <Menu data-add-menu="">
      <summary>
        <Icon name="plus" />
        <span>Add to your profile…</span>
      </summary>
      <ul aria-label="Add to your profile">
        {sections.map(({ key, invite }) => (
          <li key={key}>
            <a href={addHref(profileId, key)}>{invite}</a>
          </li>
        ))}
      </ul>
    </Menu>
  );
}
