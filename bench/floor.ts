/**
 * The floor (docs/decisions/request-floor.md, docs/decisions/session-cache.md, docs/decisions/department-search.md, docs/decisions/performance-targets.md): what a request costs before any page or route work, on the built
 * server as the container runs it (`node dist/server.js`, NODE_ENV=production, LOG_LEVEL=info, logs written to
 * a file), driven by wrk (one thread, Accept-Encoding: gzip), every comparison in the same run:
 *
 *   - `/health` through the app's middleware vs a bare Koa process serving the kept page's gzipped bytes
 *     (bench/bareServer.ts), @10 and @50;
 *   - the visitor's kept profile page (100 items) vs the same bare Koa, with p99, @10 and @50;
 *   - a signed-in member's view of the same page (their menu spliced in, bearer) vs the visitor's kept page, @10 and
 *     @50 (docs/decisions/kept-pages.md; also in `npm run bench -- profile`);
 *   - a trivial signed-in API call (`GET /api/departments/user`, bearer) vs `/health`, @10;
 *   - department search at ~27,000 rows, per query class (bench/departments.ts), p99 @4, vs 10 ms and vs 2× the
 *     trivial signed-in call's p99 @4: warm (the app keeps answers) and cold (a second app process with
 *     DEPARTMENT_CACHE=false, so every search runs its statement).
 *
 * Rows are interleaved (bare, health, page, … at each connection count), `rounds` times, so a neighbour's burst hits
 * every side of a comparison alike; each of those comparisons reads the round with the median ratio. Needs wrk on
 * the PATH (`apt-get install -y wrk`) and a Postgres server (TEST_DATABASE_URL).
 *
 * Options: duration=S (per cell, default 5), warmup=S (default 1, before each cell), settle=S (default 6: each app
 * server first serves every path it is measured on this long), rounds=N (default 3), build=false (reuse dist/),
 * log=LEVEL (the server's LOG_LEVEL, default info), size=N (departments, default 27000), cpuprof=DIR (run the app servers
 * with --cpu-prof, the profiles written to DIR when they stop: floor.cpuprofile, floor-cold.cpuprofile), hold=S (keep the servers up S seconds before the runs,
 * printing their addresses and process ids, to look at them from outside).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '../test/helpers/database';
import { createUser } from '../test/helpers/users';
import { createProfileFor } from '../test/helpers/profiles';
import { countDepartments, insertRegistryShaped } from '../test/helpers/registryShaped';
import { QUERY_CLASSES } from './departments';
import { seedItems } from './profile';
import { CONTAINER_ENV, freePort, medianBy, targetLine, type Benchmark, type BenchContext } from './lib';

const run = promisify(execFile);
const ROOT = process.cwd();
const GZIP = { 'Accept-Encoding': 'gzip' };
const PAGE_HEADERS = { ...GZIP, Accept: 'text/html' };

// ── wrk ──────────────────────────────────────────────────────────────────────────────────────────────

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Non-2xx/3xx answers, socket errors and timeouts: a cell with any of these does not measure its path. */
  bad: number;
  /** The server's CPU time per answer, in µs (set by load()). */
  cpuUs?: number;
}

/** wrk's durations ("635.00us", "3.21ms", "1.02s") in milliseconds. */
function wrkMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) return NaN;
  const value = Number(match[1]);
  return match[2] === 'us'
    ? value / 1000
    : match[2] === 'ms'
      ? value
      : match[2] === 's'
        ? value * 1000
        : value * 60_000;
}

export function parseWrk(output: string): WrkResult {
  const percentile = (p: string) => wrkMs(new RegExp(`^\\s*${p}%\\s+(\\S+)`, 'm').exec(output)?.[1] ?? '');
  const number = (re: RegExp) => Number(re.exec(output)?.[1] ?? 0);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: percentile('50'),
    p99: percentile('99'),
    requests: number(/(\d+) requests in/),
    bad:
      number(/Non-2xx or 3xx responses: (\d+)/) + (errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
}

/** A Lua script that sends the given paths in turn (one list per script file). */
function rotateScript(dir: string, name: string, paths: readonly string[]): string {
  const file = path.join(dir, `${name.replace(/\W+/g, '-')}.lua`);
  const list = paths.map((p) => JSON.stringify(p)).join(', ');
  fs.writeFileSync(
    file,
    `local paths = { ${list} }\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format(nil, paths[i])\nend\n`,
  );
  return file;
}

export interface Target {
  url: string;
  headers?: Record<string, string>;
  /** A wrk Lua script (rotating paths under `url`'s origin). */
  script?: string;
}

export async function wrk(target: Target, connections: number, seconds: number): Promise<WrkResult> {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '--timeout', '5s'];
  for (const [name, value] of Object.entries(target.headers ?? {})) args.push('-H', `${name}: ${value}`);
  if (target.script) args.push('-s', target.script);
  args.push(target.url);
  const { stdout } = await run('wrk', args, { maxBuffer: 1 << 20 });
  return parseWrk(stdout);
}

/**
 * A warm-up, then the measured run, with the server's CPU time per answer: on a busy machine requests/s and
 * latency follow the neighbours, CPU per request much less.
 */
async function load(
  target: Target,
  server: Server,
  connections: number,
  options: { duration: number; warmup: number },
): Promise<WrkResult> {
  if (options.warmup > 0) await wrk(target, connections, options.warmup);
  const before = server.cpuSeconds();
  const result = await wrk(target, connections, options.duration);
  result.cpuUs = ((server.cpuSeconds() - before) * 1e6) / Math.max(1, result.requests);
  return result;
}

// ── processes ────────────────────────────────────────────────────────────────────────────────────────

interface Server {
  pid: number | undefined;
  baseUrl: string;
  /** CPU seconds the process has used (user + system), or NaN where /proc cannot tell. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/** utime + stime of a process from /proc/PID/stat, in seconds (USER_HZ is 100 on Linux). */
export function cpuSecondsOf(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Spawns a server with its output in `logFile`, and waits until `readyPath` answers 200. */
async function spawnServer(
  argsFor: (port: number) => string[],
  env: Record<string, string>,
  logFile: string,
  readyPath: string,
): Promise<Server> {
  const port = await freePort();
  const args = argsFor(port);
  const out = fs.openSync(logFile, 'w');
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited:\n${fs.readFileSync(logFile, 'utf8')}`);
    const ok = await fetch(baseUrl + readyPath).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { baseUrl, pid: child.pid, stop, cpuSeconds: () => cpuSecondsOf(child.pid) };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${args.join(' ')} not ready after 90 s:\n${fs.readFileSync(logFile, 'utf8')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The app's log lines, and how many are request lines, read as a stream: on a fast machine one run's log passes
 * the 512 MB a single string may hold.
 */
async function countLogLines(file: string): Promise<{ lines: number; requestLines: number }> {
  let lines = 0;
  let requestLines = 0;
  const reader = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  for await (const line of reader) {
    if (line === '') continue;
    lines += 1;
    if (line.includes('"msg":"request"')) requestLines += 1;
  }
  return { lines, requestLines };
}

/** A GET that keeps the bytes on the wire (gzip), to serve the same from the bare server. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; wire: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.headers['content-encoding'] !== 'gzip') reject(new Error(`${url} was not gzipped`));
          else resolve({ status: res.statusCode ?? 0, wire: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

// ── the benchmark ────────────────────────────────────────────────────────────────────────────────────

const ms = (v: number) => `${v.toFixed(2)} ms`;
/** `limit`'s CPU per answer over `measured`'s: the throughput ratio the two would have with the CPU to themselves. */
const cpuRatio = (limit: WrkResult, measured: WrkResult) =>
  `${((limit.cpuUs ?? NaN) / (measured.cpuUs ?? NaN)).toFixed(2)}×`;

/** A ratio row: `measured` against `limit` by req/s (the target), with the ratio by server CPU beside it. */
const versus = (name: string, measured: WrkResult, limit: WrkResult, target: number) =>
  targetLine({
    name,
    value: measured.rps / limit.rps,
    unit: 'x',
    target,
    comparison: '>=',
    detail: `${measured.rps.toFixed(0)} / ${limit.rps.toFixed(0)} req/s; by server CPU per answer ${cpuRatio(limit, measured)}`,
  });
/** `versus` on the round whose ratio is the median of the rounds', naming every round's. */
function versusInRounds<K extends string>(
  name: string,
  rounds: Record<K, WrkResult>[],
  measured: K,
  limit: K,
  target: number,
): string {
  const ratioOf = (round: Record<K, WrkResult>) => round[measured].rps / round[limit].rps;
  const middle = medianBy(rounds, ratioOf);
  const all = rounds.map((round) => `${ratioOf(round).toFixed(2)}×`).join(', ');
  return `${versus(name, middle[measured], middle[limit], target)}; rounds ${all}`;
}

const cell = (r: WrkResult) =>
  `${r.rps.toFixed(0)} req/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, server CPU ${r.cpuUs?.toFixed(0) ?? '?'} µs/answer${
    r.bad ? `, ${r.bad} bad!` : ''
  }`;

export const benchmark: Benchmark = {
  description:
    'the floor: /health and the kept page vs bare Koa, a signed-in call vs /health, department search per class (wrk, built server, same run)',
  async run(context: BenchContext) {
    const { log, options } = context;
    const duration = Number(options.duration ?? 5);
    const settleSeconds = Number(options.settle ?? 6);
    const rounds = Math.max(1, Number(options.rounds ?? 3));
    const warmup = Number(options.warmup ?? 1);
    const size = Number(options.size ?? 27_000);
    const logLevel = options.log ?? 'info';
    const timing = { duration, warmup };
    await run('wrk', ['--version']).catch((error: { code?: string; stdout?: string }) => {
      if (error.code === 'ENOENT') throw new Error('wrk is not installed (apt-get install -y wrk)');
    });

    let database: TestDatabase | undefined;
    const servers: Server[] = [];
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-floor-'));
    try {
      database = await createTestDatabase();
      if (!database.url) throw new Error('This benchmark needs a Postgres server (TEST_DATABASE_URL).');
      const db = database.db;
      const owner = await createUser({ name: 'Floor Bench Owner', username: 'floor-bench' });
      const member = await createUser({ name: 'Floor Bench Member' });
      const profile = await createProfileFor(owner, { profileStatus: 'live', defaultVisibility: 'public' });
      const items = await seedItems(db, profile.id, 100);
      await insertRegistryShaped(db, size - (await countDepartments(db)));
      await db.raw('checkpoint').catch(() => undefined);
      log(`  seeded: /profiles/${profile.id}/public, ${items.note}; ${await countDepartments(db)} departments`);

      if (options.build === 'false') log('  build: skipped (build=false), dist/ as it is');
      else {
        const started = Date.now();
        await run('npm', ['run', 'build', '--silent'], { cwd: ROOT, maxBuffer: 16 << 20 });
        log(`  build: npm run build, ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
      const appLog = path.join(tmp, 'app.log');
      const profiling = (name: string) =>
        options.cpuprof
          ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.cpuprof)}`, `--cpu-prof-name=${name}.cpuprofile`]
          : [];
      const appEnv = {
        ...CONTAINER_ENV,
        DATABASE_URL: database.url,
        HOST: '127.0.0.1',
        BASE_URL: 'http://turnout.bench.invalid',
        SESSION_SECRET: 'bench-floor-session-secret-0123456789',
        CREDENTIAL_KEY: 'bench-floor-credential-key-0123456789-abcdefghij',
        LOG_LEVEL: logLevel,
        MIGRATE_ON_START: 'true',
        RATE_LIMITS: 'false',
        PAGE_CACHE: 'true',
      };
      const app = await spawnServer(() => [...profiling('floor'), 'dist/server.js'], appEnv, appLog, '/health/ready');
      servers.push(app);
      // The same server with no kept department reads (DEPARTMENT_CACHE=false): every search runs its statement,
      // as a first keystroke does, so the search rows are measured cold as well as warm.
      const coldApp = await spawnServer(
        () => [...profiling('floor-cold'), 'dist/server.js'],
        { ...appEnv, MIGRATE_ON_START: 'false', DEPARTMENT_CACHE: 'false' },
        path.join(tmp, 'cold.log'),
        '/health/ready',
      );
      servers.push(coldApp);
      const pub = `/profiles/${profile.id}/public`;
      await rawGet(app.baseUrl + pub, PAGE_HEADERS); // renders and keeps the page
      await new Promise((r) => setTimeout(r, 300));
      const page = await rawGet(app.baseUrl + pub, PAGE_HEADERS);
      const bodyFile = path.join(tmp, 'page.html.gz');
      fs.writeFileSync(bodyFile, page.wire);
      const bareServer = await spawnServer(
        (port) => ['--import', 'tsx', 'bench/bareServer.ts', bodyFile, String(port)],
        {},
        path.join(tmp, 'bare.log'),
        '/',
      );
      servers.push(bareServer);
      log(
        `  servers: node dist/server.js (NODE_ENV=production, LOG_LEVEL=${logLevel}, PAGE_CACHE=true, log to a file); ` +
          `bare Koa serving the same ${(page.wire.length / 1024).toFixed(1)} KB gzipped page`,
      );
      log(
        `  wrk -t1, ${duration} s per cell after ${warmup} s warm-up; ${os.cpus().length} CPUs; load average ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
      );

      if (options.hold) {
        // For a look from outside (strace, perf, wrk by hand): the servers stay up this long, then the run goes on.
        log(
          `  holding ${options.hold} s: app ${app.baseUrl}${pub} (pid ${app.pid}), cold app ${coldApp.baseUrl} (pid ${coldApp.pid}), ` +
            `bare ${bareServer.baseUrl}/ (pid ${bareServer.pid}), ` +
            `member's bearer token ${member.token}`,
        );
        await new Promise((resolve) => setTimeout(resolve, Number(options.hold) * 1000));
      }
      const bearer = { Authorization: `Bearer ${member.token}`, Accept: 'application/json', ...GZIP };
      const targets = {
        bare: { url: bareServer.baseUrl + '/', headers: PAGE_HEADERS },
        health: { url: app.baseUrl + '/health', headers: GZIP },
        page: { url: app.baseUrl + pub, headers: PAGE_HEADERS },
        memberPage: { url: app.baseUrl + pub, headers: { ...PAGE_HEADERS, Authorization: bearer.Authorization } },
        signedIn: { url: app.baseUrl + '/api/departments/user', headers: bearer },
      } satisfies Record<string, Target>;

      // A freshly started server's first seconds run on V8's lower tiers (a cold render's rate climbs for ~5 s:
      // bench/profile.ts): each app first serves every path it is measured on for `settle` seconds, so the cells
      // measure the steady state of a running server. The cold app keeps no answers, so its searches stay cold.
      if (settleSeconds > 0) {
        for (const target of [targets.health, targets.page, targets.memberPage, targets.signedIn])
          await wrk(target, 10, settleSeconds);
        const everyClass = Object.values(QUERY_CLASSES)
          .flat()
          .map((q) => `/api/departments/search?q=${encodeURIComponent(q)}`);
        await wrk(
          { url: coldApp.baseUrl, headers: bearer, script: rotateScript(tmp, 'settle', everyClass) },
          4,
          settleSeconds,
        );
      }

      const rows: string[] = [];
      const raw: string[] = [];
      for (const c of [10, 50]) {
        // The four rows interleaved, `rounds` times; each comparison reads the round with its median ratio.
        const measured: Record<'b' | 'h' | 'p' | 'm', WrkResult>[] = [];
        for (let round = 1; round <= rounds; round++) {
          const r = {
            b: await load(targets.bare, bareServer, c, timing),
            h: await load(targets.health, app, c, timing),
            p: await load(targets.page, app, c, timing),
            m: await load(targets.memberPage, app, c, timing),
          };
          measured.push(r);
          raw.push(
            `@${c}  bare Koa       ${cell(r.b)}  (round ${round})`,
            `@${c}  /health        ${cell(r.h)}  (round ${round})`,
            `@${c}  kept page      ${cell(r.p)}  (round ${round})`,
            `@${c}  member's page  ${cell(r.m)}  (round ${round})`,
          );
        }
        const h = medianBy(measured, (r) => r.h.rps).h;
        const keptAtMedianP99 = medianBy(measured, (r) => r.p.p99).p;
        rows.push(
          versusInRounds(`/health vs bare Koa @${c}`, measured, 'h', 'b', 0.6),
          versusInRounds(`visitor kept page vs bare Koa @${c}`, measured, 'p', 'b', 0.5),
          versusInRounds(`member view vs visitor kept page @${c}`, measured, 'm', 'p', 0.8),
          targetLine({
            name: `visitor kept page p99 @${c}`,
            value: keptAtMedianP99.p99,
            unit: 'ms',
            target: c === 10 ? 5 : 15,
            comparison: '<=',
            detail: `p50 ${ms(keptAtMedianP99.p50)}; the median round's of ${measured.map((r) => ms(r.p.p99)).join(', ')}`,
          }),
        );
        if (c === 10) {
          const s = await load(targets.signedIn, app, c, timing);
          const h2 = await load(targets.health, app, c, timing);
          raw.push(`@${c}  signed-in call ${cell(s)}`, `@${c}  /health again  ${cell(h2)}`);
          const health = (h.rps + h2.rps) / 2;
          rows.push(
            targetLine({
              name: 'trivial signed-in call vs /health @10',
              value: s.rps / health,
              unit: 'x',
              target: 0.4,
              comparison: '>=',
              detail: `${s.rps.toFixed(0)} / ${health.toFixed(0)} req/s (/health: mean of the runs before and after); by server CPU per answer ${cpuRatio(h2, s)}`,
            }),
          );
        }
      }

      // Department search, @4: the trivial call first and last, each class between.
      const before = await load(targets.signedIn, app, 4, timing);
      raw.push(`@4   signed-in call ${cell(before)}`);
      // Each class warm (the app: answers kept after the warm-up) and cold (no kept answers), one after the other.
      const searches: [string, WrkResult][] = [];
      for (const [name, queries] of Object.entries(QUERY_CLASSES)) {
        const script = rotateScript(
          tmp,
          name,
          queries.map((q) => `/api/departments/search?q=${encodeURIComponent(q)}`),
        );
        const warm = await load({ url: app.baseUrl, headers: bearer, script }, app, 4, timing);
        const cold = await load({ url: coldApp.baseUrl, headers: bearer, script }, coldApp, 4, timing);
        searches.push([name, warm], [`${name}, cold`, cold]);
        raw.push(
          `@4   search: ${name.padEnd(26)} ${cell(warm)}`,
          `@4   search: ${`${name}, cold`.padEnd(26)} ${cell(cold)}`,
        );
      }
      const after = await load(targets.signedIn, app, 4, timing);
      raw.push(`@4   signed-in call ${cell(after)}`);
      const trivialP99 = Math.max(before.p99, after.p99);
      for (const [name, result] of searches) {
        rows.push(
          targetLine({
            name: `department search "${name}" p99 @4`,
            value: result.p99,
            unit: 'ms',
            target: 10,
            comparison: '<=',
            detail: `p50 ${ms(result.p50)}, ${result.rps.toFixed(0)} req/s`,
          }),
          targetLine({
            name: `department search "${name}" p99 vs signed-in call @4`,
            value: result.p99 / trivialP99,
            unit: 'x',
            target: 2,
            comparison: '<=',
            detail: `${ms(result.p99)} / ${ms(trivialP99)} (the call's p99 before/after the searches, the larger)`,
          }),
        );
      }

      for (const server of servers.splice(0)) await server.stop();
      const { lines, requestLines } = await countLogLines(appLog);
      log('\n  Runs (wrk)');
      for (const line of raw) log(`  ${line}`);
      log(`  the app wrote ${lines} log lines (${requestLines} request lines) at LOG_LEVEL=${logLevel}`);
      if (options.cpuprof)
        log(`  CPU profiles: ${path.resolve(options.cpuprof)}/floor.cpuprofile, floor-cold.cpuprofile`);
      log(
        `  load average after: ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
      );
      log('\n  Targets');
      for (const row of rows) log(`  ${row}`);
    } finally {
      for (const server of servers) await server.stop().catch(() => undefined);
      fs.rmSync(tmp, { recursive: true, force: true });
      await database?.destroy();
    }
  },
};
