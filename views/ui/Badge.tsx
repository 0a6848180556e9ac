import { styled } from 'styled-components';
import { sc } from './sc';

export type BadgeTone = 'neutral' | 'brand' | 'ok' | 'warn' | 'danger';

export const Badge = styled.span.withConfig(sc('Badge'))<{ $tone?: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 10px;
  border-radius: ${(p) => p.theme.radius.pill};
  font-size: 12px;
  font-weight: 600;
  line-height: 18px;
  border: 1px solid
    ${(p) =>
      ({
        neutral: p.theme.color.line,
        brand: p.theme.color.brand,
        ok: p.theme.color.ok,
        warn: p.theme.color.warn,
        danger: p.theme.color.danger,
      })[p.$tone ?? 'neutral']};
  color: ${(p) =>
    ({
      neutral: p.theme.color.muted,
      brand: p.theme.color.brand,
      ok: p.theme.color.ok,
      warn: p.theme.color.warn,
      danger: p.theme.color.danger,
    })[p.$tone ?? 'neutral']};
  background: ${(p) => p.theme.color.surface};
`;
