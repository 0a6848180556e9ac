/**
 * Code and docs cite the product's own documents, never the process that made them (docs/architecture.md#tests):
 * no issue or session numbers, no microsecond figures (they are wrong after the next change; figures live in
 * docs/performance.md), and every cited doc — a decision, the spec and its sections, an anchor — exists.
 */
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['src', 'islands', 'views', 'test', 'scripts', 'bench', 'migrations', 'seeds', 'docs', 'README.md'];
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|md)$/;
/** The spec is quoted as it was written; this file names the patterns it looks for. */
const EXEMPT = new Set(['test/unit/docs-citations.test.ts']);
const EXEMPT_DIR = 'docs/spec/';

type Line = { file: string; line: number; text: string };

function filesUnder(relative: string): string[] {
  const full = path.join(ROOT, relative);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return TEXT_FILE.test(relative) ? [relative] : [];
  return fs
    .readdirSync(full)
    .filter((name) => name !== 'node_modules' && !name.startsWith('.'))
    .flatMap((name) => filesUnder(path.posix.join(relative, name)));
}

const scannedLines: Line[] = SCANNED.flatMap(filesUnder)
  .filter((file) => !EXEMPT.has(file) && !file.startsWith(EXEMPT_DIR))
  .flatMap((file) =>
    fs
      .readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .map((text, i) => ({ file, line: i + 1, text })),
  );

/** What a line must not hold, each with what it is called in a failure. */
const FORBIDDEN: Array<[RegExp, string]> = [
  [/\bissues?[- ]\d+/i, 'an issue number'],
  [/\bsessions? \d+/i, 'a session number'],
  [/\d\s?\u00b5s\b/, 'a microsecond figure'], // µ written as an escape, so a grep for the sign finds no figure here
  [/docs\/decisions\.md|docs\/bench-/, 'a doc that no longer exists'],
];

function forbiddenIn(text: string): string[] {
  return FORBIDDEN.filter(([re]) => re.test(text)).map(([, what]) => what);
}

const where = (l: Line) => `${l.file}:${l.line}: ${l.text.trim()}`;

test('the detectors catch what they are for, and only that', (t) => {
  // Numbers and the micro sign enter the samples as values, so a plain grep of the tree finds no citation here.
  const [n, micro] = [23, '\u00b5'];
  t.deepEqual(forbiddenIn(`// as issue ${n} §5 says`), ['an issue number']);
  t.deepEqual(forbiddenIn(` * (Issue ${n}, items 2 and 3)`), ['an issue number']);
  t.deepEqual(forbiddenIn(`found in session ${n}`), ['a session number']);
  t.deepEqual(forbiddenIn(`costs ~45 ${micro}s a call`), ['a microsecond figure']);
  t.deepEqual(forbiddenIn('see docs/decisions.md "Forms"'), ['a doc that no longer exists']);
  t.deepEqual(forbiddenIn('// docs/decisions/endorsements.md; spec 02 §3'), []);
  t.deepEqual(forbiddenIn(`const cpu = \`\${n} ${micro}s/answer\`;`), []);
  t.deepEqual(forbiddenIn('every session ends at sign-out'), []);
});

test('no code or doc names an issue or session number, quotes a microsecond figure or an old doc', (t) => {
  const found = scannedLines
    .filter((l) => forbiddenIn(l.text).length)
    .map((l) => `${where(l)} (${forbiddenIn(l.text).join(', ')})`);
  t.deepEqual(found, []);
});

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number} _-]/gu, '')
    .replace(/ /g, '-');
}

function headingsOf(file: string): string[] {
  return fs
    .readFileSync(path.join(ROOT, file), 'utf8')
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => line.replace(/^#+ /, ''));
}

const DOC_PATH = /(?<![\w/.-])docs\/[\w./<>*-]*[\w>*](?:#[\w-]+)?/g;

test('every doc a line cites exists, and so does its anchor', (t) => {
  const missing: string[] = [];
  for (const l of scannedLines) {
    for (const [cited] of l.text.matchAll(DOC_PATH)) {
      const [file, anchor] = cited.split('#') as [string, string | undefined];
      // A folder or a file pattern ("docs/decisions/<file>.md", "docs/decisions/*.md") names no one file.
      if (/[<*]/.test(file) || !path.extname(file)) {
        if (!fs.existsSync(path.join(ROOT, file))) missing.push(`${where(l)} (${file})`);
        continue;
      }
      if (!fs.existsSync(path.join(ROOT, file))) missing.push(`${where(l)} (${file})`);
      else if (anchor && !headingsOf(file).map(anchorOf).includes(anchor)) missing.push(`${where(l)} (#${anchor})`);
    }
  }
  t.deepEqual(missing, []);
});

const SPEC_FILES: Record<string, string> = {
  '01': 'docs/spec/01-accounts-admin-shell.md',
  '02': 'docs/spec/02-profiles-widgets.md',
};

test('every "spec 0N §M" a line cites is a numbered section of that spec', (t) => {
  const sections = Object.fromEntries(
    Object.entries(SPEC_FILES).map(([n, file]) => [
      n,
      new Set(headingsOf(file).flatMap((h) => (/^(\d+)\. /.exec(h) ? [Number(/^(\d+)\. /.exec(h)![1])] : []))),
    ]),
  );
  const unknown: string[] = [];
  for (const l of scannedLines) {
    for (const m of l.text.matchAll(/\bspec (0[12])(?:'s)? §§?\s*([\d.,–\s§-]+)/gi)) {
      const numbers = [...m[2]!.matchAll(/\d+/g)].map((n) => Number(n[0]));
      for (const n of numbers) if (!sections[m[1]!]!.has(n)) unknown.push(`${where(l)} (spec ${m[1]} §${n})`);
    }
  }
  t.deepEqual(unknown, []);
});
