/**
 * Department search: latency of the service call and of GET /api/departments/search, first over the seeded
 * registry extract (3,216 departments), then at national scale — registry-shaped rows generated up to
 * size=N (default 27,000), or a registry CSV imported with file=PATH. At each size: a mixed run of a few
 * thousand queries derived from real names, and p50/p99 per query class (2 characters, a word in nearly
 * every name, a distinctive word, two words, a typo) with the EXPLAIN plan of each class's statements.
 *
 * Options: queries=N mixed queries (default 3000), rounds=N per query class (default 300), concurrency=N for
 * the concurrent HTTP run (default 8), size=N generated scale (default 27000; 0 skips it), file=PATH.
 */
import type { Knex } from 'knex';
import { startTestApp } from '../test/helpers/app';
import { createUser } from '../test/helpers/users';
import { countDepartments, insertRegistryShaped } from '../test/helpers/registryShaped';
import { importDepartmentsFile, settleDepartmentTables } from '../src/services/departments/registryImport';
import { normalizeSearchQuery, searchDepartments, searchStatement } from '../src/services/departments/search';
import type { Sql } from '../src/db/sql';
import { inTransaction } from '../src/db/transaction';
import {
  formatSummary,
  measure,
  seededRandom,
  summarize,
  type Benchmark,
  type BenchContext,
  type LatencySummary,
} from './lib';

/**
 * What people type: the beginning of a name (or of a later word in it, or of the city), 2–12 characters,
 * mostly lower case; one in ten has a typo (two neighbouring letters swapped) to exercise the fuzzy path.
 */
export function deriveQueries(sources: { name: string; city: string }[], count: number, seed = 42): string[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const queries: string[] = [];
  while (queries.length < count) {
    const source = pick(sources);
    const text = random() < 0.15 ? source.city : source.name;
    const words = text.split(/\s+/).filter(Boolean);
    const from = random() < 0.6 ? 0 : Math.floor(random() * words.length);
    const length = 2 + Math.floor(random() * 11); // 2..12
    let query = words.slice(from).join(' ').slice(0, length).trim();
    if (query.length < 2) continue;
    if (random() < 0.7) query = query.toLowerCase();
    if (query.length >= 5 && random() < 0.1) {
      const i = 1 + Math.floor(random() * (query.length - 2));
      query = query.slice(0, i) + query[i + 1] + query[i] + query.slice(i + 2);
    }
    queries.push(query);
  }
  return queries;
}

/** The query classes of docs/performance.md, each a few real queries measured in turn. */
export const QUERY_CLASSES: Record<string, readonly string[]> = {
  '2 characters': ['sp', 'ma', 'co', 'oa', 'de', 'ri', 'we', 'ak'],
  'word in nearly every name': ['fire', 'department', 'volunteer', 'district', 'company', 'rescue'],
  'distinctive word': ['spring', 'hamilton', 'bristol', 'aurora', 'naknek', 'troy'],
  'two words': ['county volunteer', 'troy fire', 'west end', 'marion fire', 'fire district', 'spring valley'],
  typo: ['sprngfield', 'bristle bay', 'hamiltn', 'auorra', 'marrion', 'bataiva'],
  // docs/performance.md: a place and a state ("Springfield IL"), read both as typed and narrowed to the state.
  'with a state': ['springfield il', 'fire department, Ohio', 'troy fire mi', 'hamilton oh', 'sprngfield oh', 'Iowa'],
};

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Subplan Name'?: string;
  'Parent Relationship'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** Whether a node is worth naming: it ran, and it is not a gate counting an earlier CTE's rows. */
const shown = (node: PlanNode) => node['Actual Loops'] !== 0 && node['Parent Relationship'] !== 'InitPlan';

/** "Limit > Sort > Bitmap Heap Scan > Bitmap Index Scan (departments_search_trgm)", depth first. */
function planNames(node: PlanNode): string {
  const self = node['Index Name'] ? `${node['Node Type']} (${node['Index Name']})` : node['Node Type'];
  const children = (node.Plans ?? []).filter(shown).map(planNames);
  if (children.length === 0) return self;
  return children.length === 1 ? `${self} > ${children[0]}` : `${self} > [${children.join(' + ')}]`;
}

/**
 * The statement's plan as it runs in the service — the generic plan of its prepared statement (see
 * src/db/prepared.ts) — with EXPLAIN ANALYZE: one line per CTE that ran, then the final select.
 */
async function explainNames(db: Knex, statement: Sql): Promise<string[]> {
  const native = db
    .raw(statement.sql, statement.bindings as Knex.RawBinding[])
    .toSQL()
    .toNative();
  const result = await inTransaction(db, async (trx) => {
    await trx.raw('set local plan_cache_mode = force_generic_plan');
    await trx.raw(`prepare bench_search as ${native.sql.replace(/\?/g, '\\?')}`);
    // EXECUTE takes no bind parameters: the values go in as escaped literals.
    const args = trx.raw(native.bindings.map(() => '?').join(', '), native.bindings).toQuery();
    const explained = await trx.raw(`explain (analyze, format json) execute bench_search(${args})`);
    await trx.raw('deallocate bench_search');
    return explained;
  });
  const rows = (result as { rows: Record<string, unknown>[] }).rows;
  const value = Object.values(rows[0]!)[0];
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
  const root = plan[0]!.Plan;
  const ctes = (root.Plans ?? []).filter(
    (node) => node['Subplan Name']?.startsWith('CTE ') && node['Actual Loops'] !== 0,
  );
  const main = { ...root, Plans: (root.Plans ?? []).filter((node) => !node['Subplan Name']?.startsWith('CTE ')) };
  return [
    ...ctes.map((node) => `${node['Subplan Name']!.slice(4)}: ${planNames(node)}`),
    ...(ctes.length ? [`final: ${planNames(main)}`] : [planNames(main)]),
  ];
}

interface ClassResult {
  service: LatencySummary;
  http: LatencySummary;
}

/** p50/p99 of each query class, through the service and through HTTP, `rounds` calls each. */
async function measureClasses(
  context: BenchContext,
  run: { db: Knex; viewerId: number; get: (q: string) => Promise<void>; rounds: number },
): Promise<Record<string, ClassResult>> {
  const { log } = context;
  const results: Record<string, ClassResult> = {};
  for (const [name, queries] of Object.entries(QUERY_CLASSES)) {
    const items = Array.from({ length: run.rounds }, (_, i) => queries[i % queries.length]!);
    await measure(items.slice(0, 50), (q) => searchDepartments({ id: run.viewerId, role: 'user' }, q));
    const service = await measure(items, (q) => searchDepartments({ id: run.viewerId, role: 'user' }, q));
    await measure(items.slice(0, 50), run.get);
    const http = await measure(items, run.get);
    results[name] = {
      service: summarize(service.samples, service.wallMs),
      http: summarize(http.samples, http.wallMs),
    };
    log(`  ${name} (${queries.map((q) => JSON.stringify(q)).join(', ')})`);
    log(formatSummary('    service', results[name].service));
    log(formatSummary('    HTTP', results[name].http));
  }
  log('\n  Plans (EXPLAIN), one line per statement of the first query of each class:');
  for (const [name, queries] of Object.entries(QUERY_CLASSES)) {
    const q = queries[0]!;
    log(`  ${name}, "${q}":`);
    for (const line of await explainNames(run.db, searchStatement(normalizeSearchQuery(q), run.viewerId))) {
      log(`    ${line}`);
    }
  }
  return results;
}

/** The mixed run: queries derived from real names, through the service and HTTP (sequential and concurrent). */
async function measureMixed(
  context: BenchContext,
  run: { queries: string[]; viewerId: number; get: (q: string) => Promise<void>; concurrency: number },
): Promise<void> {
  const { log } = context;
  const { queries } = run;
  await measure(queries.slice(0, 200), (q) => searchDepartments({ id: run.viewerId, role: 'user' }, q));
  const sizes: number[] = [];
  const service = await measure(queries, async (q) =>
    sizes.push((await searchDepartments({ id: run.viewerId, role: 'user' }, q)).length),
  );
  log(formatSummary('  service searchDepartments()', summarize(service.samples, service.wallMs)));
  for (const [min, max] of [
    [2, 3],
    [4, 7],
    [8, 12],
  ] as const) {
    const picked = queries.flatMap((q, i) => (q.length >= min && q.length <= max ? [service.samples[i]!] : []));
    log(
      formatSummary(
        `    queries of ${min}–${max} characters`,
        summarize(picked, service.wallMs * (picked.length / queries.length)),
      ),
    );
  }
  const empty = sizes.filter((s) => s === 0).length;
  log(
    `    results per query: mean ${(sizes.reduce((a, b) => a + b, 0) / sizes.length).toFixed(1)}, ` +
      `${((empty / sizes.length) * 100).toFixed(1)}% found nothing, max ${Math.max(...sizes)}`,
  );
  await measure(queries.slice(0, 200), run.get);
  const http = await measure(queries, run.get);
  log(formatSummary('  HTTP GET /api/departments/search', summarize(http.samples, http.wallMs)));
  const parallel = await measure(queries, run.get, run.concurrency);
  log(formatSummary(`  HTTP, ${run.concurrency} concurrent clients`, summarize(parallel.samples, parallel.wallMs)));
}

const ms = (v: number) => v.toFixed(2).padStart(7);

/** The summary table: p50/p99 per class at both sizes, and the large size's p99 as a multiple of the small one's. */
function printTable(
  log: BenchContext['log'],
  sizes: [number, number],
  small: Record<string, ClassResult>,
  large: Record<string, ClassResult>,
): void {
  log(`\nSummary (ms): p50 / p99 at ${sizes[0]} and ${sizes[1]} departments; ratio = p99 large / p99 small`);
  log(
    `  ${'class'.padEnd(26)} ${'via'.padEnd(8)} ${`${sizes[0]}: p50     p99`.padEnd(22)} ${`${sizes[1]}: p50     p99`.padEnd(22)} ratio`,
  );
  for (const name of Object.keys(QUERY_CLASSES)) {
    for (const via of ['service', 'http'] as const) {
      const a = small[name]![via];
      const b = large[name]![via];
      log(
        `  ${name.padEnd(26)} ${via.padEnd(8)} ${ms(a.p50)} ${ms(a.p99)}        ${ms(b.p50)} ${ms(b.p99)}        ${(b.p99 / a.p99).toFixed(2)}×`,
      );
    }
  }
}

/**
 * Writes the bulk load's dirty pages out before measuring: the 24,000 rows, their word index and the vacuum
 * fill the WAL, and the checkpoint Postgres then starts writes for ~20 s — a run measured during it doubled
 * every latency, even the HTTP floor. CHECKPOINT needs a superuser (or pg_checkpoint); without it, says so.
 */
async function flushWrites(context: BenchContext, db: Knex): Promise<void> {
  await db.raw('checkpoint').catch((error: Error) => context.log(`(no CHECKPOINT before measuring: ${error.message})`));
}

/** Grows the table to national scale: the given registry file, or registry-shaped rows up to `size`. */
async function grow(context: BenchContext, db: Knex, options: { file?: string; size: number }): Promise<void> {
  if (options.file) {
    const file = options.file;
    const result = await inTransaction(db, (trx) => importDepartmentsFile(trx, null, { file }));
    await settleDepartmentTables(db);
    context.log(
      `imported ${options.file}: ${result.added} added, ${result.updated} updated, ${result.skipped} skipped`,
    );
  } else {
    await insertRegistryShaped(db, options.size - (await countDepartments(db)));
  }
}

export const benchmark: Benchmark = {
  description:
    'search latency (service and HTTP, p50/p99 per query class) at 3,216 and ~27,000 departments, with plans',
  async run(context) {
    const { log, options } = context;
    const count = Number(options.queries ?? 3000);
    const rounds = Number(options.rounds ?? 300);
    const concurrency = Number(options.concurrency ?? 8);
    const size = Number(options.size ?? 27_000);
    const app = await startTestApp({ rateLimitsEnabled: false });
    try {
      const db = app.db;
      const [{ version }] = (await db.raw('select version()')).rows as [{ version: string }];
      log(`database: ${app.database.kind} — ${version.split(',')[0]}`);
      const { user, token } = await createUser({ name: 'Bench Firefighter' });
      const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
      const get = async (q: string) => {
        const res = await fetch(`${app.baseUrl}/api/departments/search?q=${encodeURIComponent(q)}`, { headers });
        if (!res.ok) throw new Error(`HTTP ${res.status} for ${q}`);
        await res.json();
      };
      const sources = (await db('departments').select('name', 'city')) as { name: string; city: string }[];
      const queries = deriveQueries(sources, count);
      log(
        `mixed queries: ${queries.length} (2–12 characters from the shipped names; e.g. ${queries
          .slice(0, 6)
          .map((q) => JSON.stringify(q))
          .join(', ')})`,
      );

      const atSize = async () => {
        const n = await countDepartments(db);
        await flushWrites(context, db);
        log(`\n── ${n} departments`);
        await measureMixed(context, { queries, viewerId: user.id, get, concurrency });
        log('');
        return { n, classes: await measureClasses(context, { db, viewerId: user.id, get, rounds }) };
      };
      const small = await atSize();
      if (!options.file && size <= small.n) return;
      await grow(context, db, { file: options.file, size });
      const large = await atSize();
      printTable(log, [small.n, large.n], small.classes, large.classes);
    } finally {
      await app.close();
    }
  },
};
