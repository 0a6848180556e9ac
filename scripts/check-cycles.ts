/**
 * Fails (exit 1) when an import cycle exists among the app's modules (`src islands views`), type-only imports
 * included, as `npx madge --circular --extensions ts,tsx src islands views` counts them: a cycle makes a module's
 * place in the layout unclear and can leave a binding undefined at start (docs/architecture.md#boundaries).
 * Run by `npm run lint`; `tsx scripts/check-cycles.ts DIR…` checks other folders (the unit test's fixtures).
 */
import path from 'node:path';
import madge from 'madge';

export const CHECKED_FOLDERS = ['src', 'islands', 'views'];

/** Every cycle among the .ts/.tsx files under `folders`, each as the files on it (relative to `baseDir`). */
export async function findCycles(folders: readonly string[], baseDir = process.cwd()): Promise<string[][]> {
  const graph = await madge(
    folders.map((folder) => path.resolve(baseDir, folder)),
    { baseDir, fileExtensions: ['ts', 'tsx'] },
  );
  return graph.circular();
}

export const describeCycle = (files: readonly string[]) => [...files, files[0]].join(' → ');

const isMain =
  process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.dirname, 'check-cycles.ts');
if (isMain) {
  const folders = process.argv.slice(2);
  const cycles = await findCycles(folders.length ? folders : CHECKED_FOLDERS);
  if (cycles.length) {
    console.error(`${cycles.length} import cycle${cycles.length === 1 ? '' : 's'}:`);
    for (const cycle of cycles) console.error(`  ${describeCycle(cycle)}`);
    process.exitCode = 1;
  }
}
