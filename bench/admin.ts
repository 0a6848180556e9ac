/**
 * The admin Users tab at scale (docs/performance.md): with size=N users seeded (default 10,000; a third with a profile,
 * half with a primary department), how fast GET /api/admin/users answers its first page, a search by name and
 * a search by e-mail, through HTTP on the real app, one request at a time. The target is each under 50 ms (docs/performance.md).
 * Then the same searches with the trigram index dropped (users_search_trgm), for the index's ratio, and the
 * EXPLAIN of each statement.
 *
 * Options: size=N (default 10000), rounds=N requests per kind (default 300).
 */
import type { Knex } from 'knex';
import { startTestApp, type HttpClient } from '../test/helpers/app';
import { createUser } from '../test/helpers/users';
import { formatSummary, measure, seededRandom, summarize, type Benchmark, type BenchContext } from './lib';

const FIRST = [
  'James',
  'Maria',
  'Robert',
  'Linda',
  'Michael',
  'Patricia',
  'David',
  'Jennifer',
  'Carlos',
  'Aisha',
  'Wei',
  'Olga',
  'Tomas',
  'Keisha',
  'Liam',
  'Noor',
];
const LAST = [
  'Smith',
  'Johnson',
  'Okafor',
  'Garcia',
  'Nguyen',
  'Kowalski',
  'Brennan',
  'Haddad',
  'Rivera',
  'Lindqvist',
  'Moreau',
  'Tanaka',
  'Oyelaran',
  'Fitzgerald',
  'Castellano',
  'Abernathy',
];

async function seedUsers(db: Knex, size: number): Promise<Array<{ name: string; email: string }>> {
  const random = seededRandom(7);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const rows: Array<{
    name: string;
    email: string;
    password_hash: string;
    role: string;
    is_active: boolean;
    created_at: Date;
  }> = [];
  const start = Date.UTC(2025, 0, 1);
  for (let i = 0; i < size; i++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    rows.push({
      name: `${first} ${last}`,
      email: `${first}.${last}.${i}@station${i % 400}.example.org`.toLowerCase(),
      password_hash: 'not-a-real-hash',
      role: i % 50 === 0 ? 'admin' : 'user',
      is_active: i % 17 !== 0,
      created_at: new Date(start + i * 60_000),
    });
  }
  for (let i = 0; i < rows.length; i += 1000) await db('users').insert(rows.slice(i, i + 1000));
  const ids = (await db('users').where('password_hash', 'not-a-real-hash').orderBy('id').pluck('id')) as number[];
  const departments = (await db('departments').orderBy('id').limit(500).pluck('id')) as number[];
  const links = ids
    .filter((_, i) => i % 2 === 0)
    .map((userId, i) => ({
      user_id: userId,
      department_id: departments[i % departments.length],
      is_primary: true,
    }));
  for (let i = 0; i < links.length; i += 1000) await db('user_departments').insert(links.slice(i, i + 1000));
  const profiles = ids
    .filter((_, i) => i % 3 === 0)
    .map((userId) => ({ user_id: userId, name: 'Seeded', rank: 'Firefighter', department: 'Seeded FD' }));
  for (let i = 0; i < profiles.length; i += 1000) await db('profiles').insert(profiles.slice(i, i + 1000));
  await db.raw('analyze');
  return rows.map(({ name, email }) => ({ name, email }));
}

async function run({ log, options }: BenchContext): Promise<void> {
  const size = Number(options.size ?? 10_000);
  const rounds = Number(options.rounds ?? 300);
  const app = await startTestApp({ rateLimitsEnabled: false });
  try {
    const seeded = await seedUsers(app.db, size);
    const admin = await createUser({ role: 'admin' });
    const client: HttpClient = app.client();
    client.bearer = admin.token;
    const total = Number((await app.db('users').count('* as n').first())!.n);
    log(`${total} users (${size} seeded: half with a primary department, a third with a profile)`);

    const random = seededRandom(99);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    // Name searches: a surname, a "first last" prefix, a fragment inside a surname; e-mail searches: a full
    // address, a station domain, a fragment.
    const nameQueries = Array.from({ length: rounds }, (_, i) => {
      const user = pick(seeded);
      const [first, last] = user.name.split(' ') as [string, string];
      return [last, `${first} ${last.slice(0, 3)}`, last.slice(1, 5).toLowerCase()][i % 3]!;
    });
    const emailQueries = Array.from({ length: rounds }, (_, i) => {
      const user = pick(seeded);
      return [user.email, user.email.slice(user.email.indexOf('@') + 1), user.email.slice(2, 9)][i % 3]!;
    });
    const get = async (path: string) => {
      const res = await client.get(path);
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      return res.body as unknown;
    };
    // Warm up.
    for (let i = 0; i < 30; i++) await get('/api/admin/users');

    const kinds: Array<[string, string[]]> = [
      ['floor: /api/auth/me (same auth)', Array.from({ length: rounds }, () => '/api/auth/me')],
      ['first page', Array.from({ length: rounds }, () => '/api/admin/users')],
      ['search by name', nameQueries.map((q) => `/api/admin/users?q=${encodeURIComponent(q)}`)],
      ['search by e-mail', emailQueries.map((q) => `/api/admin/users?q=${encodeURIComponent(q)}`)],
      ['page 200 (offset 3,980)', Array.from({ length: rounds }, () => '/api/admin/users?page=200')],
    ];
    const results: Record<string, ReturnType<typeof summarize>> = {};
    for (const [label, paths] of kinds) {
      const { samples, wallMs } = await measure(paths, get);
      results[label] = summarize(samples, wallMs);
      log(formatSummary(`GET ${label}`, results[label]!));
    }
    const verdict = (label: string) =>
      `${label}: p50 ${results[label]!.p50.toFixed(1)} ms, p99 ${results[label]!.p99.toFixed(1)} ms → ${
        results[label]!.p99 < 50 ? 'under' : 'OVER'
      } 50 ms`;
    log();
    for (const label of ['first page', 'search by name', 'search by e-mail']) log(verdict(label));
    const floor = results['floor: /api/auth/me (same auth)']!.p50;
    log(
      `ratios to the floor (p50): first page ×${(results['first page']!.p50 / floor).toFixed(2)}, name search ×${(
        results['search by name']!.p50 / floor
      ).toFixed(2)}, e-mail search ×${(results['search by e-mail']!.p50 / floor).toFixed(2)}`,
    );
    log(
      `ratios (p50): name search ÷ first page ${(results['search by name']!.p50 / results['first page']!.p50).toFixed(2)}, ` +
        `e-mail search ÷ first page ${(results['search by e-mail']!.p50 / results['first page']!.p50).toFixed(2)}`,
    );

    // The statements' plans.
    const explain = async (q: string) => {
      const sql =
        'explain (analyze, costs off, timing off, summary on) select count(*) from users where search_text like ?';
      const rows = (await app.db.raw(sql, [`%${q.toLowerCase()}%`])).rows as Array<{ 'QUERY PLAN': string }>;
      return rows.map((r) => r['QUERY PLAN']).join(' | ');
    };
    log();
    log(`plan, name fragment "${nameQueries[2]}": ${await explain(nameQueries[2]!)}`);
    log(`plan, e-mail "${emailQueries[0]}": ${await explain(emailQueries[0]!)}`);

    // Without the trigram index, for its ratio.
    await app.db.raw('drop index users_search_trgm');
    await app.db.raw('analyze users');
    const without: Record<string, ReturnType<typeof summarize>> = {};
    for (const [label, paths] of kinds.slice(2, 4)) {
      const { samples, wallMs } = await measure(paths, get);
      without[label] = summarize(samples, wallMs);
      log(formatSummary(`GET ${label} (no trigram index)`, without[label]!));
    }
    for (const label of ['search by name', 'search by e-mail']) {
      log(`trigram index speed-up, ${label} (p50): ×${(without[label]!.p50 / results[label]!.p50).toFixed(2)}`);
    }
  } finally {
    await app.close();
  }
}

export const benchmark: Benchmark = {
  description: 'admin Users tab: first page and search by name / e-mail over HTTP with 10,000 users',
  run,
};
