/**
 * The owner's bar: the profile's header controls side by side (the visibility switch and Edit Profile, Share, the
 * "⋯" menu). On a phone the controls are drawn compact (smaller type, tighter padding) so the bar is one row from
 * 360 px; should a control not fit it wraps onto a second line rather than squeezing the others.
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { theme, media } from '../ui/theme';

export const HeaderControlGroup = styled.div.withConfig(sc('ProfileHeaderControlGroup'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${theme.space[1]};
  min-width: 0;
  /* The drop-down panels (Share, "⋯") hang from the bar's right edge, so they stay on the screen whichever
     line their control is on. */
  position: relative;
  /* The bar's own controls, not what their panels hold. */
  & [role='switch'],
  & [role='toolbar'] > :is(a, button),
  & details > summary {
    font-size: ${theme.font.size.sm};
  }
  & [role='toolbar'] > :is(a, button),
  & [data-share-panel] > summary {
    padding-inline: ${theme.space[2]};
  }
  & [data-share-panel] > summary::after {
    margin-left: ${theme.space[1]};
  }
  & [role='switch'] {
    gap: 6px;
    padding-inline: ${theme.space[1]} ${theme.space[2]};
  }
  ${media.tablet} {
    gap: ${theme.space[2]};
    & [role='switch'],
    & [role='toolbar'] > :is(a, button),
    & details > summary {
      font-size: ${theme.font.size.md};
    }
    & [role='toolbar'] > :is(a, button),
    & [data-share-panel] > summary {
      padding-inline: ${theme.space[4]};
    }
    & [data-share-panel] > summary::after {
      margin-left: ${theme.space[2]};
    }
    & [role='switch'] {
      gap: ${theme.space[2]};
      padding-inline: ${theme.space[2]} ${theme.space[3]};
    }
  }
`;
