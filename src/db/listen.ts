/**
 * LISTEN on a Postgres channel over a dedicated connection (outside the pool), for what the database's trigger
 * notifies (src/db/changeWatch.ts: one per node). Notifications are not queued while the connection is down, so
 * whenever it is not listening the subscriber is told (`onReset`) and must stop trusting what it kept; it
 * reconnects by itself. The embedded database serves one process, so it is always listening: PGlite's own LISTEN
 * delivers what its triggers send, in the same process.
 */
import type { Knex } from 'knex';
import type { Logger } from '../log';
import { isEmbedded } from './knex';

export interface Subscription {
  /** True while notifications can arrive (always true on the embedded database). */
  readonly listening: boolean;
  /** Drops the connection and makes a new one (the subscriber is reset): for one that stopped delivering. */
  reconnect(): void;
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
      // Closed while connecting: nobody will end this connection later.
      if (closed) {
        await raw.end().catch(() => undefined);
        return;
      }
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
      if (closed) return;
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
    reconnect() {
      // Its `end` handler resets the subscriber and schedules the next connection.
      void client?.end().catch(() => undefined);
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
    reconnect: () => undefined,
    close: async () => {
      const unlisten = await stop;
      await unlisten?.().catch(() => undefined);
    },
  };
}
