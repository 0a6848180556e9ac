/**
 * Form state for islands: values, per-field errors from the shared yup schema as the user types
 * (after a field was touched), full validation on submit, and the server's field errors after a 4xx.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { ValidationError as YupValidationError, type AnyObjectSchema } from 'yup';
import { ApiError } from './api';

type Values = Record<string, string>;

function collectErrors(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (error instanceof YupValidationError) {
    for (const inner of error.inner.length ? error.inner : [error]) {
      if (inner.path) fields[inner.path] ??= inner.message;
    }
  }
  return fields;
}

export function useForm<V extends Values>(schema: AnyObjectSchema, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});

  const validateAll = (next: V): Record<string, string> => {
    try {
      schema.validateSync(next, { abortEarly: false });
      return {};
    } catch (error) {
      return collectErrors(error);
    }
  };

  const refresh = (next: V, nextTouched: Partial<Record<keyof V, boolean>>) => {
    const all = validateAll(next);
    const shown: Partial<Record<keyof V, string>> = {};
    for (const key of Object.keys(all)) if (nextTouched[key as keyof V]) shown[key as keyof V] = all[key];
    setErrors(shown);
  };

  const field = (name: keyof V & string) => ({
    id: name,
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValue(name, e.target.value),
    onBlur: () => {
      const nextTouched = { ...touched, [name]: true };
      setTouched(nextTouched);
      refresh(values, nextTouched);
    },
  });

  const setValue = (name: keyof V & string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    refresh(next, touched);
  };

  /** Wraps a submit handler: validates everything first and only calls it with a valid form. */
  const handleSubmit = (onValid: (values: V) => void) => (e: FormEvent) => {
    e.preventDefault();
    const all = validateAll(values);
    const allTouched = Object.fromEntries(Object.keys(values).map((k) => [k, true])) as Partial<
      Record<keyof V, boolean>
    >;
    setTouched(allTouched);
    setErrors(all as Partial<Record<keyof V, string>>);
    if (Object.keys(all).length === 0) onValid(values);
  };

  /** Shows the server's per-field messages (400/409 answers) beside the inputs. */
  const applyServerErrors = (error: unknown) => {
    if (error instanceof ApiError && error.fields) setErrors((prev) => ({ ...prev, ...error.fields }));
  };

  return { values, errors, field, setValue, setValues, handleSubmit, applyServerErrors };
}
