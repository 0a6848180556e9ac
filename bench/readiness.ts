/**
 * The department readiness roster at scale (docs/decisions/department-readiness.md, docs/performance.md): one
 * department, its training officer, members verified in it who shared their certifications and licenses (one in
 * ten only licenses), 30 catalogue credentials among them and two position requirements. Measures
 * GET /departments/{id}/readiness and its CSV over HTTP on the real app — sequential, then a few concurrent
 * clients — and the queries each request sends, at 10 members and at size=N (default 1,000).
 *
 * Options: size=N members (default 1000), rounds=N requests per kind (default 100), concurrency=N (default 4).
 */
import type { Knex } from 'knex';
import { startTestApp, type HttpClient } from '../test/helpers/app';
import { queriesOf } from '../test/helpers/queries';
import { createUser } from '../test/helpers/users';
import {
  formatSummary,
  measure,
  quantile,
  seededRandom,
  summarize,
  targetLine,
  type Benchmark,
  type BenchContext,
} from './lib';

const CREDENTIALS = 30;
const CERTIFICATIONS = 18; // the first 18 of the catalogue are held as certifications, the other 12 as licenses
const BATCH = 1000;

interface Seed {
  departmentId: number;
  catalogue: string[];
}

/** The department, 30 catalogue names and two positions built from them. */
async function seedDepartment(db: Knex): Promise<Seed> {
  const [departmentId] = (await db('departments')
    .where('verification_status', 'verified')
    .orderBy('id')
    .limit(1)
    .pluck('id')) as number[];
  const catalogue = (await db('credential_catalogue')
    .distinct('name')
    .orderBy('name')
    .limit(CREDENTIALS)
    .pluck('name')) as string[];
  if (catalogue.length < CREDENTIALS) throw new Error(`the catalogue has only ${catalogue.length} credentials`);
  await db('position_requirements').insert([
    { department_id: departmentId, name: 'Engineer', credentials: [catalogue[0], catalogue[CERTIFICATIONS]] },
    { department_id: departmentId, name: 'Paramedic', credentials: [catalogue[1], catalogue[2], catalogue[3]] },
  ]);
  return { departmentId: departmentId!, catalogue };
}

/** Adds members `from`..`to - 1`: user, live profile, verification, consent, ~12 items each, in batch inserts. */
async function seedMembers(db: Knex, seed: Seed, from: number, to: number): Promise<void> {
  const random = seededRandom(from + 1);
  const insert = async (table: string, rows: object[], returning?: string) => {
    const out: Array<Record<string, number>> = [];
    for (let i = 0; i < rows.length; i += BATCH) {
      const query = db(table).insert(rows.slice(i, i + BATCH));
      if (returning) out.push(...((await query.returning(returning)) as Array<Record<string, number>>));
      else await query;
    }
    return out;
  };
  const indexes = Array.from({ length: to - from }, (_, i) => from + i);
  const users = await insert(
    'users',
    indexes.map((i) => ({
      name: `Bench Member ${i}`,
      email: `bench.member.${i}@readiness.example.org`,
      username: `bench-member-${i}`,
      password_hash: 'not-a-real-hash',
      role: 'user',
      is_active: true,
    })),
    'id',
  );
  const userIds = users.map((row) => row.id!);
  const profiles = await insert(
    'profiles',
    userIds.map((userId, i) => ({
      user_id: userId,
      name: `Bench Member ${from + i}`,
      rank: 'Firefighter',
      department_id: seed.departmentId,
      department: 'Bench FD',
      profile_status: 'live',
    })),
    'id',
  );
  await insert(
    'user_departments',
    userIds.map((userId) => ({ user_id: userId, department_id: seed.departmentId, is_primary: true })),
  );
  await insert(
    'membership_verifications',
    userIds.map((userId) => ({
      user_id: userId,
      department_id: seed.departmentId,
      status: 'approved',
      decided_at: new Date(),
    })),
  );
  await insert(
    'readiness_consents',
    userIds.map((userId, i) => ({
      user_id: userId,
      department_id: seed.departmentId,
      kinds: (from + i) % 10 === 9 ? ['licenses'] : ['certifications', 'licenses'],
    })),
  );
  // Each member holds 8 of the 18 certification names and 4 of the 12 license names; expiries spread over
  // the past year to six years ahead, so every cell state occurs.
  const pickSome = (offset: number, count: number, held: number) => {
    const names = seed.catalogue.slice(offset, offset + count);
    for (let i = names.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [names[i], names[j]] = [names[j]!, names[i]!];
    }
    return names.slice(0, held);
  };
  const month = () => String(1 + Math.floor(random() * 12)).padStart(2, '0');
  const year = () => 2025 + Math.floor(random() * 7);
  const certifications: object[] = [];
  const licenses: object[] = [];
  profiles.forEach(({ id: profileId }) => {
    pickSome(0, CERTIFICATIONS, 8).forEach((name, position) => {
      const expires = year();
      certifications.push({
        profile_id: profileId,
        position,
        visibility: 'private',
        show_on_main_profile: true,
        name,
        issuer: 'Bench Academy',
        year: expires - 3,
        expires: random() < 0.1 ? null : expires,
        expires_on: random() < 0.5 ? `${month()}/15/${expires}` : null,
      });
    });
    pickSome(CERTIFICATIONS, CREDENTIALS - CERTIFICATIONS, 4).forEach((name, position) => {
      licenses.push({
        profile_id: profileId,
        position,
        visibility: 'private',
        show_on_main_profile: true,
        name,
        type: 'State',
        issued: `${month()}/2020`,
        expires: `${month()}/${year()}`,
        status: 'active',
      });
    });
  });
  await insert('profile_certifications', certifications);
  await insert('profile_licenses', licenses);
  await db.raw('analyze');
}

interface Measured {
  label: string;
  p50: number;
  p95: number;
}

async function run({ log, options }: BenchContext): Promise<void> {
  const size = Number(options.size ?? 1000);
  const rounds = Number(options.rounds ?? 100);
  const concurrency = Number(options.concurrency ?? 4);
  const app = await startTestApp({ rateLimitsEnabled: false });
  try {
    const db = app.db;
    const started = Date.now();
    const seed = await seedDepartment(db);
    const officer = await createUser({ name: 'Bench Officer' });
    await db('department_officers').insert({ department_id: seed.departmentId, user_id: officer.user.id });
    const client: HttpClient = app.client();
    client.bearer = officer.token;
    const page = `/departments/${seed.departmentId}/readiness`;
    const csv = `/departments/${seed.departmentId}/readiness.csv`;
    const get = async (path: string) => {
      const res = await client.get(path);
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text.slice(0, 200)}`);
      return res;
    };

    /** Queries per request, counted on a warm app (the session read included). */
    const queriesPer = async (path: string) => {
      await get(path);
      return (await queriesOf(db, () => get(path))).sql.length;
    };
    await seedMembers(db, seed, 0, 10);
    const small = { page: await queriesPer(page), csv: await queriesPer(csv) };
    await seedMembers(db, seed, 10, size);
    const shared = Number(
      (await db('readiness_consents').where('department_id', seed.departmentId).count('* as n').first())!.n,
    );
    const items =
      Number((await db('profile_certifications').count('* as n').first())!.n) +
      Number((await db('profile_licenses').count('* as n').first())!.n);
    log(
      `${shared} members sharing, ${items} certifications and licenses, ${CREDENTIALS} credentials, 2 positions ` +
        `(seeded in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    const large = { page: await queriesPer(page), csv: await queriesPer(csv) };
    const pageBytes = (await get(page)).text.length;
    const csvBytes = (await get(csv)).text.length;
    log(`page ${(pageBytes / 1024).toFixed(0)} KB, CSV ${(csvBytes / 1024).toFixed(0)} KB`);
    // React's development build (NODE_ENV unset) renders several times slower than the container's.
    log(
      `NODE_ENV=${process.env.NODE_ENV ?? '(unset)'}: React's ${process.env.NODE_ENV === 'production' ? 'production' : 'development'} build`,
    );

    // Warm up, then each kind sequentially and with a few concurrent clients.
    for (let i = 0; i < 5; i++) await Promise.all([get(page), get(csv)]);
    const results: Measured[] = [];
    const cpu: Record<string, number> = {};
    const kinds: Array<[string, string]> = [
      ['floor: /api/auth/me (same session)', '/api/auth/me'],
      ['roster page', page],
      ['roster CSV', csv],
    ];
    for (const [label, path] of kinds) {
      const paths = Array.from({ length: rounds }, () => path);
      const before = process.cpuUsage();
      const sequential = await measure(paths, get);
      const used = process.cpuUsage(before);
      cpu[label] = (used.user + used.system) / 1000 / rounds;
      const parallel = await measure(paths, get, concurrency);
      for (const [how, m] of [
        ['sequential', sequential],
        [`@${concurrency}`, parallel],
      ] as const) {
        const sorted = [...m.samples].sort((a, b) => a - b);
        results.push({ label: `${label}, ${how}`, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) });
        log(formatSummary(`GET ${label}, ${how}`, summarize(m.samples, m.wallMs)));
      }
    }
    log();
    for (const [label] of kinds) {
      log(`CPU per request (app and client, one process), ${label}: ${cpu[label]!.toFixed(2)} ms`);
    }
    log();
    const at = (label: string) => results.find((r) => r.label === label)!;
    const row = (label: string, target: number) => {
      const r = at(label);
      log(
        targetLine({
          name: `${label} p95, ${size} members`,
          value: r.p95,
          unit: 'ms',
          target,
          comparison: '<=',
          detail: `p50 ${r.p50.toFixed(1)} ms`,
        }),
      );
    };
    row('roster page, sequential', 100);
    row(`roster page, @${concurrency}`, 100);
    row('roster CSV, sequential', 200);
    row(`roster CSV, @${concurrency}`, 200);
    for (const [label, counts] of [
      ['page', [small.page, large.page]],
      ['CSV', [small.csv, large.csv]],
    ] as const) {
      log(
        targetLine({
          name: `queries per roster ${label} request, 10 / ${size} members`,
          value: Math.max(...counts),
          unit: '',
          target: 5,
          comparison: '<=',
          detail: `${counts[0]} / ${counts[1]}`,
        }),
      );
    }
  } finally {
    await app.close();
  }
}

export const benchmark: Benchmark = {
  description: 'department readiness roster: page and CSV over HTTP, 1,000 members × 30 credentials, queries',
  run,
};
