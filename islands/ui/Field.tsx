/** Form building blocks shared by every form island: labelled inputs with an error line under them. */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { styled } from 'styled-components';
import { sc } from './sc';
import { Button } from './Button';

// method="post": should someone submit before the island hydrates, nothing (a password!) lands in the URL.
export const Form = styled.form.withConfig(sc('Form')).attrs({ method: 'post' })`
  display: flex;
  flex-direction: column;
  gap: ${(p) => p.theme.space[4]};
`;

const FieldWrap = styled.div.withConfig(sc('FieldWrap'))`
  display: flex;
  flex-direction: column;
  gap: ${(p) => p.theme.space[1]};
`;

export const Label = styled.label.withConfig(sc('FieldLabel'))`
  font-size: ${(p) => p.theme.font.size.sm};
  font-weight: 600;
  color: ${(p) => p.theme.color.ink};
`;

export const Input = styled.input.withConfig(sc('FieldInput'))<{ $invalid?: boolean }>`
  min-height: ${(p) => p.theme.controlHeight};
  width: 100%;
  padding: 0 ${(p) => p.theme.space[3]};
  border: 1px solid ${(p) => (p.$invalid ? p.theme.color.danger : p.theme.color.line)};
  border-radius: ${(p) => p.theme.radius.control};
  background: ${(p) => p.theme.color.surface};
  color: ${(p) => p.theme.color.ink};
  font: inherit;
  &:focus {
    border-color: ${(p) => p.theme.color.brand};
  }
  &:disabled {
    background: ${(p) => p.theme.color.canvas};
    color: ${(p) => p.theme.color.muted};
  }
`;

export const ErrorText = styled.p.withConfig(sc('FieldError'))`
  margin: 0;
  font-size: ${(p) => p.theme.font.size.sm};
  color: ${(p) => p.theme.color.danger};
`;

export const HelpText = styled.p.withConfig(sc('FieldHelp'))`
  margin: 0;
  font-size: ${(p) => p.theme.font.size.sm};
  color: ${(p) => p.theme.color.muted};
`;

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  error?: string | undefined;
  help?: ReactNode;
  /** Rendered inside the field row, after the input (e.g. a show/hide toggle). */
  adornment?: ReactNode;
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
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const describedBy = [error ? errorId : null, help ? helpId : null].filter(Boolean).join(' ') || undefined;
  return (
    <FieldWrap>
      <Label htmlFor={id}>{label}</Label>
      <InputRow>
        <Input
          id={id}
          name={id}
          $invalid={Boolean(error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {adornment}
      </InputRow>
      {help ? <HelpText id={helpId}>{help}</HelpText> : null}
      {error ? (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </FieldWrap>
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

/** The e-mail input every account form uses. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  return <TextField label="Email" type="email" autoComplete="email" placeholder="you@department.gov" {...props} />;
}
