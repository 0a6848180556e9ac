/**
 * Island props cross from server to browser inside <script type="application/json">.
 * They must be plain JSON (as in Fresh): a function, class instance or Date is a bug, so it throws.
 * The output escapes characters that could end the script element or break JavaScript parsing.
 */
function assertPlainJson(value: unknown, path: string): void {
  if (value === null) return;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return;
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`Island prop ${path} is not a finite number`);
      return;
    case 'undefined':
      return; // dropped by JSON.stringify inside objects, like an absent key
    case 'object': {
      if (Array.isArray(value)) {
        value.forEach((item, i) => assertPlainJson(item, `${path}[${i}]`));
        return;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) {
        const kind = (value as object).constructor?.name ?? 'object';
        throw new TypeError(`Island prop ${path} is a ${kind}; pass plain JSON (ISO strings for dates)`);
      }
      for (const [key, item] of Object.entries(value)) assertPlainJson(item, `${path}.${key}`);
      return;
    }
    default:
      throw new TypeError(`Island prop ${path} is a ${typeof value}; pass plain JSON`);
  }
}

const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function serializeProps(props: unknown): string {
  assertPlainJson(props, 'props');
  return JSON.stringify(props ?? {}).replace(/[<>&\u2028\u2029]/g, (ch) => ESCAPES[ch] ?? ch);
}
