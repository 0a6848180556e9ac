/**
 * `npm run bench [-- NAME ...]`: runs the named benchmarks (all of them when none is named), one after another.
 * A benchmark is a module exporting `benchmark: Benchmark` (bench/lib.ts: a description and `run(context)`);
 * add yours to BENCHMARKS below. Shared measurement helpers are in bench/lib.ts.
 * Arguments with `=` are options for the benchmarks, e.g. `npm run bench -- departments queries=5000`.
 *
 * Each benchmark sets up what it needs, usually through the test helpers: a fresh, migrated and seeded
 * database (TEST_DATABASE_URL or DATABASE_URL, else a Postgres container, else the embedded PGlite) and the
 * real app on a random port.
 */
import { performance } from 'node:perf_hooks';
import type { Benchmark } from './lib';

const BENCHMARKS: Record<string, () => Promise<Benchmark>> = {
  admin: () => import('./admin').then((m) => m.benchmark),
  credentials: () => import('./credentials').then((m) => m.benchmark),
  departments: () => import('./departments').then((m) => m.benchmark),
  packet: () => import('./packet').then((m) => m.benchmark),
  profile: () => import('./profile').then((m) => m.benchmark),
  readiness: () => import('./readiness').then((m) => m.benchmark),
  photos: () => import('./photos').then((m) => m.benchmark),
  floor: () => import('./floor').then((m) => m.benchmark),
  share: () => import('./share').then((m) => m.benchmark),
  scripts: () => import('./scripts').then((m) => m.benchmark),
  startup: () => import('./startup').then((m) => m.benchmark),
  twoFactor: () => import('./twoFactor').then((m) => m.benchmark),
};

// ── runner ───────────────────────────────────────────────────────────────────────────────────────────

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const options = Object.fromEntries(
    args.filter((a) => a.includes('=')).map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]),
  );
  const requested = args.filter((a) => !a.includes('='));
  const unknown = requested.filter((name) => !BENCHMARKS[name]);
  if (unknown.length) {
    console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${Object.keys(BENCHMARKS).join(', ')}`);
    process.exit(2);
  }
  const names = requested.length ? requested : Object.keys(BENCHMARKS);
  for (const name of names) {
    const benchmark = await BENCHMARKS[name]!();
    console.log(`\n━━ ${name}: ${benchmark.description}`);
    const started = performance.now();
    await benchmark.run({ log: (line = '') => console.log(line), options });
    console.log(`━━ ${name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
