/** Read by screen readers, not drawn: the one "visually hidden" style (a skill level's words, a button's noun). */
import { css } from 'styled-components';

export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;
