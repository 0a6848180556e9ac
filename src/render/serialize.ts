/**
 * Island props cross from server to browser inside <script type="application/json">.
 * They must be plain JSON (as in Fresh): a function, class instance or Date is a bug, so it throws.
 * The output escapes characters that could end the script element or break JavaScript parsing.
 */

interface Problem {
  /** The keys and indexes down to the value, innermost first (pushed on the way back up). */
  path: (string | number)[];
  what: string;
}

/**
 * Why a value is not plain JSON and where, or null when it is. The path is built only on the way back from a
 * problem, so the walk over plain props (a list editor's are thousands of values on every render of the edit
 * page) builds no path string per value.
 */
function problemIn(value: unknown): Problem | null {
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined': // dropped by JSON.stringify inside objects, like an absent key
      return null;
    case 'number':
      return Number.isFinite(value) ? null : { path: [], what: 'is not a finite number' };
    case 'object': {
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const problem = problemIn(value[i]);
          if (problem) {
            problem.path.push(i);
            return problem;
          }
        }
        return null;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) {
        const kind = (value as object).constructor?.name ?? 'object';
        return { path: [], what: `is a ${kind}; pass plain JSON (ISO strings for dates)` };
      }
      for (const key in value) {
        const problem = problemIn((value as Record<string, unknown>)[key]);
        if (problem) {
          problem.path.push(key);
          return problem;
        }
      }
      return null;
    }
    default:
      return { path: [], what: `is a ${typeof value}; pass plain JSON` };
  }
}

/** `props.list[0].title`: a problem's path as the island's code would name it. */
const describePath = (path: Problem['path']): string =>
  path.reduceRight<string>(
    (text, step) => (typeof step === 'number' ? `${text}[${step}]` : `${text}.${step}`),
    'props',
  );

const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function serializeProps(props: unknown): string {
  const problem = problemIn(props);
  if (problem) throw new TypeError(`Island prop ${describePath(problem.path)} ${problem.what}`);
  return JSON.stringify(props ?? {}).replace(/[<>&\u2028\u2029]/g, (ch) => ESCAPES[ch] ?? ch);
}
