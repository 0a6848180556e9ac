/**
 * `npm run bench -- photos [uploads=40] [concurrency=2]`: photo uploads through the whole pipeline (HTTP
 * multipart → magic-byte check → sharp decode, rotate, strip, three variants × WebP + JPEG → local media store →
 * database row) for a 12-megapixel camera JPEG carrying EXIF with GPS. Reports photos per second (target ≥ 4/s on
 * the 2-core machine) and the server's peak RSS while 10 uploads run at once (target ≤ 400 MB). The server is
 * its own process (`npm run build`, then `node dist/server.js` over the bench's Postgres database), so its RSS is read
 * from /proc (VmRSS sampled, VmHWM) without the client's memory; on the embedded database it runs in-process.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { startTestApp } from '../test/helpers/app';
import { createTestDatabase } from '../test/helpers/database';
import { createUser } from '../test/helpers/users';
import { createProfileFor } from '../test/helpers/profiles';
import { CONTAINER_ENV, formatSummary, measure, seededRandom, summarize, targetLine, type Benchmark } from './lib';

/** A camera-like 4000×3000 JPEG (smooth scene with sensor noise) with EXIF and GPS. */
async function cameraJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const random = seededRandom(42);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const noise = (random() - 0.5) * 24;
      pixels[i] = Math.max(0, Math.min(255, (x / width) * 200 + 30 + noise));
      pixels[i + 1] = Math.max(0, Math.min(255, (y / height) * 160 + 40 + noise));
      pixels[i + 2] = Math.max(0, Math.min(255, 128 + Math.sin(x / 90) * 60 + noise));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: 'BenchCam', Model: 'X12', Orientation: '1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '97/1 44/1 0/1' },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/** The server in its own process over the bench database, built as the container runs it; its pid for /proc. */
async function startServerProcess(databaseUrl: string, mediaDir: string) {
  await promisify(execFile)('npm', ['run', 'build', '--silent'], { maxBuffer: 16 << 20 });
  const port = await freePort();
  // As the container runs it: the built server (npm run build first), production settings.
  const child = spawn(process.execPath, ['dist/server.js'], {
    env: {
      ...process.env,
      ...CONTAINER_ENV,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      MEDIA_DIR: mediaDir,
      MIGRATE_ON_START: 'false',
      RATE_LIMITS: 'false',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'bench-photos-session-secret-0123456789',
      CREDENTIAL_KEY: 'bench-photos-credential-key-0123456789-abcdefghij',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`${baseUrl}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const memory = async () => {
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  };
  /** CPU seconds the server has used (user + system, all threads): /proc/PID/stat fields 14 and 15. */
  const cpuSeconds = async () => {
    const fields = (await readFile(`/proc/${child.pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks (USER_HZ = 100)
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { baseUrl, memory, cpuSeconds, stop };
}

export const benchmark: Benchmark = {
  description: 'photo uploads through the whole pipeline (12 MP camera JPEG with EXIF/GPS)',
  async run({ log, options }) {
    const uploads = Number(options.uploads ?? 40);
    const concurrency = Number(options.concurrency ?? 2);
    const mediaDir = await mkdtemp(path.join(os.tmpdir(), 'turnout-bench-media-'));
    const database = await createTestDatabase();
    const separate = database.url ? await startServerProcess(database.url, mediaDir) : null;
    const app = separate
      ? { baseUrl: separate.baseUrl, close: async () => undefined }
      : await startTestApp({ rateLimitsEnabled: false, mediaDir }, database);
    log(separate ? 'server: its own process' : 'server: in this process (embedded database)');
    try {
      const owner = await createUser();
      const profile = await createProfileFor(owner);
      const jpeg = await cameraJpeg();
      log(`input: 4000×3000 JPEG, ${(jpeg.length / 1024 / 1024).toFixed(2)} MB, EXIF with GPS`);
      const post = async () => {
        const form = new FormData();
        form.append('caption', 'bench');
        form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'IMG_0001.JPG');
        const response = await fetch(`${app.baseUrl}/api/profiles/${profile.id}/photos`, {
          method: 'POST',
          body: form,
          headers: { Authorization: `Bearer ${owner.token}`, Origin: app.baseUrl },
        });
        await response.arrayBuffer();
        if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
      };
      await post(); // warm-up (sharp's first load)

      const cpuBefore = await separate?.cpuSeconds();
      const run = await measure(Array.from({ length: uploads }), post, concurrency);
      const cpuUsed = separate && cpuBefore !== undefined ? (await separate.cpuSeconds()) - cpuBefore : null;
      log(formatSummary(`uploads, concurrency ${concurrency}`, summarize(run.samples, run.wallMs)));
      const perSecond = (uploads / run.wallMs) * 1000;
      const cpuPerPhoto = cpuUsed === null ? '' : `, server CPU ${((cpuUsed / uploads) * 1000).toFixed(0)} ms/photo`;
      log(
        targetLine({
          name: `photos/s, 12 MP JPEG, concurrency ${concurrency}`,
          value: perSecond,
          unit: '/s',
          target: 4,
          comparison: '>=',
          detail: `${uploads} uploads in ${(run.wallMs / 1000).toFixed(1)} s${cpuPerPhoto}`,
        }),
      );

      const rss = async () => (separate ? (await separate.memory()).rss : process.memoryUsage.rss());
      const baseline = await rss();
      let peak = baseline;
      const sampler = setInterval(() => void rss().then((v) => (peak = Math.max(peak, v))), 10);
      const burst = await measure(Array.from({ length: 10 }), post, 10);
      clearInterval(sampler);
      peak = Math.max(peak, await rss());
      if (separate)
        log(`server VmHWM (peak RSS since start): ${((await separate.memory()).peak / 1024 / 1024).toFixed(0)} MB`);
      log(formatSummary('10 concurrent uploads', summarize(burst.samples, burst.wallMs)));
      log(
        targetLine({
          name: 'server peak RSS, 10 concurrent uploads',
          value: peak / 1024 / 1024,
          unit: 'MB',
          target: 400,
          comparison: '<=',
          detail: `before: ${(baseline / 1024 / 1024).toFixed(0)} MB`,
        }),
      );
    } finally {
      await app.close();
      await separate?.stop();
      await database.destroy();
      await rm(mediaDir, { recursive: true, force: true });
    }
  },
};
