import { styled, css } from 'styled-components';
import { sc } from './sc';
import { theme } from './theme';

export type ButtonVariant = 'primary' | 'secondary' | 'destructive' | 'ghost' | 'onBrand';

const variants = {
  primary: css`
    background: ${theme.color.brand};
    color: ${theme.color.white};
    border-color: ${theme.color.brand};
    &:hover {
      background: ${theme.color.brandDark};
      border-color: ${theme.color.brandDark};
    }
  `,
  secondary: css`
    background: ${theme.color.surface};
    color: ${theme.color.ink};
    border-color: ${theme.color.line};
    &:hover {
      border-color: ${theme.color.muted};
    }
  `,
  destructive: css`
    background: ${theme.color.danger};
    color: ${theme.color.white};
    border-color: ${theme.color.danger};
  `,
  ghost: css`
    background: transparent;
    color: ${theme.color.ink};
    border-color: transparent;
    &:hover {
      background: ${theme.color.brandTint};
    }
  `,
  onBrand: css`
    background: transparent;
    color: ${theme.color.white};
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
  gap: ${theme.space[2]};
  min-height: ${theme.controlHeight};
  padding: 0 ${theme.space[4]};
  border: 1px solid transparent;
  border-radius: ${theme.radius.control};
  font: inherit;
  font-size: ${theme.font.size.md};
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  white-space: nowrap;
  width: ${(p) => (p.$block ? '100%' : 'auto')};
  ${(p) => variants[p.$variant ?? 'primary']}
  &:focus-visible {
    outline: 2px solid ${(p) => (p.$variant === 'onBrand' ? theme.color.white : theme.color.brand)};
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

/**
 * A `<details>`' summary drawn as an outlined (secondary) button: "Add …", the Add menu, Share. Put inside the
 * details' styles; the hover colour is the caller's.
 */
export const summaryAsButton = css`
  & > summary {
    display: inline-flex;
    align-items: center;
    gap: ${theme.space[2]};
    min-height: ${theme.controlHeight};
    padding: 0 ${theme.space[4]};
    border: 1px solid ${theme.color.line};
    border-radius: ${theme.radius.control};
    background: ${theme.color.surface};
    color: ${theme.color.ink};
    font-weight: 600;
    cursor: pointer;
    list-style: none;
  }
  & > summary::-webkit-details-marker {
    display: none;
  }
  & > summary:focus-visible {
    outline: 2px solid ${theme.color.brand};
    outline-offset: 2px;
  }
`;
