/**
 * Event backbone: commit of a write → relay → JetStream → consumer's committed effect.
 * Phase 1 writes at a steady 500 events/s (design target: p99 under 50 ms); phase 2 writes
 * as fast as it can to show throughput. Runs in a throwaway database and under a unique
 * stream prefix, removed afterwards.
 */
import {
  createDb,
  createEventConsumer,
  createLogger,
  createMetricsRegistry,
  createOutboxRelay,
  eventMigrations,
  migrate,
  NatsLink,
  publish,
  type Knex,
} from '@trustcircle/service-kit';
import { createBenchDatabase } from '../support/database.ts';
import { NATS_URL, sleep, waitUntil } from '../support/env.ts';
import { runNames } from '../support/services.ts';
import { deleteRunStreams } from '../support/streams.ts';
import { percentile, type ScenarioResult } from '../types.ts';

const RATE = Number(process.env.BENCH_EVENTS_RATE ?? 500);
const STEADY_SECONDS = Number(process.env.BENCH_EVENTS_SECONDS ?? 10);
const BURST_EVENTS = Number(process.env.BENCH_EVENTS_BURST ?? 5000);
const SCHEMA = 'bench';

export async function run(): Promise<ScenarioResult[]> {
  const { database: name, prefix } = runNames();
  const database = await createBenchDatabase(name, [SCHEMA]);
  const url = database.urlOf(SCHEMA);
  const db = createDb({ url, schema: SCHEMA, poolMax: 30 });
  const logger = createLogger(SCHEMA, 'warn');
  const nats = new NatsLink({ url: NATS_URL, name: SCHEMA, logger });
  const ctx = {
    name: SCHEMA,
    db,
    nats,
    registry: createMetricsRegistry(SCHEMA),
    logger,
    config: { DATABASE_URL: url, EVENTS_PREFIX: prefix, EVENTS_STREAM_REPLICAS: 1 },
  };
  const committedAt = new Map<string, number>();
  const appliedAt = new Map<string, number>();
  const relay = createOutboxRelay(ctx, { batchSize: Number(process.env.BENCH_RELAY_BATCH ?? 256) });
  const consumer = createEventConsumer(ctx, {
    purpose: 'bench',
    subjects: ['reviews.vote.changed'],
    concurrency: Number(process.env.BENCH_CONSUMER_CONCURRENCY ?? 16),
    async handle(trx, event) {
      await trx('bench_effects').insert({ event_id: event.id, review_id: event.data.reviewId });
      // Measured at commit of the effect, not at the end of the handler.
      void trx.executionPromise.then(
        () => appliedAt.set(event.id, performance.now()),
        () => undefined,
      );
    },
  });

  try {
    await migrate(db, SCHEMA, [
      ...eventMigrations,
      {
        name: 'bench_effects',
        up: (k: Knex) =>
          k.schema.createTable('bench_effects', (t) => {
            t.uuid('event_id').primary();
            t.integer('review_id').notNullable();
          }),
      },
    ]);
    nats.start();
    await nats.connected();
    relay.start();
    consumer.start();

    let reviewId = 0;
    const write = async () => {
      reviewId += 1;
      const data = { reviewId, businessId: 1, helpfulCount: 1, version: 2 };
      const envelope = await db.transaction((trx) => publish(trx, 'reviews.vote.changed', data));
      committedAt.set(envelope.id, performance.now());
    };
    const settle = async (expected: number) => {
      await waitUntil(
        () => appliedAt.size >= expected,
        () => `${expected} events applied (${appliedAt.size} were)`,
        { timeoutMs: 30_000, intervalMs: 20 },
      );
    };
    // Warm-up: stream, consumer, pools and JIT.
    await Promise.all(Array.from({ length: 200 }, write));
    await settle(200);
    committedAt.clear();
    appliedAt.clear();

    // Phase 1: steady rate, one write every 1000/RATE ms on a fixed schedule.
    const total = RATE * STEADY_SECONDS;
    const started = performance.now();
    const pending: Promise<void>[] = [];
    for (let i = 0; i < total; i += 1) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      pending.push(write());
    }
    await Promise.all(pending);
    const writeSeconds = (performance.now() - started) / 1000;
    await settle(total);
    const steady = latencies(committedAt, appliedAt);

    // Phase 2: as fast as 32 writers go.
    committedAt.clear();
    appliedAt.clear();
    const burstStart = performance.now();
    let left = BURST_EVENTS;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (left-- > 0) await write();
      }),
    );
    await settle(BURST_EVENTS);
    const burstSeconds = (performance.now() - burstStart) / 1000;
    const burst = latencies(committedAt, appliedAt);

    return [
      {
        name: `events @${RATE}/s`,
        metrics: {
          events: total,
          'events/s': total / writeSeconds,
          'p50 ms': steady.p50,
          'p99 ms': steady.p99,
          'max ms': steady.max,
        },
        target: 'p99 < 50 ms',
        pass: steady.p99 < 50,
      },
      {
        name: 'events burst',
        metrics: {
          events: BURST_EVENTS,
          'events/s': BURST_EVENTS / burstSeconds,
          'p50 ms': burst.p50,
          'p99 ms': burst.p99,
          'max ms': burst.max,
        },
      },
    ];
  } finally {
    await consumer.stop().catch(() => undefined);
    await relay.stop().catch(() => undefined);
    await deleteRunStreams(prefix).catch(() => undefined);
    await nats.close();
    await db.destroy();
    await database.drop();
  }
}

function latencies(committed: Map<string, number>, applied: Map<string, number>) {
  const values: number[] = [];
  for (const [id, at] of applied) {
    const start = committed.get(id);
    if (start !== undefined) values.push(Math.max(0, at - start));
  }
  values.sort((a, b) => a - b);
  return {
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: values.at(-1) ?? Number.NaN,
  };
}
