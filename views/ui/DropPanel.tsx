import { styled } from 'styled-components';
import { sc } from './sc';
import { theme } from './theme';

/**
 * A panel that drops down from a header control, over the page and within the screen (Widget Settings, Share).
 * Place it in a `position: relative` box; extend it for the panel's own contents.
 */
export const DropPanel = styled.section.withConfig(sc('DropPanel'))<{ $width: number }>`
  position: absolute;
  top: calc(100% + ${theme.space[3]});
  right: 0;
  z-index: 60;
  width: min(${(p) => p.$width}px, calc(100vw - 2 * ${theme.space[3]}));
  color: ${theme.color.ink};
  box-shadow: 0 12px 32px rgba(31, 35, 40, 0.16);
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.card};
  padding: ${theme.space[4]};
`;
