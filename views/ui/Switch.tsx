/** An on/off switch, the switch's track and knob for a labelled switch, and a compact inline select. */
import { styled } from 'styled-components';
import { controlBox } from './Field';
import { sc } from './sc';
import { theme } from './theme';

const SwitchBox = styled.button.withConfig(sc('AdminSwitch'))<{ $on: boolean }>`
  position: relative;
  width: 44px;
  height: 24px;
  flex: none;
  border-radius: ${theme.radius.pill};
  border: 1px solid ${(p) => (p.$on ? theme.color.ok : theme.color.muted)};
  background: ${(p) => (p.$on ? theme.color.ok : theme.color.line)};
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
    background: ${theme.color.white};
    transition: left 0.15s;
  }
  &:focus-visible {
    outline: 2px solid ${theme.color.brand};
    outline-offset: 2px;
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

/**
 * The track and knob of a switch that carries its own words (the profile's visibility switch: "Hidden" /
 * "Public"), drawn inside the control (`aria-hidden`): the knob sits left on a slate track when off and right on
 * a green one when on, both at least 3:1 against the control's white face and the knob against its track.
 */
export const SwitchTrack = styled.span.withConfig(sc('SwitchTrack'))<{ $on: boolean }>`
  position: relative;
  flex: none;
  width: 34px;
  height: 20px;
  border-radius: ${theme.radius.pill};
  background: ${(p) => (p.$on ? theme.color.ok : theme.color.muted)};
  &::after {
    content: '';
    position: absolute;
    top: 3px;
    left: ${(p) => (p.$on ? '17px' : '3px')};
    width: 14px;
    height: 14px;
    border-radius: 50%;
    background: ${theme.color.white};
    box-shadow: 0 1px 2px rgba(0, 0, 0, 0.35);
  }
`;

/**
 * An on/off switch (role="switch"); the label names what it switches. Without `onChange` it is its form's submit
 * button (the form posts the next state, and its island's onSubmit takes over once hydrated).
 */
export function Switch({
  checked,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  onChange?: (next: boolean) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <SwitchBox
      type={onChange ? 'button' : 'submit'}
      role="switch"
      aria-checked={checked}
      aria-label={label}
      $on={checked}
      disabled={disabled}
      onClick={onChange ? () => onChange(!checked) : undefined}
    />
  );
}

export const InlineSelect = styled.select.withConfig(sc('AdminInlineSelect'))<{ $invalid?: boolean }>`
  ${controlBox}
  width: auto;
  min-height: 32px;
  padding: 0 ${theme.space[2]};
  font-size: ${theme.font.size.sm};
`;
