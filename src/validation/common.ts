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

/**
 * Characters that change how the text around them is shown but show nothing themselves: the bidirectional
 * embeddings, overrides, isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) and the
 * zero-width space, word joiner and byte-order mark (U+200B, U+2060, U+FEFF, U+180E). In a name or a one-line
 * field they serve only to disguise it (a right-to-left override turns "Chief‮fdp.exe" around); free text keeps
 * them (a paragraph in Arabic or Hebrew needs its marks). The zero-width joiner and non-joiner stay: emoji
 * sequences (👨‍🚒) and Persian and Indic spelling need them.
 */
const INVISIBLES = /[\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;
export const withoutInvisibles = (text: string): string => text.replace(INVISIBLES, '');

/** A name or one-line field: invisible formatting characters removed (withoutInvisibles), then trimmed. */
export const trimmedLine = onStrings((text) => withoutInvisibles(text).trim());

/** What a NUL character in any text answers (Postgres cannot store one; src/db/errors.ts maps its refusal to it). */
export const NUL_TEXT_MESSAGE = 'Text cannot contain NUL characters';
export const withoutNul = (value: string | null | undefined): boolean => !value?.includes('\u0000');

/** Control characters (C0 — line breaks and tabs included — DEL and C1): never part of a web address or handle. */
// eslint-disable-next-line no-control-regex -- control characters are what this matches
export const HAS_CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

// eslint-disable-next-line no-control-regex -- control characters are what this matches
const CONTROLS_BUT_LINE_BREAKS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
/**
 * Text as an output format may carry it: control characters (C0, DEL, C1) dropped, line breaks kept for the
 * format to escape (a vCard or iCalendar content line may hold no control character: RFC 6350 §3.3, RFC 5545 §3.1).
 */
export const withoutControls = (text: string): string => text.replace(CONTROLS_BUT_LINE_BREAKS, '');
