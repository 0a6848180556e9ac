/**
 * Inline editing of one stored record (spec 02 §4: "fields save on blur, or on checkbox or select change"): the
 * profile's own fields, a list item, a photo. Built on useForm (values, as-you-type messages from the shared
 * update schema, the server's field messages) and useApiMutation (the one error and toast path):
 * - `text(name)` binds a typed field: its message shows once it is left, and leaving it saves it — the
 *   schema's cast value, only when it differs from what is stored. A refused save keeps what was typed (the
 *   server's message beside it or in the toast) and the next blur tries again.
 * - `choose(name, value)` (and the `select`/`checkbox` binders) saves a choice at once, optimistically: the
 *   choice shows before the server answers and is put back if the server refuses.
 * - `save(body, rollback)` saves what is not one of the form's values (the department picker).
 * - `submit()` saves every value at once (a panel with a Save button: the photo editor).
 * A field typed into before hydration holds that text afterwards (useForm); one already left is saved then.
 * Saves of one record run one after another, each sent with the record as the last save left it (`request`
 * builds its `If-Match` from it), and each is tracked (pendingSaves), so the page's Save waits for them.
 *
 *   const inline = useInlineForm({
 *     schema: definition.updateSchema,
 *     saved: item,
 *     values: (item) => pick(item, names),
 *     request: (body, item) => api.patch(`/api/…/id:${item.id}`, body, ifMatch(item)),
 *     fallbackMessage: 'Please try again.',
 *     onSaved: onChanged,
 *   });
 *   <TextField label="Rank" {...inline.text('rank')} />
 */
import { useRef, useState } from 'react';
import type { AnyObjectSchema } from 'yup';
import type { FormState } from '../../src/validation/forms';
import { trackSave } from './pendingSaves';
import { useApiMutation, type ApiMutationOptions } from './useApiMutation';
import { isStoredValue } from './storedValue';
import { useForm } from './useForm';

type Body = Record<string, unknown>;

export interface InlineFormOptions<T, V extends Body> extends Pick<
  ApiMutationOptions<Body, T>,
  'success' | 'fallbackMessage' | 'errorTitle'
> {
  /** The record's update schema (every field optional): what the browser checks and the server enforces. */
  schema: AnyObjectSchema;
  /** The record as the server last answered it. */
  saved: T;
  /** The form's values, read from the record: only the fields this form edits. */
  values: (saved: T) => V;
  /** A failed plain post of this record's form (no JavaScript): its values and messages. */
  state?: FormState | null;
  /** The save (a PATCH of `body`), written against `saved`: the record as the last save left it. */
  request: (body: Body, saved: T) => Promise<T>;
  /** After each successful save, with the record as the server now has it. */
  onSaved?: (saved: T) => void;
  /** After a refused save, once it was reported (a closed editor opens again to show what was kept). */
  onFailed?: () => void;
  /**
   * Fields the schema fills from a typed one (a list's `derived`: a certification's precise expiry from its one
   * expiry input), sent with it when it is saved.
   */
  carries?: (name: string) => readonly string[];
}

export function useInlineForm<T extends object, V extends Body>(options: InlineFormOptions<T, V>) {
  type Key = keyof V & string;
  const { schema } = options;
  const form = useForm(schema, options.values(options.saved) as Body, {
    state: options.state,
    // A field changed and left before the script ran is saved now, as leaving it would have (the focused one
    // when it is left).
    onTypedBeforeHydration: (_names, left) => left.forEach((name) => commit(name as Key)),
  });
  const [saved, setSaved] = useState(options.saved);
  /** The record as the last save left it, ahead of the render: the next queued save is written against it. */
  const latest = useRef(options.saved);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const mutation = useApiMutation<Body, T>({
    request: (body) => options.request(body, latest.current),
    success: options.success,
    fallbackMessage: options.fallbackMessage,
    errorTitle: options.errorTitle,
    form,
    onSuccess: (record) => {
      latest.current = record;
      setSaved(record);
      options.onSaved?.(record);
    },
  });

  /** Queues a save behind this record's earlier ones; `rollback` undoes an optimistic change if refused. */
  const save = (body: Body, rollback?: () => void): Promise<T> => {
    const run = queue.current.then(() => mutation.mutateAsync(body));
    queue.current = run.catch(() => undefined);
    const tracked = trackSave(run);
    // The failure was reported (toast, field messages): here it only undoes what was shown early.
    tracked.catch(() => {
      rollback?.();
      options.onFailed?.();
    });
    return tracked;
  };

  /**
   * The field's value cast by the schema (trimmed, blank rows dropped), or undefined when it is invalid (its
   * messages then show beside it).
   */
  const checked = (name: Key): { body: Body } | undefined => {
    form.touch(name);
    try {
      const cast = schema.validateSync({ [name]: form.getValues()[name] }, { abortEarly: false }) as Body;
      const names = [name, ...(options.carries?.(name) ?? [])];
      return { body: Object.fromEntries(names.map((n) => [n, cast[n] ?? null])) };
    } catch {
      return undefined;
    }
  };

  /** Saves a typed field (with what it fills) if it is valid and differs from what is stored; what was typed stays. */
  const commit = (name: Key) => {
    const result = checked(name);
    const stored = latest.current as Body;
    if (!result || Object.entries(result.body).every(([n, value]) => isStoredValue(value, stored[n]))) return;
    void save(result.body).catch(() => undefined);
  };

  /** A choice: shown at once, saved, and put back if the server refuses it. */
  const choose = <K extends Key>(name: K, value: V[K]) => {
    const before = form.getValues()[name] as V[K];
    form.setValue(name, value);
    const result = checked(name);
    if (!result) return;
    // Put back only what is still shown: a later choice is its own save.
    const rollback = () => form.getValues()[name] === value && form.setValue(name, before);
    void save(result.body, rollback).catch(() => undefined);
  };

  /** Every value at once (a Save button): all messages shown, nothing sent unless the whole form is valid. */
  const submit = () => form.submit((values) => void save(values as Body).catch(() => undefined));

  const text = (name: Key) => ({ ...form.text(name), onBlur: () => commit(name) });

  const select = (name: Key) => ({
    ...form.select(name),
    onChange: (e: { target: { value: string } }) => choose(name, e.target.value as V[Key]),
  });

  const checkbox = (name: Key) => ({
    ...form.checkbox(name),
    onChange: (e: { target: { checked: boolean } }) => choose(name, e.target.checked as V[Key]),
  });

  /** A newer record from elsewhere (a photo linked beside the editor) is what the next save is written against. */
  const adopt = (record: T) => {
    latest.current = record;
    setSaved(record);
  };

  return {
    form,
    /** The form's values (typed as `values` reads them). */
    values: form.values as V,
    getValues: () => form.getValues() as V,
    /** The record as the server last answered it. */
    saved,
    latest: () => latest.current,
    adopt,
    text,
    select,
    checkbox,
    commit,
    choose,
    save,
    submit,
    isSaving: mutation.isPending,
  };
}
