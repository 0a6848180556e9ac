/**
 * The field components every form uses (spread a binder from the form hook, useForm, onto them): TextField,
 * EmailField, TextArea, Select, Checkbox, TagList, plus Form, FormAlert and SubmitButton. Each field is a
 * labelled control with its help and error lines tied to it by aria-describedby.
 */
import {
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { css, styled } from 'styled-components';
import { sc } from './sc';
import { Button } from './Button';
import { useTypedValue } from './typedBeforeHydration';
import { theme } from './theme';

/**
 * Every form is a real form: method="post" to its page route (`action`), urlencoded, handled by the server
 * without JavaScript (src/http/formAction.ts); once the island hydrates its onSubmit takes over.
 * noValidate: the server's (and then the island's) messages are the spec's, not the browser's.
 */
export const Form = styled.form.withConfig(sc('Form')).attrs({ method: 'post', noValidate: true })`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]};
`;

export const FieldWrap = styled.div.withConfig(sc('FieldWrap'))`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[1]};
`;

export const Label = styled.label.withConfig(sc('FieldLabel'))`
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  color: ${theme.color.ink};
`;

/**
 * The one look of a text input, select and textarea (the Combobox's input and the admin tables' inline select
 * too): the box, its border (red when invalid), colours and the page's font. Each control adds only its size.
 */
export const controlBox = css<{ $invalid?: boolean }>`
  width: 100%;
  border: 1px solid ${(p) => (p.$invalid ? theme.color.danger : theme.color.line)};
  border-radius: ${theme.radius.control};
  background: ${theme.color.surface};
  color: ${theme.color.ink};
  font: inherit;
`;

export const Input = styled.input.withConfig(sc('FieldInput'))<{ $invalid?: boolean }>`
  ${controlBox}
  min-height: ${theme.controlHeight};
  padding: 0 ${theme.space[3]};
  &:focus {
    border-color: ${theme.color.brand};
  }
  &:disabled {
    background: ${theme.color.canvas};
    color: ${theme.color.muted};
  }
`;

export const ErrorText = styled.p.withConfig(sc('FieldError'))`
  margin: 0;
  font-size: ${theme.font.size.sm};
  color: ${theme.color.danger};
`;

export const HelpText = styled.p.withConfig(sc('FieldHelp'))`
  margin: 0;
  font-size: ${theme.font.size.sm};
  color: ${theme.color.muted};
`;

const Count = styled.span.withConfig(sc('FieldCount'))<{ $over: boolean }>`
  ${(p) => (p.$over ? `color: ${theme.color.danger}; font-weight: 600;` : '')}
`;

/**
 * A text's length against its limit ("600/500 characters"), in the error colour past it: a limit is shown,
 * never applied by cutting what was typed (no maxLength); the schema's message refuses the save.
 */
export function CharacterCount({ length, max }: { length: number; max: number }) {
  return (
    <Count $over={length > max} data-testid="character-count" data-over={length > max || undefined}>
      {`${length}/${max} characters`}
    </Count>
  );
}

interface FieldChrome {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  help?: ReactNode;
}

function describedBy(id: string, error: unknown, help: unknown): string | undefined {
  return [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ') || undefined;
}

/** What every control carries: its id, the invalid style and state, and the lines that describe it. */
function controlProps(id: string, error: unknown, help: unknown) {
  return {
    id,
    $invalid: Boolean(error),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, help),
  } as const;
}

/** Label above, help and error below: the frame shared by every field. */
function FieldFrame({ id, label, error, help, children }: FieldChrome & { children: ReactNode }) {
  return (
    <FieldWrap>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {help ? <HelpText id={`${id}-help`}>{help}</HelpText> : null}
      {error ? (
        <ErrorText id={`${id}-error`} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </FieldWrap>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>, FieldChrome {
  /** Rendered inside the field row, after the input (e.g. a show/hide toggle). */
  adornment?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

const InputRow = styled.div.withConfig(sc('FieldInputRow'))`
  position: relative;
  display: flex;
  align-items: center;
  & > button {
    position: absolute;
    right: 4px;
  }
`;

export function TextField({ id, label, error, help, adornment, ...input }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} help={help}>
      <InputRow>
        <Input {...controlProps(id, error, help)} {...input} />
        {adornment}
      </InputRow>
    </FieldFrame>
  );
}

/** The e-mail input every account form uses. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'> & { label?: string }) {
  return <TextField label="Email" type="email" autoComplete="email" placeholder="you@department.gov" {...props} />;
}

const TextAreaInput = styled.textarea.withConfig(sc('FieldTextArea'))<{ $invalid?: boolean }>`
  ${controlBox}
  min-height: 96px;
  padding: ${theme.space[2]} ${theme.space[3]};
  resize: vertical;
`;

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>, FieldChrome {}

export function TextArea({ id, label, error, help, ...textarea }: TextAreaProps) {
  return (
    <FieldFrame id={id} label={label} error={error} help={help}>
      <TextAreaInput {...controlProps(id, error, help)} {...textarea} />
    </FieldFrame>
  );
}

const SelectInput = styled.select.withConfig(sc('FieldSelect'))<{ $invalid?: boolean }>`
  ${controlBox}
  min-height: ${theme.controlHeight};
  padding: 0 ${theme.space[3]};
`;

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>, FieldChrome {
  options: ReadonlyArray<{ value: string; label: string }>;
}

export function Select({ id, label, error, help, options, ...select }: SelectProps) {
  return (
    <FieldFrame id={id} label={label} error={error} help={help}>
      <SelectInput {...controlProps(id, error, help)} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectInput>
    </FieldFrame>
  );
}

const CheckboxRow = styled.div.withConfig(sc('FieldCheckboxRow'))`
  display: flex;
  align-items: center;
  gap: ${theme.space[2]};
  input {
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: ${theme.color.brand};
  }
`;

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>, FieldChrome {}

/** A checkbox posts "true" when checked (and nothing when not): yup's boolean() reads both. */
export function Checkbox({ id, label, error, help, ...input }: CheckboxProps) {
  return (
    <FieldWrap>
      <CheckboxRow>
        <input
          id={id}
          type="checkbox"
          value="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, help)}
          {...input}
        />
        <Label htmlFor={id}>{label}</Label>
      </CheckboxRow>
      {help ? <HelpText id={`${id}-help`}>{help}</HelpText> : null}
      {error ? (
        <ErrorText id={`${id}-error`} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </FieldWrap>
  );
}

const Tags = styled.ul.withConfig(sc('FieldTags'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[1]};
  margin: 0;
  padding: 0;
  list-style: none;
  &:empty {
    display: none;
  }
`;

const Tag = styled.li.withConfig(sc('FieldTag'))`
  display: inline-flex;
  align-items: center;
  gap: 2px;
  padding: 2px 4px 2px 10px;
  border-radius: ${theme.radius.pill};
  background: ${theme.color.brandTint};
  font-size: ${theme.font.size.sm};
  button {
    border: 0;
    background: transparent;
    color: inherit;
    font: inherit;
    line-height: 1;
    padding: 2px 6px;
    cursor: pointer;
  }
`;

export interface TagListProps extends FieldChrome {
  name: string;
  tags: readonly string[];
  onAdd: (tag: string) => void;
  onRemove: (tag: string) => void;
  onBlur?: () => void;
  placeholder?: string;
}

/**
 * A list of tags: type one and press Enter to add it (trimmed, duplicates ignored; Enter never submits the
 * form). Each tag also travels as a hidden input named `name`, so a plain post carries the list — and so does
 * the text being typed (a post without JavaScript adds it; a blank one is dropped by the schema).
 */
export function TagList({ id, name, label, error, help, tags, onAdd, onRemove, onBlur, placeholder }: TagListProps) {
  const [draft, setDraft] = useState('');
  // A tag typed before the island hydrated stays in the box.
  useTypedValue(id, setDraft);
  return (
    <FieldFrame id={id} label={label} error={error} help={help}>
      <Tags aria-label="Added">
        {tags.map((tag) => (
          <Tag key={tag}>
            {tag}
            <button type="button" aria-label={`Remove ${tag}`} onClick={() => onRemove(tag)}>
              ×
            </button>
            <input type="hidden" name={name} value={tag} />
          </Tag>
        ))}
      </Tags>
      <Input
        id={id}
        name={name}
        value={draft}
        placeholder={placeholder ?? 'Type and press Enter'}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, help)}
        onBlur={onBlur}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          onAdd(draft);
          setDraft('');
        }}
      />
    </FieldFrame>
  );
}

const Alert = styled.div.withConfig(sc('FormAlert'))`
  padding: ${theme.space[3]};
  border: 1px solid ${theme.color.danger};
  border-radius: ${theme.radius.control};
  color: ${theme.color.danger};
  font-size: ${theme.font.size.sm};
  strong {
    display: block;
  }
`;

/** The form's own failure (not a field's): the server's message under the spec's title. */
export function FormAlert({ error }: { error: { title: string; message: string } | null | undefined }) {
  if (!error) return null;
  return (
    <Alert role="alert" data-testid="form-alert">
      <strong>{error.title}</strong>
      {error.message}
    </Alert>
  );
}

/** A form's submit button: disabled with a progress label while the request runs. */
export function SubmitButton({
  pending,
  label,
  busyLabel,
  block,
}: {
  pending: boolean;
  label: string;
  busyLabel: string;
  block?: boolean;
}) {
  const button = (
    <Button type="submit" $block={block} disabled={pending} aria-busy={pending || undefined}>
      {pending ? busyLabel : label}
    </Button>
  );
  return block ? button : <div>{button}</div>;
}

/** Fields side by side where there is room (two or more columns), stacked on phones. */
export const FieldGrid = styled.div.withConfig(sc('FieldGrid'))`
  display: grid;
  gap: ${theme.space[4]};
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
`;

/** A titled group of fields (a fieldset whose legend is the title). */
export const FieldGroup = styled.fieldset.withConfig(sc('FieldGroup'))`
  border: 0;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  & legend {
    padding: 0;
    margin-bottom: ${theme.space[2]};
    font-weight: 700;
  }
  & > p {
    margin: 0; /* the group's gap spaces it */
  }
`;
