/**
 * The banner of a "View as" page (docs/decisions/view-as.md): which viewer's page this is, and the way back to the owner's view.
 * Server-only, a plain link (no JavaScript).
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import type { ViewAs } from '../../src/validation/viewAs';
import { theme } from '../ui/theme';

const Banner = styled.div.withConfig(sc('ViewAsBanner'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[2]} ${theme.space[4]};
  padding: ${theme.space[3]} ${theme.space[4]};
  border: 1px solid ${theme.color.brand};
  border-radius: ${theme.radius.card};
  background: ${theme.color.brandTint};
  color: ${theme.color.ink};
  & p {
    margin: 0;
  }
  & a {
    color: ${theme.color.brand};
    font-weight: 600;
  }
`;

const SAYS: Record<ViewAs, string> = {
  visitor: 'a visitor who is not signed in',
  member: 'a signed-in member',
};

export function ViewAsBanner({ viewAs, backHref }: { viewAs: ViewAs; backHref: string }) {
  return (
    <Banner role="status" data-view-as={viewAs}>
      <p>
        <strong>{viewAs === 'visitor' ? 'Viewing as a visitor.' : 'Viewing as a member.'}</strong> This is your profile
        exactly as {SAYS[viewAs]} sees it.
      </p>
      <a href={backHref}>Back to your view</a>
    </Banner>
  );
}
