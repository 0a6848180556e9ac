/**
 * Island props cross from server to browser inside <script type="application/json">.
 * They must be plain JSON (as in Fresh): a function, class instance or Date is a bug, so it throws.
 * The output escapes characters that could end the script element or break JavaScript parsing.
 */
/**
 * Whether a value is plain JSON, walked without building a path per value (a list editor's props are thousands
 * of values on every render of the edit page); the path is worked out only for the error (problemAt).
 */
function isPlainJson(value: unknown): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined': // dropped by JSON.stringify inside objects, like an absent key
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (Array.isArray(value)) {
        for (const item of value) if (!isPlainJson(item)) return false;
        return true;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return false;
      for (const key in value) if (!isPlainJson((value as Record<string, unknown>)[key])) return false;
      return true;
    }
    default:
      return false;
  }
}

/** The first value that is not plain JSON, described with its path: the error's message. */
function problemAt(value: unknown, path: string): string | null {
  if (isPlainJson(value)) return null;
  if (typeof value === 'number') return `Island prop ${path} is not a finite number`;
  if (typeof value !== 'object' || value === null) return `Island prop ${path} is a ${typeof value}; pass plain JSON`;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const problem = problemAt(item, `${path}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    const kind = (value as object).constructor?.name ?? 'object';
    return `Island prop ${path} is a ${kind}; pass plain JSON (ISO strings for dates)`;
  }
  for (const [key, item] of Object.entries(value)) {
    const problem = problemAt(item, `${path}.${key}`);
    if (problem) return problem;
  }
  return null;
}

const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function serializeProps(props: unknown): string {
  if (!isPlainJson(props)) throw new TypeError(problemAt(props, 'props') ?? 'Island props are not plain JSON');
  return JSON.stringify(props ?? {}).replace(/[<>&\u2028\u2029]/g, (ch) => ESCAPES[ch] ?? ch);
}
