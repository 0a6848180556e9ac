/** A tiny SQL builder for hand-written statements: fragments that carry their own `?` bindings. */

/** A fragment of SQL with its `?` bindings, in order. */
export interface Sql {
  sql: string;
  bindings: unknown[];
}

const isSql = (value: unknown): value is Sql =>
  typeof value === 'object' && value !== null && 'sql' in value && 'bindings' in value;

/** sql`… ${value} … ${fragment} …`: values become `?` bindings, fragments are spliced in with theirs. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  const bindings: unknown[] = [];
  let text = strings[0]!;
  values.forEach((value, i) => {
    if (isSql(value)) {
      text += value.sql;
      bindings.push(...value.bindings);
    } else {
      text += '?';
      bindings.push(value);
    }
    text += strings[i + 1]!;
  });
  return { sql: text, bindings };
}

/** The fragments joined by `separator`, bindings in order. */
export const joinSql = (parts: Sql[], separator: string): Sql => ({
  sql: parts.map((part) => part.sql).join(separator),
  bindings: parts.flatMap((part) => part.bindings),
});

/** Literal SQL text without bindings (never user input). */
export const rawSql = (value: string): Sql => ({ sql: value, bindings: [] });
