/** Shared helpers for benchmarks (bench/run.ts runs them). */
import net from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * The environment the container gives `node dist/server.js` (the Dockerfile's ENV): every bench that starts the
 * built server starts it with these.
 */
export const CONTAINER_ENV = { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2' } as const;

export interface BenchContext {
  /** Prints a line of the report. */
  log(line?: string): void;
  /** Benchmark-specific arguments after `--` that are not benchmark names, e.g. `queries=5000`. */
  options: Record<string, string>;
}

export interface Benchmark {
  description: string;
  run(context: BenchContext): Promise<void>;
}

/** The value at quantile q (0..1) of samples, by nearest rank. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index]!;
}

/**
 * Of several runs, the one whose `value` is the median (the lower middle for an even count): a cell measured in
 * rounds reports a run that happened, not an average of runs.
 */
export function medianBy<T>(items: readonly T[], value: (item: T) => number): T {
  return [...items].sort((a, b) => value(a) - value(b))[Math.floor((items.length - 1) / 2)]!;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  /** Operations per second over the whole run. */
  throughput: number;
}

export function summarize(samplesMs: number[], wallMs: number): LatencySummary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, v) => sum + v, 0) / (sorted.length || 1);
  return {
    count: sorted.length,
    p50: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    p99: quantile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? NaN,
    mean,
    throughput: (sorted.length / wallMs) * 1000,
  };
}

export function formatSummary(label: string, s: LatencySummary): string {
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  return `${label.padEnd(34)} n=${String(s.count).padEnd(6)} p50 ${ms(s.p50).padStart(9)}  p90 ${ms(s.p90).padStart(9)}  p99 ${ms(
    s.p99,
  ).padStart(9)}  max ${ms(s.max).padStart(9)}  ${s.throughput.toFixed(0).padStart(6)}/s`;
}

/** Runs `task` once per item, `concurrency` at a time, and returns each call's latency and the wall time. */
export async function measure<T>(
  items: readonly T[],
  task: (item: T) => Promise<unknown>,
  concurrency = 1,
): Promise<{ samples: number[]; wallMs: number }> {
  const samples: number[] = new Array(items.length);
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const t0 = performance.now();
      await task(items[index]!);
      samples[index] = performance.now() - t0;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return { samples, wallMs: performance.now() - started };
}

/** A small deterministic PRNG (mulberry32) so runs are comparable. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One row of a target table: a measured value as a ratio of (or in the unit of) its limit or floor
 * measured in the same run, and PASS/MISS against the target. Every benchmark prints its targets through this,
 * so `npm run bench` reads as one table.
 */
export interface TargetRow {
  /** What is measured, e.g. "visitor kept page vs bare Koa @10". */
  name: string;
  /** The measured value (a ratio, ms, req/s, KB …). */
  value: number;
  unit: 'x' | 'ms' | 'req/s' | 'KB' | 's' | 'MB' | '/s' | '';
  /** The target, read with `comparison`: value ≥ target or value ≤ target. */
  target: number;
  comparison: '>=' | '<=';
  /** Free text: what the value was measured against, raw numbers. */
  detail?: string;
}

export function targetLine(row: TargetRow): string {
  const pass = row.comparison === '>=' ? row.value >= row.target : row.value <= row.target;
  const digits = row.unit === 'x' ? 2 : row.value < 10 ? 2 : 0;
  const shown = `${row.value.toFixed(digits)}${row.unit === 'x' ? '×' : ` ${row.unit}`}`.trim();
  const goal = `${row.comparison} ${row.target}${row.unit === 'x' ? '×' : ` ${row.unit}`}`.trim();
  return `${pass ? 'PASS' : 'MISS'}  ${row.name.padEnd(52)} ${shown.padStart(12)}  (target ${goal})${
    row.detail ? `  ${row.detail}` : ''
  }`;
}

/** A TCP port free on 127.0.0.1 right now, for a server process the bench starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
