/**
 * The profile's header controls side by side (the edit toolbar, then Share): they wrap onto a new line on a
 * narrow screen rather than squeezing each other.
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { theme } from '../ui/theme';

export const HeaderControlGroup = styled.div.withConfig(sc('ProfileHeaderControlGroup'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${theme.space[2]};
  min-width: 0;
`;
