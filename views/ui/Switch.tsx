/** An on/off switch and a compact inline select. */
import { styled } from 'styled-components';
import { controlBox } from './Field';
import { sc } from './sc';

const SwitchBox = styled.button.withConfig(sc('AdminSwitch'))<{ $on: boolean }>`
  position: relative;
  width: 44px;
  height: 24px;
  flex: none;
  border-radius: ${(p) => p.theme.radius.pill};
  border: 1px solid ${(p) => (p.$on ? p.theme.color.ok : p.theme.color.muted)};
  background: ${(p) => (p.$on ? p.theme.color.ok : p.theme.color.line)};
  cursor: pointer;
  padding: 0;
  &::after {
    content: '';
    position: absolute;
    top: 2px;
    left: ${(p) => (p.$on ? '22px' : '2px')};
    width: 18px;
    height: 18px;
    border-radius: 50%;
    background: ${(p) => p.theme.color.white};
    transition: left 0.15s;
  }
  &:focus-visible {
    outline: 2px solid ${(p) => p.theme.color.brand};
    outline-offset: 2px;
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

/** An on/off switch (role="switch"); the label names what it switches. */
export function Switch({
  checked,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <SwitchBox
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      $on={checked}
      disabled={disabled}
      onClick={() => onChange(!checked)}
    />
  );
}

export const InlineSelect = styled.select.withConfig(sc('AdminInlineSelect'))<{ $invalid?: boolean }>`
  ${controlBox}
  width: auto;
  min-height: 32px;
  padding: 0 ${(p) => p.theme.space[2]};
  font-size: ${(p) => p.theme.font.size.sm};
`;
