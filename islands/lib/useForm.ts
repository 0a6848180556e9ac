/**
 * Form state for islands, driven by the shared yup schema (src/validation):
 * - values typed from the schema (`InferType`), seeded from `initial` and, after a failed no-JS post, from the
 *   server's `state` (so the hydrated form shows what the server rendered);
 * - each field's id comes from the kit's `useId()` (views/ui/useId.ts; `${formId}-${name}`), so two forms with a `title` field on one
 *   page never share an id; the `name` attribute stays the schema's key (it is what a no-JS post sends);
 * - a field's message shows once it was touched (blurred) — past a length limit at once, the text never cut —,
 *   every message on submit, and the server's per-field
 *   messages (a 400/409 answer, or the re-rendered page) until that field is edited;
 * - what the person typed before the island hydrated becomes the field's value right after hydration
 *   (views/ui/typedBeforeHydration.ts), never the server's; a field already left counts as touched.
 *
 * Binders spread onto the field components of views/ui/Field.tsx:
 *   <TextField label="Email" {...form.text('email')} />   <Select {...form.select('role')} />
 *   <TextField type="number" {...form.number('maxUses')} /> <Checkbox {...form.checkbox('isActive')} />
 *   <TagList {...form.tags('tags')} />
 */
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useId } from '../../views/ui/useId';
import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { fieldMessages } from '../../src/validation/errors';
import type { FormErrorJson, FormState } from '../../src/validation/forms';
import { useTypedBeforeHydration, type ControlValue } from '../../views/ui/typedBeforeHydration';
import { ApiError } from './api';

type Errors = Record<string, string>;
type KeyOf<S extends AnyObjectSchema> = keyof InferType<S> & string;

/** Whether a message's path (`endorsements[0].endorserName`) is about a field (`endorsements`). */
const underField = (path: string, name: string) =>
  path === name || path.startsWith(`${name}[`) || path.startsWith(`${name}.`);

/** What an input shows for a stored value. */
export const shown = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** Adds a tag to a list: trimmed, blank and duplicate (case-insensitive) tags ignored (spec 02 §5 "Tags"). */
export function addTag(tags: readonly string[], tag: string): string[] {
  const trimmed = tag.trim();
  if (!trimmed || tags.some((t) => t.toLowerCase() === trimmed.toLowerCase())) return [...tags];
  return [...tags, trimmed];
}

export interface FieldBinding {
  id: string;
  name: string;
  error: string | undefined;
  onBlur: () => void;
}

export interface UseFormOptions {
  /** The server's answer to a failed no-JS post of this form (the page passes it through the island's props). */
  state?: FormState | null;
  /**
   * Right after hydration, with the fields whose values were typed (or chosen) before it and were adopted;
   * `left` are those without the focus (an inline editor saves them, as leaving them would have).
   */
  onTypedBeforeHydration?: (names: string[], left: string[]) => void;
}

export function useForm<S extends AnyObjectSchema>(schema: S, initial: InferType<S>, options: UseFormOptions = {}) {
  type V = InferType<S>;
  const formId = useId();
  const server = options.state ?? null;
  const [values, setValuesState] = useState<V>(() => ({ ...initial, ...(server?.values ?? {}) }) as V);
  // The values as last set, ahead of the render: two changes in one handler, or a change made after a save
  // came back, build on each other instead of on the values this render saw.
  const latest = useRef(values);
  const store = (next: V) => {
    latest.current = next;
    setValuesState(next);
  };
  const [clientErrors, setClientErrors] = useState<Errors>({});
  const [serverErrors, setServerErrors] = useState<Errors>(server?.errors ?? {});
  // Which fields were touched: read only when the shown messages are computed, which always follows a change.
  const touched = useRef<Record<string, boolean>>({});
  const [formError, setFormError] = useState<FormErrorJson | null>(server?.error ?? null);
  // Fields bound as numbers: an emptied one is undefined, not ''.
  const numberFields = useRef(new Set<string>());

  /** Every field's message, and the paths past a limit (`max`): those show as soon as they are. */
  const check = (next: V): { all: Errors; limits: Set<string> } => {
    try {
      schema.validateSync(next, { abortEarly: false });
      return { all: {}, limits: new Set() };
    } catch (error) {
      const inner = error instanceof ValidationError ? error.inner : [];
      return { all: fieldMessages(error), limits: new Set(inner.filter((e) => e.type === 'max').map((e) => e.path!)) };
    }
  };
  const validateAll = (next: V): Errors => check(next).all;

  const shownFor = (next: V, nextTouched: Record<string, boolean>): Errors => {
    const { all, limits } = check(next);
    // A nested list's messages (`rows[0].name`) show once its field (`rows`) was touched; text past its limit
    // says so at once (the text is never cut).
    return Object.fromEntries(
      Object.entries(all).filter(([key]) => nextTouched[key.split(/[.[]/)[0]!] || limits.has(key)),
    );
  };

  const setValue = <K extends KeyOf<S>>(name: K, value: V[K]) => {
    const next = { ...latest.current, [name]: value } as V;
    store(next);
    setClientErrors(shownFor(next, touched.current));
    // The server's messages about this field (a nested list's rows too) were about what it was before.
    setServerErrors((prev) =>
      Object.keys(prev).some((path) => underField(path, name))
        ? Object.fromEntries(Object.entries(prev).filter(([path]) => !underField(path, name)))
        : prev,
    );
  };

  /** Replaces every value (e.g. with what the server saved); messages are cleared. */
  const setValues = (next: V) => {
    store(next);
    setClientErrors({});
    setServerErrors({});
    touched.current = {};
  };

  /** Shows a field's messages from now on (what leaving it does; a choice saved on change does it at once). */
  const touch = (name: KeyOf<S>) => {
    touched.current = { ...touched.current, [name]: true };
    setClientErrors(shownFor(latest.current, touched.current));
  };

  const idFor = (name: string) => `${formId}-${name}`;

  /** A control's typed value as this form holds it (null: not this form's to adopt). */
  const adoptable = (name: string, typed: ControlValue): { value: unknown } | null => {
    // A tag list's control is the tag being typed (the TagList's own); nested rows are not adopted.
    if (Array.isArray((latest.current as Record<string, unknown>)[name])) return null;
    return { value: typed === '' && numberFields.current.has(name) ? undefined : typed };
  };

  useTypedBeforeHydration((typedValue, hasFocus) => {
    const adopted: string[] = [];
    let next = latest.current as Record<string, unknown>;
    for (const name of Object.keys(schema.fields)) {
      const typed = typedValue(idFor(name));
      if (typed === undefined) continue;
      const adopt = adoptable(name, typed);
      if (!adopt) continue;
      next = { ...next, [name]: adopt.value };
      adopted.push(name);
    }
    if (adopted.length === 0) return;
    const left = adopted.filter((name) => !hasFocus(idFor(name)));
    for (const name of left) touched.current = { ...touched.current, [name]: true };
    store(next as V);
    setClientErrors(shownFor(next as V, touched.current));
    setServerErrors((prev) =>
      Object.fromEntries(Object.entries(prev).filter(([path]) => !adopted.some((name) => underField(path, name)))),
    );
    options.onTypedBeforeHydration?.(adopted, left);
  });
  const errorFor = (name: string): string | undefined => clientErrors[name] ?? serverErrors[name];

  const base = (name: KeyOf<S>): FieldBinding => ({
    id: idFor(name),
    name,
    error: errorFor(name),
    onBlur: () => touch(name),
  });

  /** A text input, e-mail input, textarea or select: the value is a string. */
  const text = (name: KeyOf<S>) => ({
    ...base(name),
    value: String((values as Record<string, unknown>)[name] ?? ''),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValue(name, e.target.value as V[typeof name]),
  });

  /** A number input: held as typed (the schema casts it); empty is undefined. */
  const number = (name: KeyOf<S>) => {
    numberFields.current.add(name);
    return {
      ...base(name),
      type: 'number' as const,
      inputMode: 'numeric' as const,
      value: String((values as Record<string, unknown>)[name] ?? ''),
      onChange: (e: ChangeEvent<HTMLInputElement>) =>
        setValue(name, (e.target.value === '' ? undefined : e.target.value) as V[typeof name]),
    };
  };

  const checkbox = (name: KeyOf<S>) => {
    const raw = (values as Record<string, unknown>)[name];
    return {
      ...base(name),
      checked: raw === true || raw === 'true',
      onChange: (e: ChangeEvent<HTMLInputElement>) => setValue(name, e.target.checked as V[typeof name]),
    };
  };

  const tags = (name: KeyOf<S>) => {
    const raw = (values as Record<string, unknown>)[name];
    const list = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' && raw ? [raw] : [];
    return {
      ...base(name),
      tags: list,
      onAdd: (tag: string) => setValue(name, addTag(list, tag) as V[typeof name]),
      onRemove: (tag: string) => setValue(name, list.filter((t) => t !== tag) as V[typeof name]),
    };
  };

  /**
   * Validates everything, shows every message, and calls `onValid` only with a valid form, passing the
   * schema's cast values (trimmed, upper-cased…). Returns whether the form was valid.
   */
  const submit = (onValid: (values: V) => void): boolean => {
    const all = validateAll(latest.current);
    touched.current = Object.fromEntries(Object.keys(schema.fields).map((k) => [k, true]));
    setClientErrors(all);
    setServerErrors({});
    setFormError(null);
    if (Object.keys(all).length > 0) return false;
    onValid(schema.cast(latest.current, { stripUnknown: true }) as V);
    return true;
  };

  /** A <form>'s onSubmit: the island takes over from the browser's own post, then `submit`. */
  const handleSubmit = (onValid: (values: V) => void) => (e: FormEvent) => {
    e.preventDefault();
    submit(onValid);
  };

  /** Places the server's per-field messages (a 400 or 409 answer) beside the inputs. */
  const applyServerErrors = (error: unknown) => {
    if (error instanceof ApiError && error.fields) setServerErrors((prev) => ({ ...prev, ...error.fields }));
  };

  return {
    id: formId,
    values,
    /** The values as last set (a handler that just called setValue reads its change here). */
    getValues: () => latest.current,
    errors: { ...serverErrors, ...clientErrors } as Partial<Record<KeyOf<S>, string>>,
    formError,
    setFormError,
    text,
    select: text,
    number,
    checkbox,
    tags,
    setValue,
    setValues,
    touch,
    submit,
    handleSubmit,
    applyServerErrors,
  };
}

export type FormApi = ReturnType<typeof useForm>;
