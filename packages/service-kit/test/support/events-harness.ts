import { Writable } from 'node:stream';
import { EVENT_SCHEMA_VERSION } from '@trustcircle/contracts';
import {
  createTestDatabase,
  deleteEventStreams,
  TEST_NATS_URL,
  uniqueEventsPrefix,
  type TestDatabase,
} from '@trustcircle/testing';
import pino from 'pino';
import { Registry } from 'prom-client';
import {
  createDb,
  createEventConsumer,
  createOutboxRelay,
  eventMigrations,
  migrate,
  NatsLink,
  publish,
  type EventConsumerOptions,
  type EventsContext,
  type Knex,
  type Logger,
  type RelayOptions,
} from '../../src';

export const SCHEMA = 'evt';

/** A schema with outbox, inbox and an effect table without any uniqueness, to count effects. */
export const effectsMigration = {
  name: 'test_effects',
  async up(db: Knex) {
    await db.schema.createTable('effects', (t) => {
      t.bigIncrements('seq');
      t.uuid('event_id').notNullable();
      t.integer('review_id').notNullable();
    });
  },
};

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export function captureLogger(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

export interface EventsWorld {
  database: TestDatabase;
  url: string;
  db: Knex;
  prefix: string;
  links: NatsLink[];
  /** A fresh context (own NATS link, own metrics) on the same schema, like another replica. */
  context(natsUrl?: string): EventsContext & { nats: NatsLink };
  relay(ctx: EventsContext, options?: RelayOptions): ReturnType<typeof createOutboxRelay>;
  effectCounts(): Promise<{ total: number; distinct: number }>;
  writeEvents(count: number, firstReviewId?: number): Promise<string[]>;
  cleanup(): Promise<void>;
}

export async function createEventsWorld(natsUrl = TEST_NATS_URL): Promise<EventsWorld> {
  const database = await createTestDatabase();
  const url = await database.provision(SCHEMA);
  const db = createDb({ url, schema: SCHEMA, poolMax: 20 });
  await migrate(db, SCHEMA, [...eventMigrations, effectsMigration]);
  const prefix = uniqueEventsPrefix();
  const links: NatsLink[] = [];
  const workers: { stop(): Promise<void> }[] = [];
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

  const world: EventsWorld = {
    database,
    url,
    db,
    prefix,
    links,
    context(contextNatsUrl = natsUrl) {
      const nats = new NatsLink({ url: contextNatsUrl, name: SCHEMA, logger });
      nats.start();
      links.push(nats);
      return {
        name: SCHEMA,
        db,
        nats,
        registry: new Registry(),
        logger,
        config: { DATABASE_URL: url, EVENTS_PREFIX: prefix, EVENTS_STREAM_REPLICAS: 1 },
      };
    },
    relay(ctx, options) {
      const relay = createOutboxRelay(ctx, { pollIntervalMs: 200, ...options });
      workers.push(relay);
      return relay;
    },
    async effectCounts() {
      const [row] = await db('effects').select(
        db.raw('count(*)::int as total'),
        db.raw('count(distinct event_id)::int as distinct'),
      );
      return row as { total: number; distinct: number };
    },
    async writeEvents(count, firstReviewId = 1) {
      const ids: string[] = [];
      for (let i = 0; i < count; i += 1) {
        const envelope = await db.transaction((trx) =>
          publish(trx, 'reviews.vote.changed', voteChanged(firstReviewId + i)),
        );
        ids.push(envelope.id);
      }
      return ids;
    },
    async cleanup() {
      for (const worker of workers) await worker.stop().catch(() => undefined);
      for (const link of links) await link.close().catch(() => undefined);
      await db.destroy();
      await database.drop();
      await deleteEventStreams(natsUrl, prefix).catch(() => undefined);
    },
  };
  return world;
}

/**
 * Registers a fresh events world before each test of the calling suite and its cleanup after;
 * the getter answers the current test's world.
 */
export function useEventsWorld(natsUrl?: string): () => EventsWorld {
  let world: EventsWorld | undefined;
  beforeEach(async () => {
    world = await createEventsWorld(natsUrl);
  });
  afterEach(async () => {
    await world?.cleanup();
    world = undefined;
  });
  return () => {
    if (!world) throw new Error('useEventsWorld: no world outside a test');
    return world;
  };
}

export function voteChanged(reviewId: number) {
  return { reviewId, businessId: 1, helpfulCount: reviewId % 7, version: 2 };
}

/** A whole `reviews.vote.changed` envelope of id `id`, as a producer writes it. */
export function voteChangedEnvelope(id: string, reviewId: number) {
  return {
    id,
    type: 'reviews.vote.changed',
    producer: 'reviews',
    occurredAt: new Date().toISOString(),
    version: EVENT_SCHEMA_VERSION,
    data: voteChanged(reviewId),
  };
}

/** Counts each applied event in `effects`; no uniqueness there, so a double apply shows. */
export function countingConsumer(
  ctx: EventsContext,
  options: Partial<EventConsumerOptions<'reviews.vote.changed'>> = {},
) {
  return createEventConsumer(ctx, {
    purpose: 'counting',
    subjects: ['reviews.vote.changed'],
    ackWaitMs: 2000,
    retryBaseMs: 50,
    retryMaxMs: 500,
    async handle(trx, event) {
      await trx('effects').insert({ event_id: event.id, review_id: event.data.reviewId });
    },
    ...options,
  });
}

/** `countingConsumer` that applies votes in batches; each batch's size is pushed to `sizes`. */
export function batchingConsumer(
  ctx: EventsContext,
  options: { purpose: string; waitMs?: number; concurrency?: number; sizes?: number[] },
) {
  const { purpose, sizes, ...batching } = options;
  return countingConsumer(ctx, {
    purpose,
    batch: {
      subjects: ['reviews.vote.changed'],
      ...batching,
      async handle(trx, events) {
        sizes?.push(events.length);
        await trx('effects').insert(
          events.map((event) => ({ event_id: event.id, review_id: event.data.reviewId })),
        );
      },
    },
  });
}

export { waitFor } from '@trustcircle/testing';
