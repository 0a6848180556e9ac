/** `npm run lint` fails on an import cycle (scripts/check-cycles.ts): proven on fixture folders, not on the app. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test, { type ExecutionContext } from 'ava';
import { describeCycle, findCycles } from '../../scripts/check-cycles';

const run = promisify(execFile);

/** A folder of modules (name → source), removed after the test. */
function fixture(t: ExecutionContext, files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const [name, source] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), source);
  return dir;
}

/** The check as `npm run lint` runs it, on `dir`: its exit code and what it printed. */
async function checkCycles(dir: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import=tsx', 'scripts/check-cycles.ts', dir]);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

const TWO_FILE_CYCLE = {
  'a.ts': "import { b } from './b';\nexport const a = () => b();\n",
  'b.tsx': "import { a } from './a';\nexport const b = () => a;\n",
};

test('the lint script runs the cycle check on src, islands and views', (t) => {
  const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  t.regex(scripts.lint!, /(^|&& )tsx scripts\/check-cycles\.ts( &&|$)/);
  const source = fs.readFileSync('scripts/check-cycles.ts', 'utf8');
  t.regex(source, /CHECKED_FOLDERS = \['src', 'islands', 'views'\]/);
});

test('a new two-file cycle fails the check, named file by file', async (t) => {
  const dir = fixture(t, { ...TWO_FILE_CYCLE, 'c.ts': "import { a } from './a';\nexport const c = a;\n" });
  const cycles = await findCycles([dir]);
  t.deepEqual(
    cycles.map((cycle) => cycle.map((file) => path.basename(file))),
    [['a.ts', 'b.tsx']],
  );
  const { code, output } = await checkCycles(dir);
  t.is(code, 1);
  t.regex(output, /1 import cycle:/);
  t.true(output.includes(describeCycle(cycles[0]!)), output);
});

test('a cycle through type-only imports fails too', async (t) => {
  const dir = fixture(t, {
    'shapes.ts': "import type { Size } from './sizes';\nexport interface Shape { size: Size }\n",
    'sizes.ts': "import type { Shape } from './shapes';\nexport type Size = number;\nexport type Of = Shape['size'];\n",
  });
  t.is((await findCycles([dir])).length, 1);
  t.is((await checkCycles(dir)).code, 1);
});

test('modules without a cycle pass', async (t) => {
  const dir = fixture(t, {
    'a.ts': "import { b } from './b';\nexport const a = () => b();\n",
    'b.ts': "import { c } from './c';\nexport const b = () => c;\n",
    'c.ts': 'export const c = 1;\n',
  });
  t.deepEqual(await findCycles([dir]), []);
  t.deepEqual(await checkCycles(dir), { code: 0, output: '' });
});
