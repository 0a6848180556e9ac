/**
 * The frame of an owner's page of plain forms under /profiles/{id}/… (headshot and banner, proof documents, the
 * application packet): a centred column of cards, and a row of controls that wraps on phones.
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { theme, media } from '../ui/theme';

export const OwnerPageWrap = styled.div.withConfig(sc('PortraitWrap'))`
  max-width: 880px;
  margin: 0 auto;
  padding: ${theme.space[5]} ${theme.space[3]} ${theme.space[7]};
  display: flex;
  flex-direction: column;
  gap: ${theme.space[5]};
  ${media.tablet} {
    padding: ${theme.space[6]} ${theme.space[5]} ${theme.space[7]};
  }
  & h1 {
    margin: 0;
    font-size: ${theme.font.size.xxl};
  }
`;

export const OwnerPageRow = styled.div.withConfig(sc('PortraitRow'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
  & input[type='file'] {
    max-width: 100%;
    font-size: ${theme.font.size.sm};
  }
`;
