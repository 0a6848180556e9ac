/**
 * LISTEN on a Postgres channel over a dedicated connection (outside the pool), for the messages other app
 * nodes send with pg_notify. Notifications are not queued while the connection is down, so whenever it is not
 * listening the subscriber is told (`onReset`) and must stop trusting what it kept; it reconnects by itself.
 * The embedded database serves one process: its writes are this process's own, so it is always listening, and
 * PGlite's own LISTEN delivers what triggers send (a change no service announced: a cascade, a test's insert).
 */
import type { Knex } from 'knex';
import type { Logger } from '../log';
import { isEmbedded } from './knex';

export interface Subscription {
  /** True while notifications can arrive (always true on the embedded database). */
  readonly listening: boolean;
  close(): Promise<void>;
}

interface PgClient {
  query(sql: string): Promise<unknown>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): void;
  on(event: 'error' | 'end', listener: (error?: Error) => void): void;
  end(): Promise<void>;
  connection?: { stream?: { unref?: () => void } };
}

const RETRY_MS = [250, 1000, 5000];

export function listen(
  db: Knex,
  channel: string,
  handlers: { onMessage(payload: string): void; onReset(): void },
  logger?: Logger,
): Subscription {
  if (isEmbedded(db)) return listenEmbedded(db, channel, handlers);
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name ${channel}`);

  let client: PgClient | undefined;
  let listening = false;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const lost = () => {
    if (listening) logger?.warn({ channel }, 'database notifications lost; caches bypassed until reconnected');
    listening = false;
    handlers.onReset();
  };

  const connect = async () => {
    if (closed) return;
    try {
      const raw = (await (
        db.client as { acquireRawConnection(): Promise<PgClient> }
      ).acquireRawConnection()) as PgClient;
      client = raw;
      // Never keep a process alive for this connection alone.
      raw.connection?.stream?.unref?.();
      raw.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) handlers.onMessage(message.payload);
      });
      raw.on('error', () => undefined);
      raw.on('end', () => {
        if (client === raw) client = undefined;
        lost();
        schedule();
      });
      await raw.query(`LISTEN ${channel}`);
      attempt = 0;
      // Anything kept from before this moment may have missed a notification.
      handlers.onReset();
      listening = true;
    } catch (error) {
      logger?.debug({ err: error, channel }, 'LISTEN connection failed; retrying');
      lost();
      schedule();
    }
  };

  const schedule = () => {
    if (closed || timer) return;
    const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!;
    attempt += 1;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
  };

  void connect();
  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      listening = false;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}

interface EmbeddedDatabase {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/** On the embedded database: PGlite's LISTEN, in the same process (nothing can be lost, so never a reset). */
function listenEmbedded(
  db: Knex,
  channel: string,
  handlers: { onMessage(payload: string): void; onReset(): void },
): Subscription {
  const pglite = (db.client as { config?: { connection?: { pglite?: EmbeddedDatabase } } }).config?.connection?.pglite;
  const stop = pglite?.listen(channel, (payload) => handlers.onMessage(payload)).catch(() => undefined);
  return {
    listening: true,
    close: async () => {
      const unlisten = await stop;
      await unlisten?.().catch(() => undefined);
    },
  };
}
