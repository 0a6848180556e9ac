/**
 * `npm run bench -- startup`: how long `npm start` takes on the embedded database (no DATABASE_URL: PGlite
 * under a fresh DATA_DIR), from the command to the first 200 on /health — first on an empty database
 * (migrations, the 3,216 official departments, the sample profile; target ≤ 10 s), then again on the same
 * data directory (target ≤ 3 s). Each start is the real command (`npm start`: the island build step, then the
 * server), run as its own process group and stopped with SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { targetLine, type Benchmark } from './lib';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGTERM'); // npm and the server it started
  });
}

/**
 * CPU seconds the process group has used so far (user + system of every live member, plus the members they have
 * already reaped: the build step). On a loaded machine the wall time says more about the neighbours than about the
 * start; this does not.
 */
async function groupCpuSeconds(pgid: number): Promise<number> {
  let ticks = 0;
  for (const pid of await readdir('/proc')) {
    if (!/^[0-9]+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue; // field 5: the process group
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return ticks / 100; // USER_HZ
}

interface Start {
  seconds: number;
  cpuSeconds: number;
}

/** Runs `npm start` over `dataDir` and answers the seconds until /health first answered 200. */
async function timedStart(dataDir: string, log: (line: string) => void): Promise<Start> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], { env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    while (performance.now() - started < 120_000) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}: ${stderr.slice(-2000)}`);
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return { seconds: (performance.now() - started) / 1000, cpuSeconds: await groupCpuSeconds(child.pid!) };
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no 200 from /health within 120 s: ${stderr.slice(-2000)}`);
  } finally {
    await stop(child);
    if (stderr.trim()) log(`  (server stderr: ${stderr.trim().split('\n').slice(-3).join(' | ')})`);
  }
}

export const benchmark: Benchmark = {
  description: 'start to first 200 on /health, embedded database: empty, then again',
  async run({ log, options }) {
    const later = Number(options.restarts ?? 2);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'turnout-bench-start-'));
    try {
      log(`load average before: ${os.loadavg()[0]!.toFixed(2)} (2 cores: above ~1 the wall times below are inflated)`);
      const first = await timedStart(dataDir, log);
      log(
        targetLine({
          name: 'first start, empty embedded database',
          value: first.seconds,
          unit: 's',
          target: 10,
          comparison: '<=',
          detail: `npm start → first 200 on /health; ${first.cpuSeconds.toFixed(1)} CPU-s`,
        }),
      );
      const again: Start[] = [];
      for (let i = 0; i < later; i++) again.push(await timedStart(dataDir, log));
      const slowest = again.reduce((a, b) => (b.seconds > a.seconds ? b : a));
      log(
        targetLine({
          name: 'later start, same embedded database',
          value: slowest.seconds,
          unit: 's',
          target: 3,
          comparison: '<=',
          detail: `slowest of ${later}: ${again.map((s) => `${s.seconds.toFixed(2)} s (${s.cpuSeconds.toFixed(1)} CPU-s)`).join(', ')}`,
        }),
      );
      log(`load average after: ${os.loadavg()[0]!.toFixed(2)}`);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
