import type { Registry } from 'prom-client';
import type { BaseServiceConfig } from '../config';
import type { Knex } from '../db';
import type { Logger } from '../logger';
import type { NatsLink } from '../nats';

/** The part of a ServiceContext the event backbone needs (a ServiceContext satisfies it). */
export interface EventsContext {
  /** The service name, which is also its schema. */
  name: string;
  db: Knex;
  /** The relay's own connection (ServiceContext's `relayDb`); `db` when absent. */
  relayDb?: Knex;
  nats: NatsLink | null;
  registry: Registry;
  logger: Logger;
  config: Pick<BaseServiceConfig, 'DATABASE_URL' | 'EVENTS_PREFIX' | 'EVENTS_STREAM_REPLICAS'>;
}

export function requireNats(ctx: EventsContext, what: string): NatsLink {
  if (!ctx.nats) throw new Error(`${ctx.name}: ${what} needs NATS (usesNats is false)`);
  return ctx.nats;
}

/** Waits for a NATS connection, or answers null once `signal` aborts. */
export async function connectedOrAborted(link: NatsLink, signal: AbortSignal) {
  if (signal.aborted) return null;
  const aborted = new Promise<null>((resolve) =>
    signal.addEventListener('abort', () => resolve(null), { once: true }),
  );
  return Promise.race([link.connected(), aborted]);
}
