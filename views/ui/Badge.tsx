import { styled } from 'styled-components';
import { sc } from './sc';
import { theme } from './theme';

export type BadgeTone = 'neutral' | 'brand' | 'ok' | 'warn' | 'danger';

export const Badge = styled.span.withConfig(sc('Badge'))<{ $tone?: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 10px;
  border-radius: ${theme.radius.pill};
  font-size: 12px;
  font-weight: 600;
  line-height: 18px;
  border: 1px solid
    ${(p) =>
      ({
        neutral: theme.color.line,
        brand: theme.color.brand,
        ok: theme.color.ok,
        warn: theme.color.warn,
        danger: theme.color.danger,
      })[p.$tone ?? 'neutral']};
  color: ${(p) =>
    ({
      neutral: theme.color.muted,
      brand: theme.color.brand,
      ok: theme.color.ok,
      warn: theme.color.warn,
      danger: theme.color.danger,
    })[p.$tone ?? 'neutral']};
  background: ${theme.color.surface};
`;
