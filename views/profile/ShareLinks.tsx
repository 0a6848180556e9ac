/**
 * Plain links to a profile's contact card and résumé (docs/decisions/share.md), on the header card for every viewer: no
 * script, and each file holds only what that viewer may see (the routes decide, src/pages/share.tsx).
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { theme } from '../ui/theme';

const List = styled.ul.withConfig(sc('ProfileShareLinks'))`
  grid-column: 1 / -1;
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]} ${theme.space[4]};
  font-size: ${theme.font.size.sm};
  & a {
    display: inline-flex;
    align-items: center;
    min-height: 24px;
  }
`;

export function ShareLinks({ profileId }: { profileId: number }) {
  const base = `/profiles/${profileId}`;
  return (
    <List aria-label="Save or print">
      <li>
        <a href={`${base}/contact.vcf`} download>
          Save contact card
        </a>
      </li>
      <li>
        <a href={`${base}/resume`}>Résumé</a>
      </li>
      <li>
        <a href={`${base}/resume.pdf`} download>
          Résumé (PDF)
        </a>
      </li>
    </List>
  );
}
