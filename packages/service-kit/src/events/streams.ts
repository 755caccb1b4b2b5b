import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  nanos,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type NatsConnection,
  type StreamConfig,
} from 'nats';
import { eventNaming, type EventNaming } from './naming';

/** Dedupe by `Nats-Msg-Id` for 10 minutes: longer than any relay retry after an outage. */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;
/** How long a stream keeps events; consumers down for longer must be rebuilt from a snapshot. */
export const STREAM_MAX_AGE_MS = 7 * 24 * 3_600_000;

export function streamConfig(
  naming: EventNaming,
  producer: string,
  replicas = 1,
): Partial<StreamConfig> & { name: string } {
  return {
    name: naming.streamName(producer),
    subjects: [naming.producerWildcard(producer)],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.Old,
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    max_age: nanos(STREAM_MAX_AGE_MS),
    num_replicas: replicas,
  };
}

/**
 * Creates the stream, or brings an existing one to this configuration. Idempotent, so every
 * replica (and every consumer of the stream) can run it at start-up.
 */
export async function ensureStream(
  jsm: JetStreamManager,
  config: Partial<StreamConfig> & { name: string },
): Promise<void> {
  const existing = await jsm.streams.info(config.name).catch((error: unknown) => {
    if (isNotFound(error)) return null;
    throw error;
  });
  if (!existing) {
    try {
      await jsm.streams.add(config);
      return;
    } catch (error) {
      // Another replica created it between our look and our add: fall through to update.
      if (!/already in use/i.test(String((error as Error).message))) throw error;
    }
  }
  const current = existing?.config ?? (await jsm.streams.info(config.name)).config;
  const differs =
    JSON.stringify(current.subjects) !== JSON.stringify(config.subjects) ||
    current.duplicate_window !== config.duplicate_window ||
    current.max_age !== config.max_age;
  if (differs) {
    // Storage type and replicas cannot change in place; the rest can.
    await jsm.streams.update(config.name, {
      subjects: config.subjects,
      duplicate_window: config.duplicate_window,
      max_age: config.max_age,
    });
  }
}

/**
 * Deletes every stream of one `EVENTS_PREFIX` (`<PREFIX>_IDENTITY`, …): what a test or bench
 * run created. Refuses an empty prefix, which would name production's streams.
 */
export async function deleteEventStreams(nc: NatsConnection, prefix: string): Promise<string[]> {
  if (!prefix) throw new Error('refusing to delete streams without a prefix');
  // `streamName('')` is the prefix part of every stream name of this run: `<PREFIX>_`.
  const head = eventNaming(prefix).streamName('');
  const jsm = await nc.jetstreamManager();
  const names: string[] = [];
  for await (const stream of jsm.streams.list()) {
    if (stream.config.name.startsWith(head)) names.push(stream.config.name);
  }
  for (const name of names) await jsm.streams.delete(name);
  return names;
}

export interface DurableConsumerConfig {
  stream: string;
  durable: string;
  filterSubject: string;
  maxDeliver: number;
  ackWaitMs: number;
  maxAckPending: number;
}

/** A durable pull consumer with explicit acks; created or updated in place. */
export async function ensureDurableConsumer(
  jsm: JetStreamManager,
  config: DurableConsumerConfig,
): Promise<void> {
  const wanted = {
    durable_name: config.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: config.filterSubject,
    max_deliver: config.maxDeliver,
    ack_wait: nanos(config.ackWaitMs),
    max_ack_pending: config.maxAckPending,
  };
  const existing = await jsm.consumers.info(config.stream, config.durable).catch((error) => {
    if (isNotFound(error)) return null;
    throw error;
  });
  if (!existing) {
    await jsm.consumers.add(config.stream, wanted);
    return;
  }
  const current = existing.config;
  if (
    current.filter_subject !== wanted.filter_subject ||
    current.max_deliver !== wanted.max_deliver ||
    current.ack_wait !== wanted.ack_wait ||
    current.max_ack_pending !== wanted.max_ack_pending
  ) {
    await jsm.consumers.update(config.stream, config.durable, {
      filter_subject: wanted.filter_subject,
      max_deliver: wanted.max_deliver,
      ack_wait: wanted.ack_wait,
      max_ack_pending: wanted.max_ack_pending,
    });
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as { code?: string; api_error?: { err_code?: number }; message?: string };
  return (
    e?.code === '404' ||
    e?.api_error?.err_code === 10059 ||
    e?.api_error?.err_code === 10014 ||
    /not found/i.test(String(e?.message))
  );
}
