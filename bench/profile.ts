/**
 * Profile page speed (docs/performance.md, "Speed"): how fast the built server answers a large public profile, how close that
 * is to `/health` (answered before the middleware since docs/performance.md) and to the limit (a bare Koa process serving the
 * same bytes), how many queries a render takes, and how many bytes of HTML, CSS and JavaScript each page sends.
 *
 *   1. seeds a fresh database (createTestDatabase) with a user and a live profile with every header field and
 *      100 items over its widget lists (seedItems: the docs/performance.md "large profile");
 *   2. builds the production bundle (`npm run build`) and starts `node dist/server.js` as its own process, once
 *      with PAGE_CACHE=true (warm) and once with PAGE_CACHE=false (cold: every request renders);
 *   3. drives it with wrk (one thread, Accept-Encoding: gzip, Accept: text/html), as docs/performance.md measures; also the
 *      owner's edit page (`?edit=1`, rendered on every request) with its editors kept (RENDER_CACHE=true) and
 *      rendered whole;
 *   4. counts database queries per render in-process (startTestApp, knex 'query' events);
 *   5. measures the bytes each page sends, raw and gzipped.
 *
 * The visitor's kept page and the two signed-in views compared with it (a member's, "View as member") are measured
 * alternately, `rounds` times at each connection count, so a neighbour's burst on this shared machine hits both
 * sides of a ratio alike; their targets read the median of the rounds' ratios.
 *
 * A freshly started server runs its first seconds on V8's lower tiers and loads some modules on first use: a cold
 * render's rate climbs from ~500 to ~1,250 a second over its first 5 s (measured, 1 s cells). So before its first
 * cell each app server is loaded for `settle` seconds on every page it is measured on, and the cells measure the
 * steady state a running server is in.
 *
 * Options: duration=S (seconds per load run, default 5), warmup=S (default 1, before each cell), settle=S (default
 * 6, per page, once per server), rounds=N (default 3), connections=10,50,
 * build=false (reuse dist/ as it is), cpuprof=DIR (run the app servers with --cpu-prof, profiles written to DIR).
 * Needs wrk on the PATH (`apt-get install -y wrk`) and a Postgres server (TEST_DATABASE_URL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import type { Knex } from 'knex';
import { createTestDatabase, type TestDatabase } from '../test/helpers/database';
import { startTestApp } from '../test/helpers/app';
import { createUser, type CreatedUser } from '../test/helpers/users';
import { createProfileFor } from '../test/helpers/profiles';
import { CONTAINER_ENV, medianBy, targetLine, type Benchmark, type BenchContext } from './lib';
import { cpuSecondsOf, wrk } from './floor';
import { inTransaction } from '../src/db/transaction';
import { listItemModel } from '../src/models/ListItem';
import { LISTS, type ListKey } from '../src/validation/lists';
import { AWARD_TYPES } from '../src/validation/lists/awards';
import { INCIDENT_SEVERITIES, INCIDENT_TYPES } from '../src/validation/lists/incidents';
import { licenseStatus } from '../src/validation/lists/rules';
import { SKILL_CATEGORIES, SKILL_LEVELS } from '../src/validation/lists/skills';
import { STATUS_UPDATE_PRIORITIES, STATUS_UPDATE_TYPES } from '../src/validation/lists/statusUpdates';
import { TIMELINE_TYPES } from '../src/validation/lists/timeline';
import { VISIBILITIES } from '../src/validation/visibility';

const LOAD_HEADERS = { 'Accept-Encoding': 'gzip', Accept: 'text/html' };
const ROOT = process.cwd();

// ── seeding ──────────────────────────────────────────────────────────────────────────────────────────

/** 500 characters exactly: the longest personal statement a profile may have. */
const STATEMENT = (
  'Nineteen years on the job, the last eight as a company officer on a busy downtown engine. I teach ' +
  'hazardous materials operations and vehicle extrication at the county academy, coordinate our peer ' +
  'support team and sit on the apparatus committee. Before the fire service I was a paramedic on a ' +
  'rural ambulance, which is where I learned that calm is contagious. Off shift I coach youth soccer, ' +
  'restore old engines and run the station chili cook-off. Ask me about pump ops, rope rescue or the ' +
  'best route to any address in the first district at rush hour.'
)
  .padEnd(500, '.')
  .slice(0, 500);

interface Seeded {
  owner: CreatedUser;
  member: CreatedUser;
  profileId: number;
}

async function seedProfile(): Promise<Seeded> {
  const owner = await createUser({ name: 'Alexandra Bench-Marker', username: 'bench-profile' });
  const member = await createUser({ name: 'Member Not Owner' });
  const profile = await createProfileFor(owner, {
    rank: 'Battalion Chief',
    title: 'Hazardous Materials Coordinator',
    badgeNumber: 'BC-4471',
    motto: 'Everyone goes home — every shift, every call, every time.',
    personalStatement: STATEMENT,
    currentStatus: 'On duty — A Shift, Battalion 2',
    phone: '+1 555 010 4471',
    email: 'alexandra.bench@example.com',
    website: 'https://example.com/alexandra',
    linkedin: 'alexandra-bench-marker',
    twitter: '@chief_bench',
    instagram: '@chief.bench',
    facebook: 'alexandra.bench.marker',
    tiktok: '@chiefbench',
    bluesky: 'chiefbench.bsky.social',
    role: 'Incident Commander · Hazmat Technician · Peer Support Lead',
    profileImageUrl: 'https://example.com/alexandra.jpg',
    profileStatus: 'live',
    defaultVisibility: 'public',
    phoneVisibility: 'authenticated',
    emailVisibility: 'public',
  });
  return { owner, member, profileId: profile.id };
}

/**
 * The large profile's widget lists (docs/performance.md, "Done when"): at 100 items, at least 20 timeline events, 10
 * incidents, 10 awards, 10 certifications, 5 licenses, 20 skills, 5 gear, 3 special units, plus 10 status
 * updates and 7 fire stations. Other totals scale these shares (largest remainder), so the 10-item profile has
 * the same mix, one tenth as large.
 */
const ITEM_SHARES: Record<string, number> = {
  timeline: 20,
  statusUpdates: 10,
  incidents: 10,
  awards: 10,
  certifications: 10,
  licenses: 5,
  skills: 20,
  gear: 5,
  specialUnits: 3,
  fireStations: 7,
};

/** `total` items split over the lists in proportion to ITEM_SHARES (largest remainder; ties in list order). */
export function itemsPerList(total: number): Record<ListKey, number> {
  const shares = LISTS.map((list) => ITEM_SHARES[list.key] ?? 0);
  const sum = shares.reduce((a, b) => a + b, 0);
  const exact = shares.map((share) => (share * total) / sum);
  const counts = exact.map(Math.floor);
  const order = exact.map((value, i) => ({ i, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest);
  for (let k = 0; counts.reduce((a, b) => a + b, 0) < total; k++) counts[order[k]!.i]!++;
  return Object.fromEntries(LISTS.map((list, i) => [list.key, counts[i]!])) as Record<ListKey, number>;
}

const pick = <T>(values: readonly T[], i: number): T => values[i % values.length]!;
const UNITS = ['Engine 3', 'Engine 7', 'Truck 1', 'Rescue 5', 'Battalion 2', 'Medic 4', 'Hazmat 1'];

/** Item `i` of a list: every field the widget shows filled, the long texts long, within the add rules. */
function benchItem(key: ListKey, i: number, now: Date): Record<string, unknown> {
  const year = 2005 + (i % 20);
  const text = (what: string) =>
    `${what} ${i + 1}: a realistic paragraph of the length people write about a call or a posting — who was ` +
    'there, what the crew did, what went well and what the next crew should know before they roll out.';
  switch (key) {
    case 'timeline':
      return {
        year: String(year),
        date: `${year}-${String((i % 12) + 1).padStart(2, '0')}-15`,
        event: `Career event ${i + 1}`,
        type: pick(TIMELINE_TYPES, i),
        title: pick(['Firefighter', 'Engineer', 'Lieutenant', 'Captain'], i),
        description: text('Timeline event'),
        department: 'Bench County Fire Rescue',
        location: `Station ${(i % 9) + 1}`,
        isPrimary: i % 7 === 0,
      };
    case 'statusUpdates':
      return {
        date: `${year}-06-01`,
        title: `Status update ${i + 1}`,
        content: text('Status update'),
        type: pick(STATUS_UPDATE_TYPES, i),
        priority: pick(STATUS_UPDATE_PRIORITIES, i),
      };
    case 'incidents':
      return {
        date: `${year}-03-${String((i % 28) + 1).padStart(2, '0')}`,
        location: `${100 + i} Main Street`,
        title: `Incident ${i + 1}`,
        description: text('Incident'),
        department: 'Bench County Fire Rescue',
        type: pick(INCIDENT_TYPES, i),
        severity: pick(INCIDENT_SEVERITIES, i),
        detailedStory: text('Detailed story'),
        unitsResponded: UNITS.slice(0, 2 + (i % 5)),
        outcomeResult: 'Fire contained to the room of origin; no injuries.',
        lessonsLearned: text('Lessons learned'),
        mediaUrls: [{ url: `https://example.com/news/incident-${i + 1}`, title: 'Local news', type: 'news_article' }],
      };
    case 'awards':
      return {
        name: `Award ${i + 1}`,
        year: String(year),
        type: pick(AWARD_TYPES, i),
        citation: text('Citation'),
        significance: 'Awarded to a handful of members each year.',
        awardedBy: 'Bench County Fire Rescue',
        ceremony: 'Annual awards ceremony',
        mediaLinks: [{ url: `https://example.com/awards/${i + 1}`, title: 'Ceremony', type: 'official' }],
      };
    case 'certifications':
      return {
        name: `Certification ${i + 1}`,
        issuer: 'State Fire Training',
        year,
        expires: i % 3 === 0 ? null : now.getFullYear() - 1 + (i % 4),
      };
    case 'licenses': {
      const month = now.getFullYear() * 12 + now.getMonth() - 2 + i * 4;
      const expires = `${String((month % 12) + 1).padStart(2, '0')}/${Math.floor(month / 12)}`;
      return {
        name: `License ${i + 1}`,
        type: pick(['EMT', 'Paramedic', 'CDL', 'CPR'], i),
        issued: String(year),
        expires,
        status: licenseStatus(expires, now),
        expirationVisibility: pick(VISIBILITIES, i),
      };
    }
    case 'skills':
      return {
        name: `Skill ${i + 1}`,
        category: pick(SKILL_CATEGORIES, i),
        level: pick(SKILL_LEVELS, i),
        description: text('Skill'),
        yearsExperience: 1 + (i % 20),
        certifications: ['Firefighter II', 'Rescue Technician'].slice(0, i % 3),
        endorsements:
          i % 4 === 0
            ? [{ endorserName: `Endorser ${i + 1}`, endorserTitle: 'Captain', comment: 'Solid.', date: '2024-01-01' }]
            : [],
      };
    case 'gear':
      return {
        name: pick(UNITS, i),
        station: `Station ${(i % 9) + 1}`,
        years: `${year}–present`,
        description: text('Apparatus'),
      };
    case 'specialUnits':
      return { name: `Special unit ${i + 1}`, years: `${year}–present`, description: text('Special unit') };
    case 'fireStations':
      return {
        stationName: `Station ${i + 1}`,
        stationNumber: String(i + 1),
        location: `${200 + i} Station Road`,
        startYear: String(year),
        years: `${year}–present`,
        apparatus: 'Engine, Truck',
        description: text('Station'),
        specialties: ['High-rise', 'Water rescue'].slice(0, 1 + (i % 2)),
      };
    default:
      throw new Error(`seedItems: no bench items for the list ${key}`);
  }
}

export interface SeedItemsResult {
  /** Items per list, as stored. */
  perList: Record<ListKey, number>;
  total: number;
  note: string;
}

/**
 * Replaces the profile's widget list items with `count` items in all, spread over the lists (itemsPerList),
 * validated with each list's add rules, positions 0..n-1 and visibilities mixed (7 in 10 public, 2
 * authenticated, 1 private), then marks the profile changed (its cached pages are stale).
 */
export async function seedItems(db: Knex, profileId: number, count: number): Promise<SeedItemsResult> {
  const perList = itemsPerList(count);
  const now = new Date();
  let serial = 0;
  await inTransaction(db, async (trx) => {
    for (const list of LISTS) {
      await trx(list.table).where('profileId', profileId).delete();
      const rows = [];
      for (let i = 0; i < (perList[list.key] ?? 0); i++) {
        const n = serial++;
        const visibility = n % 10 === 9 ? 'private' : n % 10 === 4 || n % 10 === 7 ? 'authenticated' : 'public';
        const fields = await list.createSchema.validate({
          ...benchItem(list.key, i, now),
          showOnMainProfile: i % 6 !== 5,
          visibility,
        });
        rows.push({ ...fields, profileId, position: i });
      }
      if (rows.length) await listItemModel(list).query(trx).insert(rows);
    }
  });
  const stored: Record<string, number> = {};
  for (const list of LISTS) {
    const [{ n }] = (await db(list.table).where('profileId', profileId).count('* as n')) as unknown as [{ n: string }];
    stored[list.key] = Number(n);
  }
  const total = Object.values(stored).reduce((a, b) => a + b, 0);
  if (total !== count) throw new Error(`seedItems: ${count} items asked for, ${total} stored`);
  const spread = LISTS.map((list) => `${list.key} ${stored[list.key]}`).join(', ');
  return {
    perList: stored as Record<ListKey, number>,
    total,
    note: `lists: ${total} items (${spread}); 7 in 10 public, 2 authenticated, 1 private`,
  };
}

// ── child processes ──────────────────────────────────────────────────────────────────────────────────

const children = new Set<ChildProcess>();

function killAll(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Child {
  port: number;
  pid: number | undefined;
  baseUrl: string;
  startMs: number;
  stop(): Promise<void>;
}

/** Spawns a server process and waits until `readyPath` answers 200 (or the process dies, or 60 s pass). */
async function startChild(
  label: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  port: number,
  readyPath: string,
): Promise<Child> {
  const started = performance.now();
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    if (output.length > 40) output.splice(0, output.length - 40);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    children.delete(child);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      children.delete(child);
      throw new Error(
        `${label} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output.join('\n')}`,
      );
    }
    const status = await httpGet(baseUrl + readyPath).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${label} was not ready after 60 s (last status ${status}):\n${output.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, pid: child.pid, baseUrl, startMs: performance.now() - started, stop };
}

async function startAppServer(
  databaseUrl: string,
  pageCache: boolean,
  cpuProfileDir?: string,
  renderCache = true,
): Promise<Child> {
  const port = await freePort();
  const profiling = cpuProfileDir
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${path.resolve(cpuProfileDir)}`,
        `--cpu-prof-name=server-page-cache-${pageCache}-render-cache-${renderCache}.cpuprofile`,
      ]
    : [];
  return startChild(
    `node dist/server.js (PAGE_CACHE=${pageCache}, RENDER_CACHE=${renderCache})`,
    process.execPath,
    [...profiling, 'dist/server.js'],
    {
      ...CONTAINER_ENV,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The same origin for both runs, so the warm and cold pages can be compared byte for byte.
      BASE_URL: 'http://turnout.bench.invalid',
      SESSION_SECRET: 'bench-profile-session-secret-0123456789',
      CREDENTIAL_KEY: 'bench-profile-credential-key-0123456789-abcdefghij',
      LOG_LEVEL: 'warn',
      MIGRATE_ON_START: 'true',
      RATE_LIMITS: 'false',
      PAGE_CACHE: String(pageCache),
      RENDER_CACHE: String(renderCache),
    },
    port,
    '/health/ready',
  );
}

async function startBareServer(bodyFile: string): Promise<Child> {
  const port = await freePort();
  return startChild(
    'bench/bareServer.ts',
    process.execPath,
    ['--import', 'tsx', 'bench/bareServer.ts', bodyFile, String(port)],
    {},
    port,
    '/',
  );
}

async function npmRunBuild(): Promise<{ ms: number; output: string }> {
  const started = performance.now();
  const child = spawn('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  children.delete(child);
  if (code !== 0) throw new Error(`npm run build failed (${code}):\n${output}`);
  return { ms: performance.now() - started, output: output.trim() };
}

// ── HTTP ─────────────────────────────────────────────────────────────────────────────────────────────

interface Fetched {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes on the wire (compressed when the server compressed). */
  wire: Buffer;
  /** The decoded body. */
  body: Buffer;
}

/** A GET that keeps the compressed bytes (fetch() would decode them and hide the wire size). */
function httpGet(url: string, headers: Record<string, string> = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body =
          encoding === 'gzip' ? zlib.gunzipSync(wire) : encoding === 'br' ? zlib.brotliDecompressSync(wire) : wire;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, wire, body });
      });
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
  });
}

/** "identical", or where two bodies first differ, with a little context from each. */
function describeDifference(a: Buffer, b: Buffer): string {
  if (a.equals(b)) return 'identical';
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const around = (x: Buffer) => JSON.stringify(x.subarray(Math.max(0, i - 30), i + 30).toString('utf8'));
  return `differ at byte ${i} of ${a.length}/${b.length}: warm ${around(a)} vs cold ${around(b)}`;
}

// ── load ─────────────────────────────────────────────────────────────────────────────────────────────

interface Load {
  rps: number;
  /** Milliseconds, from wrk's latency distribution. */
  p50: number;
  p99: number;
  requests: number;
  /** Non-2xx/3xx answers, socket errors and timeouts: a row with any of these does not measure the page. */
  bad: number;
  /** The server's CPU time (user + system) per answer in µs, when its process was named; NaN otherwise. */
  cpuPerAnswerUs: number;
}

/** A cell left blank (measureFirstOnly). */
const NOT_MEASURED: Load = { rps: NaN, p50: NaN, p99: NaN, requests: 0, bad: 0, cpuPerAnswerUs: NaN };

/**
 * wrk, as the targets are measured: a load generator in the bench's own Node process (autocannon, before)
 * took a core's worth of CPU from the two the server and Postgres share, so its rows measured the client too.
 */
async function load(
  url: string,
  connections: number,
  options: { duration: number; warmup: number },
  headers: Record<string, string> = {},
  serverPid?: number,
): Promise<Load> {
  const target = { url, headers: { ...LOAD_HEADERS, ...headers } };
  if (options.warmup > 0) await wrk(target, connections, options.warmup);
  const cpuBefore = cpuSecondsOf(serverPid);
  const result = await wrk(target, connections, options.duration);
  const cpuSeconds = cpuSecondsOf(serverPid) - cpuBefore;
  return {
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    requests: result.requests,
    bad: result.bad,
    cpuPerAnswerUs: result.requests > 0 ? (cpuSeconds * 1e6) / result.requests : NaN,
  };
}

// ── formatting ───────────────────────────────────────────────────────────────────────────────────────

const kb = (bytes: number) => (bytes >= 10_240 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} B`);
const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(2)} ms` : '—');
const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a) ? `${(a / b).toFixed(2)}×` : '—');
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const cpuPerAnswer = (l: Load) => (Number.isFinite(l.cpuPerAnswerUs) ? `${l.cpuPerAnswerUs.toFixed(0)} µs` : '—');

function table(log: BenchContext['log'], header: string[], rows: string[][], align: ('l' | 'r')[] = []): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    '  ' +
    cells
      .map((c, i) => ((align[i] ?? (i === 0 ? 'l' : 'r')) === 'l' ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ');
  log(line(header));
  log('  ' + widths.map((w) => '─'.repeat(w)).join('  '));
  for (const row of rows) log(line(row));
}

// ── bytes ────────────────────────────────────────────────────────────────────────────────────────────

const loadAverage = () => os.loadavg()[0]!.toFixed(2);
const gz = (data: string | Buffer) => zlib.gzipSync(data).length;

interface PageBytes {
  status: number;
  htmlRaw: number;
  htmlWire: number;
  /** The HTML gzipped: the wire bytes when the server compressed, else gzipped here. */
  htmlGz: number;
  compressed: boolean;
  cssRaw: number;
  cssGz: number;
  restRaw: number;
  restGz: number;
  scriptFiles: string[];
  jsRaw: number;
  jsWire: number;
  inlineJs: number;
}

async function pageBytes(baseUrl: string, pagePath: string, headers: Record<string, string>): Promise<PageBytes> {
  const page = await httpGet(baseUrl + pagePath, { ...LOAD_HEADERS, ...headers });
  const html = page.body.toString('utf8');
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1] ?? '');
  const css = styles.join('');
  const rest = html.replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, '');
  const files = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/gi)) files.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = m[0];
    const href = /\bhref="([^"]+)"/i.exec(tag)?.[1];
    if (href && /\brel="modulepreload"/i.test(tag)) files.add(href);
  }
  let jsRaw = 0;
  let jsWire = 0;
  for (const file of files) {
    const asset = await httpGet(new URL(file, baseUrl + '/').toString(), { 'Accept-Encoding': 'gzip' });
    if (asset.status !== 200) throw new Error(`${file} (referenced by ${pagePath}) answered ${asset.status}`);
    jsRaw += asset.body.length;
    jsWire += asset.wire.length;
  }
  // Executable inline scripts (not JSON data islands) are JavaScript too.
  const inlineJs = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => !/\bsrc=/i.test(attrs!) && !/type="application\/(ld\+)?json"/i.test(attrs!))
    .reduce((sum, m) => sum + Buffer.byteLength(m[2] ?? ''), 0);
  return {
    status: page.status,
    htmlRaw: page.body.length,
    htmlWire: page.wire.length,
    htmlGz: page.headers['content-encoding'] === 'gzip' ? page.wire.length : gz(page.body),
    compressed: page.headers['content-encoding'] === 'gzip',
    cssRaw: Buffer.byteLength(css),
    cssGz: css ? gz(css) : 0,
    restRaw: Buffer.byteLength(rest),
    restGz: gz(rest),
    scriptFiles: [...files],
    jsRaw,
    jsWire,
    inlineJs,
  };
}

// ── queries ──────────────────────────────────────────────────────────────────────────────────────────

async function countQueries(
  db: Knex,
  request: () => Promise<{ status: number }>,
): Promise<{ count: number; sql: string[]; status: number }> {
  const sql: string[] = [];
  const listener = (query: { sql?: string }) => sql.push(query.sql ?? '?');
  db.on('query', listener);
  try {
    const { status } = await request();
    return { count: sql.length, sql, status };
  } finally {
    db.off('query', listener);
  }
}

const shortSql = (sql: string) => {
  const flat = sql.replace(/\s+/g, ' ').trim();
  return flat.length > 110 ? `${flat.slice(0, 107)}…` : flat;
};

// ── the benchmark ────────────────────────────────────────────────────────────────────────────────────

export const benchmark: Benchmark = {
  description:
    'the public profile page on the built server under wrk (warm/cold page cache, /health, bare-Koa limit), queries per render, bytes per page',
  async run(context) {
    const { log, options } = context;
    const duration = Number(options.duration ?? 5);
    const warmup = Number(options.warmup ?? 1);
    const connectionCounts = (options.connections ?? '10,50').split(',').map(Number);
    const rounds = Math.max(1, Number(options.rounds ?? 3));
    const settleSeconds = Number(options.settle ?? 6);
    /** Loads each page a new server will be measured on (see the top of this file). */
    const settle = async (pages: [url: string, headers: Record<string, string>][]) => {
      if (settleSeconds > 0)
        for (const [url, headers] of pages)
          await wrk({ url, headers: { ...LOAD_HEADERS, ...headers } }, 10, settleSeconds);
    };
    const loadOptions = { duration, warmup };
    const onSigint = () => {
      killAll();
      process.exit(130);
    };
    process.once('SIGINT', onSigint);
    process.once('SIGTERM', onSigint);

    let database: TestDatabase | undefined;
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
    const running: Child[] = [];
    const stopAll = async () => {
      for (const child of running.splice(0)) await child.stop();
    };
    try {
      // 1. Seed ─────────────────────────────────────────────────────────────────────────────────────
      log('\n1. Seed');
      database = await createTestDatabase();
      if (!database.url)
        throw new Error(
          'This benchmark needs a Postgres server (TEST_DATABASE_URL): the built server runs in its own process.',
        );
      const db = database.db;
      const { owner, member, profileId } = await seedProfile();
      const items = await seedItems(db, profileId, 100);
      const [{ n: departments }] = (await db('departments').count('* as n')) as unknown as [{ n: string }];
      const [{ version }] = (await db.raw('select version()')).rows as [{ version: string }];
      log(
        `  database      ${new URL(database.url).pathname.slice(1)} — ${version.split(',')[0]}; ${departments} departments`,
      );
      log(
        `  profile       /profiles/${profileId} (live; owner ${owner.user.name}): every header field, 500-character statement`,
      );
      log(`  member        ${member.user.name} (signed in with a bearer token, not the owner)`);
      log(`  ${items.note}`);

      const loadBefore = loadAverage();
      // 2. Build and start ───────────────────────────────────────────────────────────────────────────
      log('\n2. Build and start');
      if (options.build === 'false') log('  build         skipped (build=false): using dist/ as it is');
      else log(`  build         npm run build: ${((await npmRunBuild()).ms / 1000).toFixed(1)} s`);
      const pub = `/profiles/${profileId}/public`;
      const memberAuth = { Authorization: `Bearer ${member.token}` };
      const ownerAuth = { Authorization: `Bearer ${owner.token}` };

      type Row = { label: string; loads: Load[] };
      const viewAsMember = `/profiles/${profileId}?as=member`;
      const editPath = `/profiles/${profileId}?edit=1`;
      type RowKey =
        'health' | 'warm' | 'member' | 'viewAs' | 'landing' | 'cold' | 'whole' | 'edit' | 'editWhole' | 'bare';
      const rows: Record<RowKey, Row> = {
        health: { label: '/health (answered early)', loads: [] },
        warm: { label: `${pub} warm, visitor`, loads: [] },
        member: { label: `${pub} warm, signed-in member`, loads: [] },
        viewAs: { label: `${viewAsMember} warm, owner`, loads: [] },
        landing: { label: '/ warm, visitor', loads: [] },
        cold: { label: `${pub} cold (PAGE_CACHE=false)`, loads: [] },
        whole: { label: `${pub} cold, RENDER_CACHE=false too`, loads: [] },
        edit: { label: `${editPath} owner, editors kept`, loads: [] },
        editWhole: { label: `${editPath} owner, RENDER_CACHE=false`, loads: [] },
        bare: { label: 'bare Koa, same gzipped bytes (limit)', loads: [] },
      };
      /** Per connection count, each round's req/s of a signed-in view over the visitor's kept page. */
      const versusVisitor: Record<'member' | 'viewAs', number[][]> = { member: [], viewAs: [] };
      const measureRow = async (row: Row, url: string, headers: Record<string, string> = {}, pid?: number) => {
        for (const c of connectionCounts) row.loads.push(await load(url, c, loadOptions, headers, pid));
      };
      /**
       * A page that takes tens of milliseconds a render (the edit page rendered whole: ~140 ms) would only time out
       * at 50 connections: measured at the first count only, the others left blank.
       */
      const measureFirstOnly = async (row: Row, url: string, headers: Record<string, string>, pid?: number) => {
        row.loads.push(await load(url, connectionCounts[0]!, loadOptions, headers, pid));
        row.loads.push(...connectionCounts.slice(1).map(() => NOT_MEASURED));
      };

      // Warm server: PAGE_CACHE=true.
      const warm = await startAppServer(database.url, true, options.cpuprof);
      running.push(warm);
      log(
        `  server        node dist/server.js, PAGE_CACHE=true on :${warm.port}, ready in ${(warm.startMs / 1000).toFixed(1)} s`,
      );
      const warmPage = await httpGet(warm.baseUrl + pub, LOAD_HEADERS);
      if (warmPage.status !== 200) throw new Error(`${pub} answered ${warmPage.status}`);
      const etag = warmPage.headers.etag;
      const revalidated = etag
        ? (await httpGet(warm.baseUrl + pub, { ...LOAD_HEADERS, 'If-None-Match': etag })).status
        : undefined;
      log(
        `  ${pub}: ${warmPage.headers['content-encoding'] ?? 'identity'}, ${kb(warmPage.wire.length)} on the wire; ` +
          (etag ? `ETag ${etag}, If-None-Match → ${revalidated}` : 'no ETag'),
      );
      await settle([
        [warm.baseUrl + pub, {}],
        [warm.baseUrl + pub, memberAuth],
        [warm.baseUrl + viewAsMember, ownerAuth],
        [warm.baseUrl + '/', {}],
      ]);
      await measureRow(rows.health, warm.baseUrl + '/health');
      // Kept page, member's and "View as member", alternately (see the top of this file).
      for (const c of connectionCounts) {
        const measured: Record<'warm' | 'member' | 'viewAs', Load>[] = [];
        for (let round = 0; round < rounds; round++) {
          measured.push({
            warm: await load(warm.baseUrl + pub, c, loadOptions, {}, warm.pid),
            member: await load(warm.baseUrl + pub, c, loadOptions, memberAuth),
            viewAs: await load(warm.baseUrl + viewAsMember, c, loadOptions, ownerAuth),
          });
        }
        for (const key of ['warm', 'member', 'viewAs'] as const)
          rows[key].loads.push(
            medianBy(
              measured.map((m) => m[key]),
              (l) => l.rps,
            ),
          );
        for (const key of ['member', 'viewAs'] as const)
          versusVisitor[key].push(measured.map((m) => (m[key].bad ? 0 : m[key].rps / m.warm.rps)));
      }
      await measureRow(rows.landing, warm.baseUrl + '/');

      // 5 (measured on the warm server, printed below).
      const pages: { label: string; viewer: string; bytes: PageBytes; target?: boolean }[] = [];
      for (const [label, viewer, pagePath, headers, target] of [
        [pub, 'visitor', pub, {}, true],
        [pub, 'member', pub, memberAuth, true],
        ['/', 'visitor', '/', {}, false],
        [`/profiles/${profileId}`, 'owner', `/profiles/${profileId}`, ownerAuth, false],
      ] as const) {
        pages.push({ label, viewer, bytes: await pageBytes(warm.baseUrl, pagePath, headers), target });
      }
      await stopAll();

      // Cold server: PAGE_CACHE=false.
      const cold = await startAppServer(database.url, false, options.cpuprof);
      running.push(cold);
      log(
        `  server        node dist/server.js, PAGE_CACHE=false on :${cold.port}, ready in ${(cold.startMs / 1000).toFixed(1)} s`,
      );
      const coldPage = await httpGet(cold.baseUrl + pub, LOAD_HEADERS);
      log(`  cold and warm HTML for ${pub}: ${describeDifference(warmPage.body, coldPage.body)}`);
      await settle([
        [cold.baseUrl + pub, {}],
        [cold.baseUrl + editPath, ownerAuth],
      ]);
      await measureRow(rows.cold, cold.baseUrl + pub, {}, cold.pid);
      // The owner's edit page: never kept whole; its editors are kept by their props (<Island keep>).
      await measureFirstOnly(rows.edit, cold.baseUrl + editPath, ownerAuth, cold.pid);
      const editPage = await httpGet(cold.baseUrl + editPath, { ...LOAD_HEADERS, ...ownerAuth });
      await stopAll();

      // Nothing kept at all: PAGE_CACHE=false and RENDER_CACHE=false (every section rendered every time).
      const whole = await startAppServer(database.url, false, options.cpuprof, false);
      running.push(whole);
      log(
        `  server        node dist/server.js, PAGE_CACHE=false RENDER_CACHE=false on :${whole.port}, ready in ${(whole.startMs / 1000).toFixed(1)} s`,
      );
      const wholePage = await httpGet(whole.baseUrl + pub, LOAD_HEADERS);
      log(`  whole render and warm HTML for ${pub}: ${describeDifference(warmPage.body, wholePage.body)}`);
      await settle([
        [whole.baseUrl + pub, {}],
        [whole.baseUrl + editPath, ownerAuth],
      ]);
      await measureRow(rows.whole, whole.baseUrl + pub, {}, whole.pid);
      await measureFirstOnly(rows.editWhole, whole.baseUrl + editPath, ownerAuth, whole.pid);
      const editWholePage = await httpGet(whole.baseUrl + editPath, { ...LOAD_HEADERS, ...ownerAuth });
      log(
        `  ${editPath} (owner, ${kb(editPage.body.length)}), editors kept and whole render: ${describeDifference(editPage.body, editWholePage.body)}`,
      );
      await stopAll();

      // The limit: the warm page's gzipped bytes from memory.
      const bodyFile = path.join(tmp, 'profile.html.gz');
      fs.writeFileSync(
        bodyFile,
        warmPage.headers['content-encoding'] === 'gzip' ? warmPage.wire : zlib.gzipSync(warmPage.body),
      );
      const bare = await startBareServer(bodyFile);
      running.push(bare);
      log(
        `  bare server   bench/bareServer.ts on :${bare.port} (${kb(fs.statSync(bodyFile).size)} gzipped, from memory)`,
      );
      await measureRow(rows.bare, bare.baseUrl + '/');
      await stopAll();

      // 3. Load ────────────────────────────────────────────────────────────────────────────────────
      log(
        `\n3. Load — wrk -t1, ${duration} s per cell after a ${warmup} s warm-up (each server first settled ${settleSeconds} s a page); Accept-Encoding: gzip, Accept: text/html`,
      );
      log(
        `   machine: ${os.cpus().length} CPUs shared by the bench, the server and Postgres; 1-minute load average ${loadBefore} before, ${loadAverage()} after`,
      );
      log(
        '   p50/p99 from wrk\'s latency distribution; a "!" marks a cell with non-2xx/3xx answers, errors or timeouts',
      );
      log('   server CPU: user + system time of the server process per answer (/proc), where measured');
      log(
        `   the warm visitor, member and "View as" rows: the run with the median req/s of ${rounds} alternating rounds each`,
      );
      const header = ['', ...connectionCounts.flatMap((c) => [`req/s @${c}`, 'p50', 'p99', 'server CPU'])];
      table(
        log,
        header,
        Object.values(rows).map((row) => [
          row.label,
          ...row.loads.flatMap((l) => [
            Number.isNaN(l.rps) ? '—' : `${l.rps.toFixed(0)}${l.bad ? ` !${l.bad}` : ''}`,
            ms(l.p50),
            ms(l.p99),
            cpuPerAnswer(l),
          ]),
        ]),
      );
      log('\n  Ratios (requests/s)');
      const ratioRows = [
        ['warm / health', (i: number) => ratio(rows.warm.loads[i]!.rps, rows.health.loads[i]!.rps)],
        ['warm / bare', (i: number) => ratio(rows.warm.loads[i]!.rps, rows.bare.loads[i]!.rps)],
        ['cold / warm', (i: number) => ratio(rows.cold.loads[i]!.rps, rows.warm.loads[i]!.rps)],
        [
          'member / visitor (warm), median',
          (i: number) => `${medianBy(versusVisitor.member[i]!, (r) => r).toFixed(2)}×`,
        ],
        [
          'view as member / visitor, median',
          (i: number) => `${medianBy(versusVisitor.viewAs[i]!, (r) => r).toFixed(2)}×`,
        ],
        ['whole render / warm', (i: number) => ratio(rows.whole.loads[i]!.rps, rows.warm.loads[i]!.rps)],
        ['edit page, kept / whole', (i: number) => ratio(rows.edit.loads[i]!.rps, rows.editWhole.loads[i]!.rps)],
        ['health / bare', (i: number) => ratio(rows.health.loads[i]!.rps, rows.bare.loads[i]!.rps)],
      ] as const;
      table(
        log,
        ['', ...connectionCounts.map((c) => `@${c}`)],
        ratioRows.map(([label, f]) => [label, ...connectionCounts.map((_, i) => f(i))]),
      );
      log('\n  Targets');
      const targetRows: string[][] = [];
      // Against bare Koa serving the same bytes (docs/decisions/request-floor.md). `/health` is answered before the middleware
      // now, with a body of a few bytes: it no longer stands for the middleware floor a kept page pays.
      connectionCounts.forEach((c, i) => {
        const w = rows.warm.loads[i]!;
        const b = rows.bare.loads[i]!;
        targetRows.push([
          `warm ≥ 0.5× bare Koa req/s @${c}`,
          `${(w.rps / b.rps).toFixed(2)}×`,
          verdict(w.rps >= 0.5 * b.rps),
        ]);
      });
      const at10 = connectionCounts.indexOf(10);
      if (at10 >= 0) {
        const w = rows.warm.loads[at10]!;
        targetRows.push(['warm p99 ≤ 5 ms @10', ms(w.p99), verdict(w.p99 <= 5)]);
      }
      table(log, ['target', 'measured', ''], targetRows, ['l', 'r', 'l']);

      // Members from the cache, a cold render under 10 ms (docs/performance.md).
      log('\n  Members and cold render targets');
      /** A row's req/s as a share of the visitor's kept page in the same cell (0 when the cell had errors). */
      const versusKept = (name: string, l: Load, kept: Load, target: number) =>
        log(
          '  ' +
            targetLine({
              name,
              value: l.bad ? 0 : l.rps / kept.rps,
              unit: 'x',
              target,
              comparison: '>=',
              detail: `${l.rps.toFixed(0)}${l.bad ? ` !${l.bad}` : ''} vs ${kept.rps.toFixed(0)} req/s`,
            }),
        );
      /** A signed-in view's median ratio over its rounds, with each round's. */
      const signedInVersusKept = (name: string, ratios: number[]) =>
        log(
          '  ' +
            targetLine({
              name,
              value: medianBy(ratios, (r) => r),
              unit: 'x',
              target: 0.8,
              comparison: '>=',
              detail: `median of ${ratios.length} alternating rounds: ${ratios.map((r) => `${r.toFixed(2)}×`).join(', ')}`,
            }),
        );
      connectionCounts.forEach((c, i) => {
        signedInVersusKept(`member view vs visitor kept page @${c}`, versusVisitor.member[i]!);
        signedInVersusKept(`view as member vs visitor kept page @${c}`, versusVisitor.viewAs[i]!);
      });
      if (at10 >= 0) {
        for (const [name, row] of [
          ['cold render', rows.cold],
          ['whole render (RENDER_CACHE=false)', rows.whole],
        ] as const) {
          const l = row.loads[at10]!;
          log(
            '  ' +
              targetLine({
                name: `${name} p50 @10`,
                value: l.p50,
                unit: 'ms',
                target: 10,
                comparison: '<=',
                detail: `${l.rps.toFixed(0)} req/s; server CPU ${cpuPerAnswer(l)} an answer`,
              }),
          );
          versusKept(`${name} vs kept page @10`, l, rows.warm.loads[at10]!, 0.1);
          // On a shared machine req/s follows the neighbours; CPU per answer much less.
          const kept = rows.warm.loads[at10]!;
          if (Number.isFinite(l.cpuPerAnswerUs) && Number.isFinite(kept.cpuPerAnswerUs))
            log(
              `        by server CPU per answer: ${ratio(kept.cpuPerAnswerUs, l.cpuPerAnswerUs)} of the kept page's rate`,
            );
        }
      }

      // 4. Queries per render ──────────────────────────────────────────────────────────────────────
      log('\n4. Database queries per request (in-process app on the same database, knex "query" events)');
      // `bytes`: the decoded HTML at each size — a page that did not grow did not render the items, and its
      // "same?" would be vacuous, so it is a MISS too.
      const counts: { label: string; perSize: number[]; bytes: number[]; sql: string[] }[] = [];
      const sizes = [10, 100];
      const notes: string[] = [];
      // RENDER_CACHE=false: every render reads its items, as the first render after a write does (with sections
      // kept, a page whose every section is kept reads only the profile: the row after the table).
      const uncached = await startTestApp({ pageCache: false, renderCache: false, rateLimitsEnabled: false }, database);
      try {
        const requests = [
          ['visitor  ' + pub, () => httpGet(uncached.baseUrl + pub, LOAD_HEADERS)],
          ['member   ' + pub, () => httpGet(uncached.baseUrl + pub, { ...LOAD_HEADERS, ...memberAuth })],
          [
            `owner    /profiles/${profileId}`,
            () => httpGet(`${uncached.baseUrl}/profiles/${profileId}`, { ...LOAD_HEADERS, ...ownerAuth }),
          ],
        ] as const;
        for (const [label] of requests)
          counts.push({ label: `${label} (render, items read)`, perSize: [], bytes: [], sql: [] });
        for (const size of sizes) {
          const seeded = await seedItems(db, profileId, size);
          notes.push(`${size} items: ${seeded.note}`);
          for (const [i, [, request]] of requests.entries()) {
            const first = await request(); // warms the pool and any lazy loading
            counts[i]!.bytes.push(first.body.length);
            const counted = await countQueries(db, request);
            if (counted.status !== 200) throw new Error(`${counts[i]!.label} answered ${counted.status}`);
            counts[i]!.perSize.push(counted.count);
            if (!counts[i]!.sql.length) counts[i]!.sql = counted.sql;
          }
        }
      } finally {
        await uncached.close();
      }
      const keptSections = await startTestApp({ pageCache: false, rateLimitsEnabled: false }, database);
      try {
        await httpGet(keptSections.baseUrl + pub, LOAD_HEADERS); // renders and keeps every section
        const counted = await countQueries(db, () => httpGet(keptSections.baseUrl + pub, LOAD_HEADERS));
        counts.push({
          label: `visitor  ${pub} (render, every section kept)`,
          perSize: [counted.count],
          bytes: [],
          sql: counted.sql,
        });
      } finally {
        await keptSections.close();
      }
      const cached = await startTestApp({ pageCache: true, rateLimitsEnabled: false }, database);
      try {
        // The first request renders and keeps the page; give the cache a moment to hear change notifications.
        await httpGet(cached.baseUrl + pub, LOAD_HEADERS);
        await new Promise((r) => setTimeout(r, 500));
        await httpGet(cached.baseUrl + pub, LOAD_HEADERS);
        const counted = await countQueries(db, () => httpGet(cached.baseUrl + pub, LOAD_HEADERS));
        counts.push({
          label: `visitor  ${pub} (PAGE_CACHE on, 3rd request)`,
          perSize: [counted.count],
          bytes: [],
          sql: counted.sql,
        });
      } finally {
        await cached.close();
      }
      table(
        log,
        ['request', ...sizes.map((s) => `${s} items`), 'HTML bytes', 'same?'],
        counts.map((c) => {
          const measured = c.perSize.length === sizes.length;
          const same = c.perSize.every((n) => n === c.perSize[0]);
          const grew = c.bytes.every((b, i) => i === 0 || b > c.bytes[i - 1]!);
          return [
            c.label,
            ...sizes.map((_, i) =>
              measured ? String(c.perSize[i]) : i === sizes.length - 1 ? String(c.perSize[0]) : '—',
            ),
            c.bytes.length ? c.bytes.map(kb).join(' → ') : '—',
            !measured ? 'n/a' : !grew ? 'MISS (page did not grow)' : same ? 'PASS' : 'MISS',
          ];
        }),
        ['l', 'r', 'r', 'r', 'l'],
      );
      log(
        `  same?: the same number of queries at ${sizes.join(' and ')} items, on a page that grew with them. The ` +
          `"every section kept" and cached rows are measured at ${sizes[sizes.length - 1]} items only.`,
      );
      for (const note of notes) log(`  ${note}`);
      // docs/decisions/kept-render-parts.md: at most 4 queries per render at any size, for the pages a render serves most (a visitor's
      // and a member's; the member's includes reading the session).
      for (const c of counts.slice(0, 2)) {
        log(
          '  ' +
            targetLine({
              name: `queries per render, ${c.label.split(' ')[0]}`,
              value: Math.max(...c.perSize),
              unit: '',
              target: 4,
              comparison: '<=',
              detail: `${c.perSize.join(' / ')} at ${sizes.join(' / ')} items`,
            }),
        );
      }
      for (const c of counts) {
        log(`\n  ${c.label}:`);
        if (!c.sql.length) log('    (none)');
        c.sql.forEach((sql, i) => log(`    ${i + 1}. ${shortSql(sql)}`));
      }

      // 5. Bytes ───────────────────────────────────────────────────────────────────────────────────
      log('\n5. Bytes per page (warm server; "gz" = gzip: HTML as sent on the wire, CSS and rest each gzipped alone)');
      table(
        log,
        [
          'page',
          'viewer',
          'HTML raw',
          'HTML gz',
          'CSS raw',
          'CSS gz',
          'rest raw',
          'rest gz',
          'JS files',
          'JS raw',
          'JS gz',
          'inline JS',
          '0 JS?',
        ],
        pages.map(({ label, viewer, bytes: b, target }) => [
          label,
          viewer,
          kb(b.htmlRaw),
          b.compressed ? kb(b.htmlGz) : `${kb(b.htmlGz)}*`,
          kb(b.cssRaw),
          kb(b.cssGz),
          kb(b.restRaw),
          kb(b.restGz),
          String(b.scriptFiles.length),
          kb(b.jsRaw),
          kb(b.jsWire),
          kb(b.inlineJs),
          target ? verdict(b.jsRaw + b.inlineJs === 0) : 'n/a',
        ]),
        ['l', 'l'],
      );
      if (pages.some((p) => !p.bytes.compressed))
        log('  * the server sent this HTML uncompressed; the figure is gzipped here.');
      log('  HTML includes its inline <style> (CSS) and everything else (rest); JS = every <script src> and');
      log(
        '  <link rel="modulepreload"> the page references, fetched from the server; inline JS = executable inline <script>.',
      );
      log(
        '  Target: 0 bytes of JavaScript on the public profile for a visitor and for a signed-in member (0 JS? column).',
      );
      for (const { label, viewer, bytes } of pages) {
        if (bytes.scriptFiles.length) log(`  ${label} (${viewer}) loads: ${bytes.scriptFiles.join(', ')}`);
      }
    } finally {
      await stopAll().catch(() => undefined);
      killAll();
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigint);
      fs.rmSync(tmp, { recursive: true, force: true });
      await database?.destroy();
    }
  },
};
