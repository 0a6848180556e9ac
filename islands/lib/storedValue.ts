/**
 * Whether a field's value is what the record already stores, so leaving the field need not save it. Alike when
 * shown alike: a number typed as text ("3" and 3), nothing in any form (null, undefined, ''). A nested list
 * (an award's media links, a skill's endorsements) is alike only row by row and field by field: comparing the
 * rows as text ("[object Object]") took any edit inside a row that kept the row count for "already stored",
 * and the edit was never saved.
 */
import { shown } from './useForm';

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A missing value, a blank text and an empty list all mean "nothing stored" (the server answers null). */
const isNothing = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

export function isStoredValue(value: unknown, current: unknown): boolean {
  if (isNothing(value) || isNothing(current)) return isNothing(value) && isNothing(current);
  if (Array.isArray(value) || Array.isArray(current)) {
    return (
      Array.isArray(value) &&
      Array.isArray(current) &&
      value.length === current.length &&
      value.every((row, index) => isStoredValue(row, current[index]))
    );
  }
  if (isFields(value) || isFields(current)) {
    if (!isFields(value) || !isFields(current)) return false;
    const names = new Set([...Object.keys(value), ...Object.keys(current)]);
    return [...names].every((name) => isStoredValue(value[name], current[name]));
  }
  return shown(value) === shown(current);
}
