/**
 * The islands registry (islands/registry.ts, what the server renders by name) and the islands the build bundles
 * (one entry per top-level islands/*.tsx file, scripts/build.ts) are the same set: an island missing from either
 * would render without a script, or ship a script nothing renders.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import test from 'ava';
import { islands } from '../../islands/registry';
import { islandEntries } from '../../scripts/build';

const built = Object.entries(islandEntries()).filter(([name]) => name !== 'client');

test('every island file is registered, and every registered island is a file the build bundles', (t) => {
  t.deepEqual(Object.keys(islands).sort(), built.map(([name]) => name).sort());
});

test('each island is registered under its file name, as that file’s default export', async (t) => {
  for (const [name, file] of built) {
    const module = (await import(pathToFileURL(file).href)) as { default: unknown };
    const registered: unknown = islands[name as keyof typeof islands];
    t.is(registered, module.default, `${name} → ${path.relative('.', file)}`);
  }
});
