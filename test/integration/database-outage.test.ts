/**
 * Losing the database: requests answer 503 with Retry-After (JSON under /api, the error page for pages),
 * never hang and never 500; when the database is back the same process answers normally again.
 * A TCP proxy sits between the app's knex and Postgres, so the test can cut and restore the connection.
 */
import net from 'node:net';
import { Writable } from 'node:stream';
import test from 'ava';
import type { Knex } from 'knex';
import pino from 'pino';
import { bindModels, createDb } from '../../src/db/knex';
import { isDatabaseUnavailable } from '../../src/db/errors';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { startTestApp, type HttpClient, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';
import { needsPostgresServer } from '../helpers/postgresServer';

/** Forwards to Postgres; `cut` closes the port and drops every open connection, `hang` accepts and says nothing. */
class TcpProxy {
  private server: net.Server | undefined;
  private sockets = new Set<net.Socket>();
  mode: 'forward' | 'hang' = 'forward';
  port = 0;
  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    this.server = net.createServer((client) => {
      this.track(client);
      if (this.mode === 'hang') return;
      const upstream = net.connect(this.targetPort, this.targetHost);
      this.track(upstream);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async cut(): Promise<void> {
    const closed = new Promise((resolve) => this.server?.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => this.sockets.delete(socket));
  }
}

let database: TestDatabase;
let proxy: TcpProxy;
let proxied: Knex;
let app: TestApp;
let client: HttpClient;
/** What knex logged through our logger (instead of printing to the console). */
const knexLines: Array<{ level: number; source?: string; msg: string }> = [];
const knexLogger = pino(
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      knexLines.push(JSON.parse(chunk.toString()) as (typeof knexLines)[number]);
      done();
    },
  }),
);

test.before(async () => {
  database = await createTestDatabase();
  if (!database.url) return; // embedded: the tests that need the proxy are declared skipped
  const target = new URL(database.url);
  proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  await proxy.open();
  const viaProxy = new URL(database.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  proxied = await createDb({
    databaseUrl: viaProxy.toString(),
    poolMax: 4,
    acquireTimeoutMs: 1000,
    logger: knexLogger,
  });
  bindModels(proxied); // the models (sessions, users) query through the proxy too
  // Every request here must need the database, so sessions are read from it: with the session cache on, a kept
  // session answers /api/auth/me without the database until the node notices its LISTEN connection is gone.
  app = await startTestApp({ rateLimitsEnabled: false, sessionCache: false }, { ...database, db: proxied });
  const { user, password } = await createUser();
  client = app.client();
  const login = await client.post('/api/auth/login', { email: user.email, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
});
test.after.always(async () => {
  await app?.close();
  await proxied?.destroy();
  await proxy?.cut();
  await database?.destroy();
});

const html = { headers: { Accept: 'text/html' } };

async function expectUnavailable(t: import('ava').ExecutionContext): Promise<void> {
  // The session is read from the database on every request, so even the sign-in page needs it.
  const api = await client.get('/api/auth/me');
  t.is(api.status, 503);
  t.is(api.headers.get('retry-after'), '5');
  t.deepEqual(api.body, { error: 'The service is temporarily unavailable. Please try again in a moment.' });
  const page = await client.get('/login', html);
  t.is(page.status, 503);
  t.is(page.headers.get('retry-after'), '5');
  t.regex(page.headers.get('content-type') ?? '', /text\/html/);
  t.regex(page.text, /Temporarily unavailable/);
  t.regex(page.text, /Please try again in a moment/);
}

/**
 * Recovery is by itself but not instantaneous: connection attempts started during the outage finish or time
 * out first (within the acquire timeout). Ask again until then, as a client honouring Retry-After would.
 */
async function expectHealthy(t: import('ava').ExecutionContext): Promise<void> {
  const deadline = Date.now() + 12_000;
  let me = await client.get('/api/auth/me');
  while (me.status === 503 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    me = await client.get('/api/auth/me');
  }
  t.is(me.status, 200, 'the session survived the outage');
  t.is((await client.get('/account-settings', html)).status, 200);
}

const serverTest = needsPostgresServer(test.serial, 'the embedded database has no network connection to cut');

serverTest('the database goes away: 503 with Retry-After; it comes back: the same app recovers', async (t) => {
  await expectHealthy(t);
  await proxy.cut();
  await expectUnavailable(t);
  await proxy.open(); // same port, as a restarted database
  await expectHealthy(t);
  t.true(
    knexLines.some((line) => line.source === 'knex' && line.level === 40 && /connect/i.test(line.msg)),
    'knex reported the lost connection as a structured warning',
  );
});

serverTest('a database that accepts but never answers fails in the acquire timeout, not forever', async (t) => {
  await proxy.cut();
  proxy.mode = 'hang';
  await proxy.open();
  const started = Date.now();
  await expectUnavailable(t);
  t.true(Date.now() - started < 10_000, `answered in ${Date.now() - started} ms`);
  await proxy.cut();
  proxy.mode = 'forward';
  await proxy.open();
  await expectHealthy(t);
});

test('a refused connection and the pool timeout are recognised; a bad query is not', async (t) => {
  const closed = await createDb({
    databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
    acquireTimeoutMs: 2000,
    logger: knexLogger,
  });
  try {
    const error = await t.throwsAsync(closed.raw('select 1'));
    t.true(isDatabaseUnavailable(error), String(error));
  } finally {
    await closed.destroy();
  }
  const badQuery = await t.throwsAsync(database.db.raw('select * from no_such_table'));
  t.false(isDatabaseUnavailable(badQuery), 'a programming error stays a 500');
});
