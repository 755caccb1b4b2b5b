import { Client } from 'pg';
import type { Logger } from './logger';

export interface PgListener {
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * LISTEN on one channel with a dedicated connection that reconnects by itself. Callers keep a
 * polling or TTL fallback: notifications sent while reconnecting are lost.
 */
export function listenPg(options: {
  url: string;
  channel: string;
  logger: Logger;
  onNotify(payload: string | undefined): void;
  /** Listening (again): called after each connect, the first included. */
  onReconnect?(): void;
  /** The connection was lost: notifications are missed until the next onReconnect. */
  onLost?(): void;
}): PgListener {
  if (!CHANNEL.test(options.channel)) throw new Error(`Unsafe channel name ${options.channel}`);
  let client: Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    if (closed) return;
    const next = new Client({ connectionString: options.url, application_name: 'listener' });
    next.on('notification', (message) => {
      if (message.channel === options.channel) options.onNotify(message.payload);
    });
    const lost = () => {
      if (client === next) {
        client = null;
        options.onLost?.();
      }
      schedule();
    };
    next.on('error', (err) => {
      options.logger.warn({ err, channel: options.channel }, 'LISTEN connection lost');
      void next.end().catch(() => undefined);
      lost();
    });
    // Closed by the server without an error first: as deaf as a lost one.
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`listen ${options.channel}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      options.onReconnect?.();
    } catch (err) {
      options.logger.warn({ err, channel: options.channel }, 'LISTEN connect failed; retrying');
      void next.end().catch(() => undefined);
      schedule();
    }
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, 1000);
  };
  void connect();

  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
