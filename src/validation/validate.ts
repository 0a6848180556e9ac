/**
 * Runs a yup schema over untrusted input. On failure: a ValidationError (400) whose message is the first
 * field's message and whose `fields` carry every field's first message — what the forms show beside inputs.
 */
import { ValidationError as YupValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { ValidationError } from '../http/errors';

export function fieldErrors(error: YupValidationError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const inner of error.inner.length ? error.inner : [error]) {
    const key = inner.path ?? '_';
    fields[key] ??= inner.message;
  }
  return fields;
}

export async function validate<S extends AnyObjectSchema>(schema: S, input: unknown): Promise<InferType<S>> {
  try {
    return await schema.validate(input ?? {}, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (error instanceof YupValidationError) {
      const fields = fieldErrors(error);
      throw new ValidationError(Object.values(fields)[0] ?? error.message, fields);
    }
    throw error;
  }
}
