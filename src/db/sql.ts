/**
 * A tiny SQL builder for hand-written statements: fragments that carry their own `?` bindings.
 *
 * A fragment's text is kept per _shape_, not built on every call. The department search assembles its statement
 * from dozens of fragments (7–15 KB of text) on every keystroke, though its code can only produce a few hundred
 * distinct texts; concatenating, then hashing the text to name its prepared statement, was ~10% of a search's
 * CPU. A shape is interned from what decides the text and nothing else — the template's literal strings (one
 * object per call site), which holes hold a value (`?`) and the shapes of the fragments in the others — so the
 * same shape always has the same text, whatever branch of the caller built it. Values never enter a shape.
 */

/** The text of every fragment of one shape, with an id that names it for good (ids are never reused). */
export interface SqlShape {
  readonly id: number;
  readonly text: string;
}

let lastShapeId = 0;

/**
 * Shapes interned by their key. Bounded only as a guard: the keys come from code, not input (rawSql is never
 * given input), so a map this large means a bug; starting it over costs a text build per shape, never a wrong
 * text, since a key names its parts by ids that are never reused.
 */
class ShapeTable<K> {
  private readonly shapes = new Map<K, SqlShape>();
  constructor(private readonly limit = 5000) {}

  intern(key: K, text: () => string): SqlShape {
    let shape = this.shapes.get(key);
    if (shape === undefined) {
      if (this.shapes.size >= this.limit) this.shapes.clear();
      shape = { id: ++lastShapeId, text: text() };
      this.shapes.set(key, shape);
    }
    return shape;
  }
}

/** A fragment of SQL with its `?` bindings, in order. */
export class Sql {
  private flat: unknown[] | undefined;

  /** `holes`: in order, the values (each a `?` of the text) and the fragments spliced in. */
  constructor(
    readonly shape: SqlShape,
    private readonly holes: readonly unknown[],
  ) {}

  get sql(): string {
    return this.shape.text;
  }

  /** The values for the text's `?`s, in order: flattened once, when asked (only the whole statement's are). */
  get bindings(): unknown[] {
    if (this.flat === undefined) {
      this.flat = [];
      this.collect(this.flat);
    }
    return this.flat;
  }

  private collect(into: unknown[]): void {
    for (const hole of this.holes) {
      if (hole instanceof Sql) hole.collect(into);
      else into.push(hole);
    }
  }
}

const byTemplate = new WeakMap<TemplateStringsArray, ShapeTable<string>>();

/** sql`… ${value} … ${fragment} …`: values become `?` bindings, fragments are spliced in with theirs. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  let table = byTemplate.get(strings);
  if (table === undefined) byTemplate.set(strings, (table = new ShapeTable()));
  let key = '';
  for (const value of values) key += value instanceof Sql ? `${value.shape.id},` : '?,';
  const shape = table.intern(key, () => {
    let text = strings[0]!;
    values.forEach((value, i) => {
      text += value instanceof Sql ? value.sql : '?';
      text += strings[i + 1]!;
    });
    return text;
  });
  return new Sql(shape, values);
}

const joined = new ShapeTable<string>();

/**
 * The fragments joined by `separator`, bindings in order. The list is copied: the text is fixed now, so parts a
 * caller adds to the same array later must not become bindings the text has no `?` for.
 */
export function joinSql(parts: readonly Sql[], separator: string): Sql {
  let key = `${separator}\u0000`;
  for (const part of parts) key += `${part.shape.id},`;
  return new Sql(
    joined.intern(key, () => parts.map((part) => part.sql).join(separator)),
    [...parts],
  );
}

const raw = new ShapeTable<string>();

/** Literal SQL text (never user input), with the values of its own `?` placeholders if it has any. */
export const rawSql = (text: string, bindings: readonly unknown[] = []): Sql =>
  new Sql(
    raw.intern(text, () => text),
    bindings,
  );
