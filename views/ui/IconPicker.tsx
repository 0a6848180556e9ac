/**
 * A choice among icons (an award's, a certification's, a license's): a radio group, so it posts its value
 * without JavaScript and is used with the arrow keys. The icons carry no visible names (spec 02 §3); each
 * radio has its name for assistive technology.
 */
import { styled } from 'styled-components';
import { iconName } from '../../src/validation/lists/icons';
import { Icon, type IconName } from './Icon';
import { ErrorText } from './Field';
import { sc } from './sc';
import { theme } from './theme';

const Group = styled.fieldset.withConfig(sc('IconPicker'))`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  & legend {
    padding: 0;
    margin-bottom: ${theme.space[1]};
    font-size: ${theme.font.size.sm};
    font-weight: 600;
    color: ${theme.color.ink};
  }
`;

const Choices = styled.div.withConfig(sc('IconPickerChoices'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[1]};
`;

const Choice = styled.label.withConfig(sc('IconPickerChoice'))`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.control};
  background: ${theme.color.surface};
  color: ${theme.color.muted};
  cursor: pointer;
  & input {
    position: absolute;
    inset: 0;
    margin: 0;
    opacity: 0;
    cursor: pointer;
  }
  &:has(input:checked) {
    border-color: ${theme.color.brand};
    background: ${theme.color.brandTint};
    color: ${theme.color.brand};
    box-shadow: inset 0 0 0 1px ${theme.color.brand};
  }
  &:has(input:focus-visible) {
    outline: 2px solid ${theme.color.brand};
    outline-offset: 2px;
  }
`;

export interface IconPickerProps {
  id: string;
  name: string;
  label: string;
  icons: readonly IconName[];
  value: string;
  error?: string | undefined;
  onChange: (icon: string) => void;
}

export function IconPicker({ id, name, label, icons, value, error, onChange }: IconPickerProps) {
  return (
    <Group id={id} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{label}</legend>
      <Choices>
        {icons.map((icon) => (
          <Choice key={icon} title={iconName(icon)}>
            <input
              type="radio"
              name={name}
              value={icon}
              checked={value === icon}
              aria-label={iconName(icon)}
              onChange={() => onChange(icon)}
            />
            <Icon name={icon} size={20} />
          </Choice>
        ))}
      </Choices>
      {error ? (
        <ErrorText id={`${id}-error`} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </Group>
  );
}
