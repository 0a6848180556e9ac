/**
 * What the container runs: `npm run build`, then `node dist/server.js` in production mode against the test
 * database. Also: graceful shutdown lets an in-flight request finish before the process exits.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { LOG_FLUSH_MS } from '../../src/log';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

const run = promisify(execFile);
let database: TestDatabase;
let dataDir: string;

test.before(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnout-prod-'));
  // Use the database's server only when the test database is on one; else the server opens its own embedded one.
  if (!database.url) await database.destroy();
  await run('npm', ['run', 'build', '--silent'], { timeout: 120_000 });
});
test.after.always(async () => {
  if (database?.url) await database.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function startBuiltServer(): Promise<Started> {
  const port = await freePort();
  let output = '';
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    SESSION_SECRET: 'production-test-secret-0123456789',
    CREDENTIAL_KEY: 'production-test-credential-key-0123456789',
    DATA_DIR: dataDir,
    SHUTDOWN_GRACE_MS: '8000',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  };
  const child = spawn(process.execPath, ['dist/server.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/health/ready`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, baseUrl, output: () => output, exited };
}

test.serial('the built server starts in production mode, is ready and serves the landing page', async (t) => {
  const server = await startBuiltServer();
  try {
    const ready = await fetch(`${server.baseUrl}/health/ready`);
    t.deepEqual(await ready.json(), { status: 'ready', database: 'ok' });
    const landing = await fetch(`${server.baseUrl}/`);
    t.is(landing.status, 200);
    const html = await landing.text();
    t.true(html.includes('See a Sample Profile'));
    t.false(/<script(?![^>]*application\/json)/.test(html));
    // Log lines wait up to LOG_FLUSH_MS in the server's buffer: the page can arrive before its line.
    await new Promise((resolve) => setTimeout(resolve, LOG_FLUSH_MS * 2));
    t.true(server.output().includes('"msg":"Turnout listening'), 'logs are JSON lines');
    const login = await fetch(`${server.baseUrl}/login`);
    // The sign-in page ships no script at all (docs/decisions/script-only-where-needed.md).
    const loginHtml = await login.text();
    t.false(/<script/.test(loginHtml), 'the sign-in page has no script');
    const runtime = fs.readdirSync('dist/public/assets').find((name) => /^client-[\w-]+\.js$/.test(name));
    t.truthy(runtime, 'the island runtime is built');
    const asset = await fetch(`${server.baseUrl}/assets/${runtime}`);
    t.is(asset.status, 200);
    t.is(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
});

test.serial('SIGTERM lets an in-flight request finish, then the process exits 0', async (t) => {
  const server = await startBuiltServer();
  const { port } = new URL(server.baseUrl);
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let response = '';
  socket.on('data', (chunk) => (response += chunk));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  // Send the headers and half the body: the request is in flight when the signal arrives.
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
  );
  socket.write(body.slice(0, 10));
  await new Promise((r) => setTimeout(r, 200));
  server.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  t.is(server.child.exitCode, null, 'still running while the request is unfinished');
  await t.throwsAsync(fetch(`${server.baseUrl}/health`), undefined, 'new connections are refused');
  socket.write(body.slice(10));
  await closed;
  t.regex(response, /^HTTP\/1\.1 401/);
  t.true(response.includes('Invalid email or password'));
  t.is(await server.exited, 0);
});

test.serial('the built server refuses to start in production with the secret from .env.example', async (t) => {
  const example = /^SESSION_SECRET=(.*)$/m.exec(fs.readFileSync('.env.example', 'utf8'))![1]!;
  const child = spawn(process.execPath, ['dist/server.js'], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', SESSION_SECRET: example, DATA_DIR: dataDir, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  t.is(code, 1);
  t.true(output.includes('SESSION_SECRET is a published example value'), output);
  t.true(output.includes('openssl rand -base64 48'));
  t.false(output.includes(example), 'the refused secret is not echoed');
});
