/**
 * The one reading of a yup failure as field messages, shared by the server (src/http/validate.ts answers a bad
 * body with them as `fields`) and the islands (useForm shows them beside the inputs): each path's first
 * message, keyed by the path (`name`, `endorsements[0].endorserName`; a failure of the value as a whole under
 * `_`).
 */
import { ValidationError } from 'yup';

/** What a field of each yup type must be, for a wrong-typed value the schema gave no message of its own. */
const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  date: 'a date',
  array: 'a list',
  object: 'an object',
};

/**
 * The message of one failed check. yup's default for a wrong type echoes the value ("name must be a `string`
 * type, but the final value was: `{…}`"): it becomes "name must be text".
 */
function messageOf(inner: ValidationError): string {
  const type = (inner.params as { type?: string } | undefined)?.type;
  if (inner.type === 'typeError' && /must be a `\w+` type/.test(inner.message)) {
    return `${inner.path ?? 'value'} must be ${(type && TYPE_NAMES[type]) ?? 'of another type'}`;
  }
  return inner.message;
}

/** Each failed path's first message; anything that is not a yup failure has none. */
export function fieldMessages(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!(error instanceof ValidationError)) return fields;
  for (const inner of error.inner.length ? error.inner : [error]) {
    fields[inner.path ?? '_'] ??= messageOf(inner);
  }
  return fields;
}
