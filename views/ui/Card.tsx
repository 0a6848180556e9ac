import { styled } from 'styled-components';
import { sc } from './sc';

export const Card = styled.section.withConfig(sc('Card'))`
  background: ${(p) => p.theme.color.surface};
  border: 1px solid ${(p) => p.theme.color.line};
  border-radius: ${(p) => p.theme.radius.card};
  padding: ${(p) => p.theme.space[5]};
`;

export const CardTitle = styled.h2.withConfig(sc('CardTitle'))`
  margin: 0 0 ${(p) => p.theme.space[1]};
  font-size: ${(p) => p.theme.font.size.lg};
  color: ${(p) => p.theme.color.ink};
`;

export const CardDescription = styled.p.withConfig(sc('CardDescription'))`
  margin: 0 0 ${(p) => p.theme.space[4]};
  font-size: ${(p) => p.theme.font.size.sm};
  color: ${(p) => p.theme.color.muted};
`;

/** A section's empty state: nothing here yet, or nothing matches (a dashed box, centred, muted). */
export const EmptyNote = styled.p.withConfig(sc('EmptyNote'))`
  margin: 0;
  padding: ${(p) => p.theme.space[4]};
  border: 1px dashed ${(p) => p.theme.color.line};
  border-radius: ${(p) => p.theme.radius.control};
  color: ${(p) => p.theme.color.muted};
  text-align: center;
`;
