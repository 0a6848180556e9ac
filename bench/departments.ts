/**
 * Department search: latency of the service call and of GET /api/departments/search over the seeded registry
 * extract (3,216 departments), for a few thousand queries of 2–12 characters derived from real names, plus
 * the query plan showing the trigram GIN index (departments_search_trgm) in use.
 *
 * Options: queries=N (default 3000), concurrency=N for the concurrent HTTP run (default 8).
 */
import type { Knex } from 'knex';
import type { Viewer } from '../src/policies/viewer';
import { startTestApp } from '../test/helpers/app';
import { createUser } from '../test/helpers/users';
import {
  containsQuery,
  FUZZY_SETTINGS,
  fuzzyQuery,
  searchDepartments,
  WORD_SIMILARITY_THRESHOLD,
} from '../src/services/departments';
import { formatSummary, measure, seededRandom, summarize, type Benchmark, type BenchContext } from './lib';

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

type Sql = { sql: string; bindings: readonly unknown[] };

async function explain(db: Knex, sql: Sql, settings: { fuzzy?: boolean; seqscanOff?: boolean }): Promise<string[]> {
  return db.transaction(async (trx) => {
    if (settings.fuzzy) await trx.raw(FUZZY_SETTINGS, [String(WORD_SIMILARITY_THRESHOLD)]);
    if (settings.seqscanOff) await trx.raw('set local enable_seqscan = off');
    const result = (await trx.raw(
      `explain (analyze, costs off, summary on) ${sql.sql}`,
      sql.bindings as Knex.RawBinding[],
    )) as { rows: Record<string, string>[] };
    return result.rows.map((row) => Object.values(row)[0]!);
  });
}

const usesIndex = (lines: string[]) => lines.some((line) => line.includes('departments_search_trgm'));

async function showPlans(context: BenchContext, db: Knex, viewer: Viewer): Promise<void> {
  const { log } = context;
  const print = (lines: string[]) => lines.forEach((line) => log(`    ${line}`));
  for (const q of ['troy fire', 'spring', 'ma']) {
    const sql = containsQuery(q, viewer, db).toKnexQuery().toSQL();
    const plan = await explain(db, sql, {});
    log(`\n  Tier 1 (contains) for "${q}"${usesIndex(plan) ? ': the planner uses the trigram GIN index' : ':'}`);
    print(plan);
    if (!usesIndex(plan)) {
      log(
        `  The planner chose a sequential scan for "${q}" (${q.length < 3 ? 'a 2-character pattern yields no trigrams, so the index cannot narrow it' : 'cheaper than the index on ~3k rows'}).`,
      );
      log('  The same with enable_seqscan = off:');
      print(await explain(db, sql, { seqscanOff: true }));
    }
  }
  for (const q of ['bristle bay', 'troy fire']) {
    const sql = fuzzyQuery(q, viewer, [], 10, db).toKnexQuery().toSQL();
    log(
      `\n  Tier 2 (fuzzy, word similarity >= ${WORD_SIMILARITY_THRESHOLD}) for "${q}", with the service's settings (enable_seqscan off):`,
    );
    print(await explain(db, sql, { fuzzy: true }));
  }
}

export const benchmark: Benchmark = {
  description: 'search latency (service and HTTP, p50/p99) over the seeded registry, and the query plan',
  async run(context) {
    const { log, options } = context;
    const count = Number(options.queries ?? 3000);
    const concurrency = Number(options.concurrency ?? 8);
    const app = await startTestApp({ rateLimitsEnabled: false });
    try {
      const db = app.db;
      const [{ n }] = (await db('departments').count('* as n')) as unknown as [{ n: string }];
      const [{ version }] = (await db.raw('select version()')).rows as [{ version: string }];
      log(`database: ${app.database.kind} — ${version.split(',')[0]}; ${n} departments`);
      const { user, token } = await createUser({ name: 'Bench Firefighter' });

      const sources = (await db('departments').select('name', 'city')) as { name: string; city: string }[];
      const queries = deriveQueries(sources, count);
      const byLength = (min: number, max: number) =>
        queries.map((q, i) => [q, i] as const).filter(([q]) => q.length >= min && q.length <= max);
      log(
        `queries: ${queries.length} (2–12 characters; e.g. ${queries
          .slice(0, 6)
          .map((q) => JSON.stringify(q))
          .join(', ')})`,
      );

      // Warm up the pool, the plan cache and the JIT-free paths.
      await measure(queries.slice(0, 200), (q) => searchDepartments(user, q));

      const sizes: number[] = [];
      const service = await measure(queries, async (q) => sizes.push((await searchDepartments(user, q)).length));
      log('');
      log(formatSummary('service searchDepartments()', summarize(service.samples, service.wallMs)));
      for (const [min, max] of [
        [2, 3],
        [4, 7],
        [8, 12],
      ] as const) {
        const picked = byLength(min, max).map(([, i]) => service.samples[i]!);
        log(
          formatSummary(
            `  queries of ${min}–${max} characters`,
            summarize(picked, service.wallMs * (picked.length / queries.length)),
          ),
        );
      }
      const empty = sizes.filter((s) => s === 0).length;
      log(
        `  results per query: mean ${(sizes.reduce((a, b) => a + b, 0) / sizes.length).toFixed(1)}, ` +
          `${((empty / sizes.length) * 100).toFixed(1)}% found nothing, max ${Math.max(...sizes)}`,
      );

      const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
      const get = async (q: string) => {
        const res = await fetch(`${app.baseUrl}/api/departments/search?q=${encodeURIComponent(q)}`, { headers });
        if (!res.ok) throw new Error(`HTTP ${res.status} for ${q}`);
        await res.json();
      };
      await measure(queries.slice(0, 200), get);
      const http = await measure(queries, get);
      log(formatSummary('HTTP GET /api/departments/search', summarize(http.samples, http.wallMs)));
      const parallel = await measure(queries, get, concurrency);
      log(formatSummary(`HTTP, ${concurrency} concurrent clients`, summarize(parallel.samples, parallel.wallMs)));

      log('\nQuery plans (EXPLAIN ANALYZE):');
      await showPlans(context, db, user);
    } finally {
      await app.close();
    }
  },
};
