/**
 * The banner of a "View as" page (issue 20): which viewer's page this is, and the way back to the owner's view.
 * Server-only, a plain link (no JavaScript).
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import type { ViewAs } from '../../src/validation/viewAs';

const Banner = styled.div.withConfig(sc('ViewAsBanner'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${(p) => p.theme.space[2]} ${(p) => p.theme.space[4]};
  padding: ${(p) => `${p.theme.space[3]} ${p.theme.space[4]}`};
  border: 1px solid ${(p) => p.theme.color.brand};
  border-radius: ${(p) => p.theme.radius.card};
  background: ${(p) => p.theme.color.brandTint};
  color: ${(p) => p.theme.color.ink};
  & p {
    margin: 0;
  }
  & a {
    color: ${(p) => p.theme.color.brand};
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
