/**
 * Starts the real app on a random port over a fresh test database, with a mailer that records messages.
 * `client()` returns an HTTP client with its own cookie jar that behaves like a browser for CSRF purposes
 * (it sends our Origin on writes unless told otherwise).
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig, type Config } from '../../src/config';
import { createApp } from '../../src/app';
import type { AppDeps } from '../../src/http/appContext';
import { createLogger } from '../../src/log';
import { createMailer, type MailMessage, type Mailer } from '../../src/services/mail';
import { createTestDatabase, type TestDatabase } from './database';
import type { Knex } from 'knex';
import { createHttpServer } from '../../src/http/nodeServer';
import { ChangeWatch } from '../../src/db/changeWatch';
import { DepartmentReads } from '../../src/services/departments/departmentReads';
import { SessionCache } from '../../src/services/sessionCache';

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Send no Origin header (as a non-browser client would). */
  noOrigin?: boolean;
  origin?: string;
  bearer?: string;
}

export class HttpClient {
  readonly cookies = new Map<string, string>();
  /** Sent as `Authorization: Bearer …` on every request when set. */
  bearer: string | undefined;
  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const form = body instanceof URLSearchParams;
    const headers: Record<string, string> = { Accept: form ? 'text/html' : 'application/json', ...options.headers };
    if (body !== undefined) headers['Content-Type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (!['GET', 'HEAD'].includes(method) && !options.noOrigin) headers.Origin = options.origin ?? this.baseUrl;
    const bearer = options.bearer ?? this.bearer;
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body.toString() : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, undefined, options);
  }
  post<T = any>(path: string, body: unknown = {}, options?: RequestOptions) {
    return this.request<T>('POST', path, body, options);
  }
  /** A plain HTML form post (urlencoded, Accept: text/html), as a browser without JavaScript sends it. */
  postForm(path: string, fields: Record<string, string> | Array<[string, string]>, options?: RequestOptions) {
    return this.request<string>('POST', path, new URLSearchParams(fields), options);
  }
  patch<T = any>(path: string, body: unknown = {}, options?: RequestOptions) {
    return this.request<T>('PATCH', path, body, options);
  }
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, undefined, options);
  }
}

export interface TestApp {
  baseUrl: string;
  db: Knex;
  database: TestDatabase;
  config: Config;
  mails: MailMessage[];
  client(): HttpClient;
  /**
   * Resolves once this app's caches have heard, through Postgres, every change committed so far
   * (src/db/changeWatch.ts `caughtUp`): await it after a write made outside the app's own transactions (plain
   * SQL, another node) before asserting what the app keeps. The app's own writes wait for it themselves.
   */
  caughtUp(): Promise<void>;
  /** This app's change watch: its one LISTEN connection, which every cache of the app subscribes to. */
  readonly changes: ChangeWatch;
  /** Stops the HTTP server and starts a new app instance on the same database (a "restart"). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-session-secret-0123456789' }),
    ...overrides,
  };
}

/**
 * Without smtpUrl, mails are recorded in `mails`; with it, they go through the real nodemailer SMTP transport.
 */
export async function startTestApp(
  overrides: Partial<Config> = {},
  existing?: TestDatabase,
  extra: Pick<
    AppDeps,
    'readPhoto' | 'sessionCache' | 'sessionActivity' | 'mediaStore' | 'departmentReads' | 'changes' | 'clock'
  > = {},
): Promise<TestApp> {
  const database = existing ?? (await createTestDatabase());
  const mails: MailMessage[] = [];
  const logger = createLogger({ logLevel: process.env.TEST_LOG_LEVEL ?? 'silent', nodeEnv: 'test' });
  const mailer: Mailer = overrides.smtpUrl
    ? createMailer({ smtpUrl: overrides.smtpUrl, from: 'Turnout <test@turnout.local>', logger })
    : {
        async send(message) {
          mails.push(message);
        },
        close() {},
      };
  let server: http.Server;
  let config = testConfig(overrides);
  // The change watch and caches the app would make for itself, made here so that caughtUp() can wait on them; a
  // restart gets new ones, as a new process would. Those passed in `extra` are the caller's to close.
  let changes: ChangeWatch;
  let caches: { sessionCache: SessionCache; departmentReads: DepartmentReads };
  const closeOwn = async () => {
    if (!extra.sessionCache) caches.sessionCache.close();
    if (!extra.departmentReads) caches.departmentReads.close();
    if (!extra.changes) await changes.close();
  };

  const listen = async (port = 0) => {
    changes = extra.changes ?? new ChangeWatch(database.db, logger);
    caches = {
      sessionCache: extra.sessionCache ?? new SessionCache(config.sessionCache, changes),
      departmentReads: extra.departmentReads ?? new DepartmentReads(config.departmentCache, database.db, changes),
    };
    const app = createApp({ config, db: database.db, logger, mailer, ...extra, ...caches, changes });
    server = createHttpServer(app.callback());
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  const port = await listen();
  // The server listens on 127.0.0.1; `baseUrl: 'http://localhost'` names it localhost instead (WebAuthn refuses an
  // IP address as its relying party id).
  const host = overrides.baseUrl ? new URL(overrides.baseUrl).hostname : '127.0.0.1';
  const baseUrl = `http://${host}:${port}`;
  config = { ...config, baseUrl };
  const stop = async () => {
    await new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
    await closeOwn();
  };
  // Re-create with the final baseUrl so e-mailed links point at this server.
  await stop();
  await listen(port);

  return {
    baseUrl,
    db: database.db,
    database,
    config,
    mails,
    client: () => new HttpClient(baseUrl),
    caughtUp: () => changes.caughtUp(),
    get changes() {
      return changes;
    },
    async restart() {
      await stop();
      await listen(port);
    },
    async close() {
      await stop();
      mailer.close();
      if (!existing) await database.destroy();
    },
  };
}

/**
 * A second app ("node") on `first`'s database with its own change watch — its own LISTEN connection — so it hears
 * of every change as another process would: through Postgres. `caches` makes the caches a test wants to reach
 * (on that watch); closing the app closes them and the watch.
 */
export async function startSecondNode(
  first: TestApp,
  caches: (changes: ChangeWatch) => Pick<AppDeps, 'sessionCache' | 'departmentReads'> = () => ({}),
): Promise<TestApp> {
  const changes = new ChangeWatch(first.db);
  const own = caches(changes);
  const app = await startTestApp({ rateLimitsEnabled: false }, first.database, { ...own, changes });
  return {
    ...app,
    async close() {
      await app.close();
      own.sessionCache?.close();
      own.departmentReads?.close();
      await changes.close();
    },
  };
}

/** A client signed in as `account` (a bearer token), or a visitor's for null. */
export function clientAs(app: TestApp, account: { token: string } | null): HttpClient {
  const client = app.client();
  if (account) client.bearer = account.token;
  return client;
}
