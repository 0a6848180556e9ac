import { styled } from 'styled-components';
import { sc } from './sc';
import { theme } from './theme';

export const Card = styled.section.withConfig(sc('Card'))`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.card};
  padding: ${theme.space[5]};
`;

export const CardTitle = styled.h2.withConfig(sc('CardTitle'))`
  margin: 0 0 ${theme.space[1]};
  font-size: ${theme.font.size.lg};
  color: ${theme.color.ink};
`;

export const CardDescription = styled.p.withConfig(sc('CardDescription'))`
  margin: 0 0 ${theme.space[4]};
  font-size: ${theme.font.size.sm};
  color: ${theme.color.muted};
`;

/** A section's empty state: nothing here yet, or nothing matches (a dashed box, centred, muted). */
export const EmptyNote = styled.p.withConfig(sc('EmptyNote'))`
  margin: 0;
  padding: ${theme.space[4]};
  border: 1px dashed ${theme.color.line};
  border-radius: ${theme.radius.control};
  color: ${theme.color.muted};
  text-align: center;
`;
