/**
 * Builds the browser islands (one ESM entry per islands/*.tsx plus the client runtime, code-split,
 * minified, content-hashed, with a manifest) and, unless --islands-only, the production server bundle.
 * --watch rebuilds islands on change (used by `npm run dev`). --if-changed (used by `npm start`) builds only what is
 * not current — the islands, the server — so a start compiles nothing that was built before: a build is current
 * when its entries are the same and no input (its sources, the packages it bundled, this script) is newer than
 * it; each build records its inputs (dist/public/assets/inputs.json, dist/server-inputs.json).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import type { AssetManifest } from '../src/render/manifest';

const ROOT = process.cwd();
const ASSETS_DIR = path.join(ROOT, 'dist/public/assets');
const ISLANDS_DIR = path.join(ROOT, 'islands');
const NOT_ISLANDS = new Set(['client.ts', 'registry.ts']);
const INPUTS_FILE = 'inputs.json';

export function islandEntries(): Record<string, string> {
  const entries: Record<string, string> = { client: path.join(ISLANDS_DIR, 'client.ts') };
  for (const file of fs.readdirSync(ISLANDS_DIR)) {
    if (NOT_ISLANDS.has(file) || !/\.tsx?$/.test(file)) continue;
    entries[file.replace(/\.tsx?$/, '')] = path.join(ISLANDS_DIR, file);
  }
  return entries;
}

/**
 * Every file an output loads through static imports, transitively (what the browser must fetch before it runs),
 * each after the files it imports: the runtime evaluates an island's chunks in this order, one a task
 * (islands/client.ts). With `dynamic`, its dynamic imports too: the runtime (client.ts) imports React and its
 * hydrating code in stages, each evaluated in its own task, but always at once, so they are preloaded with it.
 * `skipped`: files left out, with what only they import.
 */
function staticImports(
  metafile: esbuild.Metafile,
  outFile: string,
  skipped = new Set<string>(),
  dynamic = false,
  visited = new Set<string>(skipped),
  found = new Set<string>(),
): Set<string> {
  for (const imp of metafile.outputs[outFile]?.imports ?? []) {
    const followed = imp.kind === 'import-statement' || (dynamic && imp.kind === 'dynamic-import');
    if (!followed || imp.external || visited.has(imp.path)) continue;
    visited.add(imp.path);
    staticImports(metafile, imp.path, skipped, dynamic, visited, found);
    found.add(imp.path);
  }
  return found;
}

/**
 * The query cache (islands/lib/queryClient.ts): a stage the runtime loads only for an island that reads through
 * react-query, so it is not among the runtime's preloads but has its own entry.
 */
const QUERY_STAGE = 'islands/lib/queryClient.ts';
const QUERY_CORE = /node_modules\/@tanstack\/query-core\//;

/** Whether any of these outputs holds react-query's query cache code (an island that reads through it). */
const readsQueries = (metafile: esbuild.Metafile, files: Iterable<string>) =>
  [...files].some((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}).some((input) => QUERY_CORE.test(input)));

function writeManifest(metafile: esbuild.Metafile, dir = ASSETS_DIR): void {
  const url = (file: string) => `/assets/${path.basename(file)}`;
  const manifest: AssetManifest = {
    client: { src: '', imports: [] },
    queries: { src: '', imports: [] },
    islands: {},
  };
  const queryStage = Object.keys(metafile.outputs).find((file) => metafile.outputs[file]!.entryPoint === QUERY_STAGE);
  for (const [outFile, output] of Object.entries(metafile.outputs)) {
    if (!output.entryPoint || !outFile.endsWith('.js')) continue;
    const isClient = output.entryPoint.endsWith('islands/client.ts');
    // The runtime's stages are preloaded with it, all but the query cache.
    const skipped = new Set(isClient && queryStage ? [queryStage] : []);
    const imports = staticImports(metafile, outFile, skipped, isClient);
    if (queryStage) imports.delete(queryStage);
    const entry = { src: url(outFile), imports: [...imports].map(url) };
    const name = path.basename(output.entryPoint).replace(/\.tsx?$/, '');
    if (isClient) manifest.client = entry;
    else if (output.entryPoint === QUERY_STAGE) manifest.queries = entry;
    else if (path.dirname(output.entryPoint) !== 'islands')
      continue; // a stage the runtime imports, not an island
    else manifest.islands[name] = readsQueries(metafile, [outFile, ...imports]) ? { ...entry, queries: true } : entry;
  }
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
}

const manifestPlugin: esbuild.Plugin = {
  name: 'manifest',
  setup(build) {
    build.onEnd((result) => {
      if (result.metafile && result.errors.length === 0) writeManifest(result.metafile);
    });
  },
};

/**
 * React in the browser is Preact's React layer (docs/decisions/preact-in-the-browser.md): the server renders with
 * React, every island and package the islands bundle (styled-components, react-query) gets Preact, which is a
 * tenth of react-dom's size. `react` and `react-dom/client` are the project's own thin layers over it
 * (islands/lib/browserReact/), which keep what React does that the islands rely on (a root's `identifierPrefix`,
 * a textarea's text as the server wrote it).
 */
const BROWSER_REACT: Record<string, string> = {
  react: './islands/lib/browserReact/react.ts',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  'react-dom': 'preact/compat',
  'react-dom/client': './islands/lib/browserReact/reactDomClient.ts',
};

const browserReactPlugin: esbuild.Plugin = {
  name: 'browser-react',
  setup(build) {
    build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => {
      const target = BROWSER_REACT[args.path];
      if (!target)
        return { errors: [{ text: `${args.path} has no browser twin in BROWSER_REACT (scripts/build.ts)` }] };
      // Resolved from the project's root, whichever package asked (a package's own copy of React never enters).
      return build.resolve(target, { kind: args.kind, resolveDir: ROOT });
    });
  },
};

function islandOptions(): esbuild.BuildOptions {
  return {
    entryPoints: islandEntries(),
    outdir: ASSETS_DIR,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    sourcemap: 'linked',
    jsx: 'automatic',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [browserReactPlugin, manifestPlugin],
  };
}

/** What a build read: its entries and every input file, so a later start can tell whether it is still current. */
function writeInputs(metafile: esbuild.Metafile, file: string, entries: string[]): void {
  const inputs = [
    ...Object.keys(metafile.inputs).map((input) => path.resolve(ROOT, input)),
    fileURLToPath(import.meta.url),
  ];
  fs.writeFileSync(file, JSON.stringify({ entries, inputs }));
}

/** True when a build is current: `output` exists, same entries, and no input changed (or vanished) since. */
function isCurrent(output: string, inputsFile: string, entries: string[]): boolean {
  try {
    const builtAt = fs.statSync(output).mtimeMs;
    const recorded = JSON.parse(fs.readFileSync(inputsFile, 'utf8')) as { entries: string[]; inputs: string[] };
    if (recorded.entries.join('\n') !== entries.join('\n')) return false;
    return recorded.inputs.every((input) => fs.statSync(input).mtimeMs <= builtAt);
  } catch {
    return false; // never built, or an input is gone
  }
}

const islandNames = () => Object.keys(islandEntries()).sort();
export const islandsAreCurrent = () =>
  isCurrent(path.join(ASSETS_DIR, 'manifest.json'), path.join(ASSETS_DIR, INPUTS_FILE), islandNames());

/** Builds into a fresh directory, then swaps it in, so a running server never sees a half-written build. */
export async function buildIslands(): Promise<void> {
  const staging = `${ASSETS_DIR}.staging-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  const result = await esbuild.build({ ...islandOptions(), outdir: staging, plugins: [browserReactPlugin] });
  writeInputs(result.metafile!, path.join(staging, INPUTS_FILE), islandNames());
  writeManifest(result.metafile!, staging);
  const retired = `${ASSETS_DIR}.old-${process.pid}`;
  if (fs.existsSync(ASSETS_DIR)) fs.renameSync(ASSETS_DIR, retired);
  fs.renameSync(staging, ASSETS_DIR);
  fs.rmSync(retired, { recursive: true, force: true });
}

export async function watchIslands(): Promise<esbuild.BuildContext> {
  fs.mkdirSync(ASSETS_DIR, { recursive: true });
  const ctx = await esbuild.context({ ...islandOptions(), minify: false });
  await ctx.watch();
  return ctx;
}

const SERVER_DIR = path.join(ROOT, 'dist');
const SERVER_INPUTS = path.join(SERVER_DIR, 'server-inputs.json');
const SERVER_ENTRIES = { server: path.join(ROOT, 'src/server.ts'), cli: path.join(ROOT, 'src/db/cli.ts') };
export const serverIsCurrent = () =>
  isCurrent(path.join(SERVER_DIR, 'server.js'), SERVER_INPUTS, Object.keys(SERVER_ENTRIES));

export async function buildServer(): Promise<void> {
  const result = await esbuild.build({
    entryPoints: SERVER_ENTRIES,
    outdir: SERVER_DIR,
    metafile: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: ['node20'],
    packages: 'external',
    jsx: 'automatic',
    sourcemap: 'linked',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  writeInputs(result.metafile, SERVER_INPUTS, Object.keys(SERVER_ENTRIES));
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(ROOT, 'scripts/build.ts');
if (isMain) {
  const started = Date.now();
  const ifChanged = process.argv.includes('--if-changed');
  const islandsOnly = process.argv.includes('--islands-only');
  const built: string[] = [];
  if (!ifChanged || !islandsAreCurrent()) {
    await buildIslands();
    built.push('islands');
  }
  if (!islandsOnly && (!ifChanged || !serverIsCurrent())) {
    await buildServer();
    built.push('server');
  }
  if (built.length) console.log(`built ${built.join(' and ')} in ${Date.now() - started} ms`);
}
