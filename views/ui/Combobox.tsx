/**
 * An accessible combobox (the ARIA 1.2 "combobox with listbox popup" pattern) for search-and-choose fields:
 * departments today; skills, gear and certifications next. The caller owns the text and the options (it
 * searches); this component owns the popup and the keyboard:
 * - the input is role=combobox with aria-expanded, aria-controls (the listbox, which always exists) and
 *   aria-activedescendant (the highlighted option);
 * - ArrowDown/ArrowUp move through the options and wrap, Home/End jump to the first/last while the popup is
 *   open, Enter chooses the highlighted option, Escape closes the popup and, pressed again, clears the text;
 * - Enter never submits a surrounding form; clicking an option keeps focus in the input;
 * - a polite live region announces `status` (e.g. "3 departments found").
 *
 *   <Combobox label="Skill" inputValue={text} onInputChange={setText} options={results}
 *     optionKey={(s) => s.id} renderOption={(s) => s.name} onSelect={choose}
 *     popup={text.length >= 2} message={results.length ? null : 'No skills found'} status={...} />
 */
import { useEffect, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useId } from './useId';
import { styled } from 'styled-components';
import { controlBox, Label } from './Field';
import { sc } from './sc';
import { useTypedValue } from './typedBeforeHydration';
import { theme } from './theme';

const Wrap = styled.div.withConfig(sc('ComboboxWrap'))`
  position: relative;
`;

const SearchIcon = styled.svg.withConfig(sc('ComboboxSearchIcon'))`
  position: absolute;
  left: 12px;
  top: 50%;
  transform: translateY(-50%);
  color: ${theme.color.muted};
  pointer-events: none;
`;

const Input = styled.input.withConfig(sc('ComboboxInput'))<{ $invalid?: boolean }>`
  ${controlBox}
  min-height: ${theme.controlHeight};
  padding: 0 ${theme.space[3]} 0 36px;
  font-size: ${theme.font.size.md};
  &::placeholder {
    color: ${theme.color.muted};
  }
  &:focus {
    outline: 2px solid ${theme.color.brand};
    outline-offset: 2px;
    border-color: ${theme.color.brand};
  }
  &:disabled {
    opacity: 0.6;
  }
`;

const Popup = styled.div.withConfig(sc('ComboboxPopup'))`
  position: absolute;
  top: calc(100% + 4px);
  left: 0;
  right: 0;
  z-index: 40;
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.control};
  box-shadow: 0 12px 32px rgba(31, 35, 40, 0.14);
  overflow: hidden;
`;

const Listbox = styled.ul.withConfig(sc('ComboboxListbox'))`
  list-style: none;
  margin: 0;
  padding: ${theme.space[1]};
  max-height: 15rem;
  overflow-y: auto;
  overscroll-behavior: contain;
`;

const Option = styled.li.withConfig(sc('ComboboxOption'))<{ $active: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: ${theme.space[2]} ${theme.space[3]};
  border-radius: 6px;
  cursor: pointer;
  background: ${(p) => (p.$active ? theme.color.brandTint : 'transparent')};
  box-shadow: ${(p) => (p.$active ? `inset 3px 0 0 ${theme.color.brand}` : 'none')};
  &:hover {
    background: ${theme.color.brandTint};
  }
`;

const Message = styled.div.withConfig(sc('ComboboxMessage'))<{ $error?: boolean }>`
  padding: ${theme.space[3]} ${theme.space[4]};
  font-size: ${theme.font.size.sm};
  color: ${(p) => (p.$error ? theme.color.danger : theme.color.muted)};
`;

const Footer = styled.div.withConfig(sc('ComboboxFooter'))`
  border-top: 1px solid ${theme.color.line};
  padding: ${theme.space[1]};
`;

export const RequiredMark = styled.span.withConfig(sc('RequiredMark'))`
  color: ${theme.color.danger};
  margin-left: 2px;
`;

export const VisuallyHidden = styled.div.withConfig(sc('VisuallyHidden'))`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

export interface ComboboxProps<T> {
  label: ReactNode;
  required?: boolean;
  placeholder?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** The text in the input (the caller searches with it). */
  inputValue: string;
  onInputChange: (text: string) => void;
  options: readonly T[];
  optionKey: (option: T) => string | number;
  renderOption: (option: T) => ReactNode;
  onSelect: (option: T) => void;
  /** Whether the popup may open at all (e.g. the text is long enough to search). */
  popup: boolean;
  /** Shown in the popup instead of options (Searching…, no results, a failure). */
  message?: { text: ReactNode; error?: boolean } | null;
  /** Announced to screen readers while the popup is open. */
  status?: string;
  /** Below the options inside the popup (e.g. "Add a new …"). */
  footer?: ReactNode;
  /** Prefix for data-testid hooks of the parts (`${testId}-message`). */
  testId?: string;
  /** The id of a message about the field (its error), read with the input. */
  describedBy?: string;
  /** The input's id (a form field's own, so its label and typed-before-hydration record match); default generated. */
  id?: string;
  /** The input's form name: set, the typed text posts with a plain form (no JavaScript). */
  name?: string;
  /** After the input loses focus (an inline editor saves the text then). */
  onBlur?: () => void;
}

export function Combobox<T>({
  label,
  required = false,
  placeholder,
  disabled = false,
  inputRef,
  inputValue,
  onInputChange,
  options,
  optionKey,
  renderOption,
  onSelect,
  popup,
  message = null,
  status = '',
  footer = null,
  testId = 'combobox',
  describedBy,
  id,
  name,
  onBlur,
}: ComboboxProps<T>) {
  const ids = useId();
  const inputId = id ?? `${ids}-input`;
  const labelId = `${ids}-label`;
  const listId = `${ids}-listbox`;
  const optionId = (option: T) => `${ids}-option-${optionKey(option)}`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Text typed before the island hydrated is the caller's text from then on.
  useTypedValue(inputId, onInputChange);

  const showPopup = open && popup;
  const activeOption = showPopup && active >= 0 ? options[active] : undefined;
  const activeOptionId = activeOption !== undefined ? optionId(activeOption) : undefined;

  // A new option list starts with nothing highlighted.
  const optionsKey = options.map(optionKey).join(',');
  useEffect(() => setActive(-1), [optionsKey]);

  // Keep the highlighted option in view inside the scrolling list.
  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' });
  }, [activeOptionId]);

  function choose(option: T) {
    onSelect(option);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) setOpen(true);
        if (options.length) setActive((i) => (i + 1) % options.length);
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (!open) setOpen(true);
        if (options.length) setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
        break;
      case 'Home':
      case 'End':
        if (showPopup && options.length) {
          e.preventDefault();
          setActive(e.key === 'Home' ? 0 : options.length - 1);
        }
        break;
      case 'Enter':
        e.preventDefault(); // never submits a surrounding form
        if (activeOption !== undefined) choose(activeOption);
        break;
      case 'Escape':
        if (showPopup) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (inputValue) {
          e.preventDefault();
          onInputChange('');
        }
        break;
      default:
        break;
    }
  }

  return (
    <>
      <Label htmlFor={inputId} id={labelId}>
        {label}
        {required ? <RequiredMark aria-hidden="true">*</RequiredMark> : null}
      </Label>
      <Wrap>
        <SearchIcon
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </SearchIcon>
        <Input
          ref={inputRef}
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          aria-expanded={showPopup}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-haspopup="listbox"
          aria-required={required || undefined}
          aria-invalid={describedBy ? true : undefined}
          aria-describedby={describedBy}
          aria-activedescendant={activeOptionId}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          disabled={disabled}
          value={inputValue}
          onChange={(e) => {
            onInputChange(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
        />
        {showPopup ? (
          <Popup onMouseDown={(e) => e.preventDefault() /* keep focus in the input */}>
            {message ? (
              <Message
                role={message.error ? 'alert' : undefined}
                $error={message.error}
                data-testid={`${testId}-message`}
              >
                {message.text}
              </Message>
            ) : null}
            <Listbox id={listId} role="listbox" aria-labelledby={labelId} hidden={options.length === 0}>
              {options.map((option, index) => (
                <Option
                  key={optionKey(option)}
                  id={optionId(option)}
                  role="option"
                  aria-selected={index === active}
                  $active={index === active}
                  onMouseMove={() => setActive(index)}
                  onClick={() => choose(option)}
                >
                  {renderOption(option)}
                </Option>
              ))}
            </Listbox>
            {footer ? <Footer>{footer}</Footer> : null}
          </Popup>
        ) : (
          // aria-controls must name an element that exists even while the popup is closed.
          <Listbox id={listId} role="listbox" aria-labelledby={labelId} hidden />
        )}
        <VisuallyHidden role="status" aria-live="polite">
          {showPopup ? status : ''}
        </VisuallyHidden>
      </Wrap>
    </>
  );
}
