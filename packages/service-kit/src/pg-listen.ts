import { Client } from 'pg';
import type { Logger } from './logger';

export interface PgListener {
  close(): Promise<void>;
}

export interface ListenOptions {
  url: string;
  channel: string;
  logger: Logger;
  onNotify(payload: string | undefined): void;
  /** Listening (again): called after each connect, the first included. */
  onReconnect?(): void;
  /** The connection was lost: notifications are missed until the next onReconnect. */
  onLost?(): void;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** One process's LISTEN connection to one database, and who listens on it to what. */
interface Shared {
  client: Client | null;
  retry: NodeJS.Timeout | null;
  subscribers: Set<Subscriber>;
}

interface Subscriber {
  options: ListenOptions;
  /** LISTEN sent on the current connection and acknowledged. */
  listening: boolean;
}

const connections = new Map<string, Shared>();

/**
 * LISTEN on one channel over the process's one LISTEN connection to that database, which
 * reconnects by itself. One connection, not one per channel, because Postgres wakes every
 * listening backend of the database at each commit that notifies, whatever its channels: nine
 * listeners cost 0.5 ms of Postgres CPU a helpful vote (docs/performance.md, twenty-third
 * session). Callers keep a polling or TTL fallback: notifications sent while reconnecting are
 * lost.
 */
export function listenPg(options: ListenOptions): PgListener {
  if (!CHANNEL.test(options.channel)) throw new Error(`Unsafe channel name ${options.channel}`);
  let shared = connections.get(options.url);
  if (!shared) {
    shared = { client: null, retry: null, subscribers: new Set() };
    connections.set(options.url, shared);
    void connect(options.url, shared, options.logger);
  }
  const subscriber: Subscriber = { options, listening: false };
  shared.subscribers.add(subscriber);
  // A failure here is the connection's: its error handler reconnects and listens again.
  if (shared.client) void listenAll(shared.client, shared).catch(() => undefined);
  const own = shared;
  return {
    async close() {
      own.subscribers.delete(subscriber);
      const client = own.client;
      if (own.subscribers.size > 0) {
        const others = [...own.subscribers].some((s) => s.options.channel === options.channel);
        if (client && !others) await client.query(`unlisten ${options.channel}`).catch(() => {});
        return;
      }
      connections.delete(options.url);
      if (own.retry) clearTimeout(own.retry);
      own.client = null;
      await client?.end().catch(() => undefined);
    },
  };
}

async function connect(url: string, shared: Shared, logger: Logger): Promise<void> {
  if (connections.get(url) !== shared) return;
  const next = new Client({ connectionString: url, application_name: 'listener' });
  next.on('notification', (message) => {
    for (const { options } of shared.subscribers) {
      if (message.channel === options.channel) options.onNotify(message.payload);
    }
  });
  const lost = () => {
    if (shared.client === next) {
      shared.client = null;
      for (const subscriber of shared.subscribers) {
        subscriber.listening = false;
        subscriber.options.onLost?.();
      }
    }
    schedule(url, shared, logger);
  };
  next.on('error', (err) => {
    logger.warn({ err }, 'LISTEN connection lost');
    void next.end().catch(() => undefined);
    lost();
  });
  // Closed by the server without an error first: as deaf as a lost one.
  next.on('end', lost);
  try {
    await next.connect();
    if (connections.get(url) !== shared) {
      await next.end();
      return;
    }
    shared.client = next;
    await listenAll(next, shared);
  } catch (err) {
    logger.warn({ err }, 'LISTEN connect failed; retrying');
    void next.end().catch(() => undefined);
    lost();
  }
}

/** LISTEN for every subscriber not yet listening on `client`; each hears `onReconnect` after. */
async function listenAll(client: Client, shared: Shared): Promise<void> {
  for (const subscriber of [...shared.subscribers]) {
    if (subscriber.listening) continue;
    subscriber.listening = true;
    try {
      await client.query(`listen ${subscriber.options.channel}`);
    } catch (err) {
      // The connection failed under it: `lost` reconnects and listens again.
      subscriber.listening = false;
      throw err;
    }
    if (shared.client === client && shared.subscribers.has(subscriber)) {
      subscriber.options.onReconnect?.();
    }
  }
}

function schedule(url: string, shared: Shared, logger: Logger): void {
  if (connections.get(url) !== shared || shared.retry) return;
  shared.retry = setTimeout(() => {
    shared.retry = null;
    void connect(url, shared, logger);
  }, 1000);
}
