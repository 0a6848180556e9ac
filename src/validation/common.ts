/** Schema pieces shared by every area: ids in URLs and bodies, text clean-up. Used by the server and the islands. */
import { number, object } from 'yup';

const ID_PATTERN = /^[1-9][0-9]{0,9}$/;
/** Ids are Postgres `integer`s (knex increments()); a larger number names no row. */
const ID_MAX = 2_147_483_647;

/**
 * A positive integer id. From a URL it must be all digits ("12"); "12abc", "1e3", "-1", "0" and " 12" are
 * refused rather than coerced, so a malformed id is never read as some other row. The default message is a
 * path id's 404 answer (validate() answers a failed param with its message); body fields pass their own.
 */
export const id = (message = 'Not found') =>
  number()
    .transform((value: unknown, original: unknown) =>
      typeof original === 'string' ? (ID_PATTERN.test(original) ? Number(original) : NaN) : value,
    )
    .typeError(message)
    .integer(message)
    .positive(message)
    .max(ID_MAX, message)
    .required(message);

/** A raw id (from a path) as a number, or undefined when it is not a valid id. */
export function parseId(raw: unknown): number | undefined {
  try {
    return id().validateSync(raw);
  } catch {
    return undefined;
  }
}

/** `/things/:id` */
export const idParams = object({ id: id() });

/**
 * Text clean-up as yup transforms that touch strings only: yup's own `.trim()`, `.lowercase()` and
 * `.uppercase()` call the method on whatever arrived, so `{"name": {}}` or `{"name": [1]}` threw a TypeError (a
 * 500). With these, a value that is not text reaches the type check and fails with the field's message (400).
 * Use `string().transform(trimmed)`, never `.trim()` (test/unit/validation-types.test.ts checks every schema).
 */
export const onStrings = (change: (text: string) => string) => (value: unknown) =>
  typeof value === 'string' ? change(value) : value;
export const trimmed = onStrings((text) => text.trim());
export const lowerCased = onStrings((text) => text.toLowerCase());
export const upperCased = onStrings((text) => text.toUpperCase());
