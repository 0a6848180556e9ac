/**
 * The admin tables' controls as real forms (docs/decisions/confirm-in-place.md, docs/decisions/forms-without-script.md):
 * each posts urlencoded to its page route with a hidden `intent` before its island has loaded (or with script
 * off); once hydrated, `onSubmit` takes over and calls the API instead. What asks first (Delete, Remove) and
 * what opens a form (Create Code, Add) is a native `<details>`, which opens without script.
 */
import type { FormEvent, ReactNode, RefObject, SyntheticEvent } from 'react';
import { styled } from 'styled-components';
import { Button } from './Button';
import { sc } from './sc';
import { theme } from './theme';

type Fields = Record<string, string | number>;

export function HiddenFields({ fields }: { fields: Fields }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** The island's handler: the form's own post is cancelled only once the island has taken it over. */
const takeOver = (onSubmit?: (form: HTMLFormElement) => void) =>
  onSubmit
    ? (e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        onSubmit(e.currentTarget);
      }
    : undefined;

const Inline = styled.form.withConfig(sc('ActionRowForm'))`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
  margin: 0;
`;

/** One row action's form (a switch, a select with its Save, a button); unnamed, so no landmark per row. */
export function RowForm({
  action,
  fields,
  onSubmit,
  children,
}: {
  action: string;
  fields: Fields;
  onSubmit?: (form: HTMLFormElement) => void;
  children: ReactNode;
}) {
  return (
    <Inline method="post" action={action} onSubmit={takeOver(onSubmit)}>
      <HiddenFields fields={fields} />
      {children}
    </Inline>
  );
}

const Disclosure = styled.details.withConfig(sc('ActionDisclosure'))`
  & > summary {
    list-style: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-height: 32px;
    padding: 0 ${theme.space[3]};
    border: 1px solid ${theme.color.danger};
    border-radius: ${theme.radius.control};
    background: ${theme.color.danger};
    color: ${theme.color.white};
    font-size: ${theme.font.size.sm};
    font-weight: 600;
    cursor: pointer;
    white-space: nowrap;
  }
  & > summary::-webkit-details-marker {
    display: none;
  }
  & > summary:focus-visible {
    outline: 2px solid ${theme.color.brand};
    outline-offset: 2px;
  }
  &[open] > summary {
    background: ${theme.color.surface};
    color: ${theme.color.ink};
    border-color: ${theme.color.line};
  }
  &:not([open]) > :not(summary) {
    display: none;
  }
`;

const Ask = styled.div.withConfig(sc('ActionConfirm'))`
  margin-top: ${theme.space[2]};
  padding: ${theme.space[3]};
  max-width: 360px;
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.control};
  background: ${theme.color.surface};
  white-space: normal;
  & p {
    margin: 0 0 ${theme.space[2]};
    font-size: ${theme.font.size.sm};
  }
`;

/**
 * A destructive action that asks first: the summary (`label`) opens the question and its confirming form; tapping
 * the summary again closes it (nothing is done).
 */
export function ConfirmForm({
  label,
  ariaLabel,
  title,
  description,
  confirmLabel,
  action,
  fields,
  disabled,
  onSubmit,
}: {
  label: string;
  ariaLabel: string;
  title: string;
  description: string;
  confirmLabel: string;
  action: string;
  fields: Fields;
  disabled?: boolean;
  onSubmit?: (form: HTMLFormElement) => void;
}) {
  if (disabled) {
    return (
      <Button type="button" $variant="destructive" disabled aria-label={ariaLabel} style={{ minHeight: 32 }}>
        {label}
      </Button>
    );
  }
  return (
    <Disclosure>
      <summary aria-label={ariaLabel}>{label}</summary>
      <Ask role="group" aria-label={title}>
        <p>
          <strong>{title}</strong>
        </p>
        <p>{description}</p>
        <form method="post" action={action} onSubmit={takeOver(onSubmit)}>
          <HiddenFields fields={fields} />
          <Button type="submit" $variant="destructive">
            {confirmLabel}
          </Button>
        </form>
      </Ask>
    </Disclosure>
  );
}

const Opener = styled.details.withConfig(sc('ActionOpener'))`
  flex-basis: 100%;
  & > summary {
    list-style: none;
    display: inline-flex;
    align-items: center;
    min-height: ${theme.controlHeight};
    padding: 0 ${theme.space[4]};
    border-radius: ${theme.radius.control};
    background: ${theme.color.brand};
    color: ${theme.color.white};
    font-weight: 600;
    cursor: pointer;
  }
  & > summary::-webkit-details-marker {
    display: none;
  }
  & > summary:focus-visible {
    outline: 2px solid ${theme.color.brand};
    outline-offset: 2px;
  }
  &[open] > summary {
    background: ${theme.color.surface};
    color: ${theme.color.ink};
    border: 1px solid ${theme.color.line};
  }
  &:not([open]) > :not(summary) {
    display: none;
  }
`;

const OpenerPanel = styled.section.withConfig(sc('ActionOpenerPanel'))`
  margin-top: ${theme.space[3]};
  max-width: 560px;
  padding: ${theme.space[5]};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.card};
  background: ${theme.color.surface};
  & h3 {
    margin: 0;
    font-size: ${theme.font.size.lg};
  }
  & > p {
    margin: ${theme.space[1]} 0 ${theme.space[4]};
    color: ${theme.color.muted};
    font-size: ${theme.font.size.sm};
  }
`;

/**
 * A button that opens a form in place (the spec's Create Code and Add dialogs): `details` is the island's
 * disclosure (islands/lib/useDisclosure.ts) — open when the server shows a refused post's messages in it, when the
 * island opened it, or when the person opened it before the script ran.
 */
export function FormOpener({
  id,
  label,
  title,
  description,
  details,
  children,
}: {
  id: string;
  label: string;
  title: string;
  description: string;
  details: {
    ref: RefObject<HTMLDetailsElement | null>;
    open: boolean;
    onToggle: (e: SyntheticEvent<HTMLDetailsElement>) => void;
  };
  children: ReactNode;
}) {
  return (
    <Opener id={id} {...details}>
      <summary>{label}</summary>
      <OpenerPanel aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`}>{title}</h3>
        <p>{description}</p>
        {children}
      </OpenerPanel>
    </Opener>
  );
}
