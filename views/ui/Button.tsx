import { styled, css } from 'styled-components';
import { sc } from './sc';

export type ButtonVariant = 'primary' | 'secondary' | 'destructive' | 'ghost' | 'onBrand';

const variants = {
  primary: css`
    background: ${(p) => p.theme.color.brand};
    color: ${(p) => p.theme.color.white};
    border-color: ${(p) => p.theme.color.brand};
    &:hover {
      background: ${(p) => p.theme.color.brandDark};
      border-color: ${(p) => p.theme.color.brandDark};
    }
  `,
  secondary: css`
    background: ${(p) => p.theme.color.surface};
    color: ${(p) => p.theme.color.ink};
    border-color: ${(p) => p.theme.color.line};
    &:hover {
      border-color: ${(p) => p.theme.color.muted};
    }
  `,
  destructive: css`
    background: ${(p) => p.theme.color.danger};
    color: ${(p) => p.theme.color.white};
    border-color: ${(p) => p.theme.color.danger};
  `,
  ghost: css`
    background: transparent;
    color: ${(p) => p.theme.color.ink};
    border-color: transparent;
    &:hover {
      background: ${(p) => p.theme.color.brandTint};
    }
  `,
  onBrand: css`
    background: transparent;
    color: ${(p) => p.theme.color.white};
    border-color: rgba(255, 255, 255, 0.7);
    &:hover {
      background: rgba(255, 255, 255, 0.12);
    }
  `,
};

const base = css<{ $variant?: ButtonVariant; $block?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${(p) => p.theme.space[2]};
  min-height: ${(p) => p.theme.controlHeight};
  padding: 0 ${(p) => p.theme.space[4]};
  border: 1px solid transparent;
  border-radius: ${(p) => p.theme.radius.control};
  font: inherit;
  font-size: ${(p) => p.theme.font.size.md};
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  white-space: nowrap;
  width: ${(p) => (p.$block ? '100%' : 'auto')};
  ${(p) => variants[p.$variant ?? 'primary']}
  &:focus-visible {
    outline: 2px solid ${(p) => (p.$variant === 'onBrand' ? p.theme.color.white : p.theme.color.brand)};
    outline-offset: 2px;
  }
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

export const Button = styled.button.withConfig(sc('Button'))<{ $variant?: ButtonVariant; $block?: boolean }>`
  ${base}
`;

export const ButtonLink = styled.a.withConfig(sc('ButtonLink'))<{ $variant?: ButtonVariant; $block?: boolean }>`
  ${base}
`;
