import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/**
 * Event backbone metrics. Looked up before being created, because a registry can hold several
 * relays or consumers (tests, a service with many consumers) and names must stay unique.
 */
function once<T>(registry: Registry, name: string, create: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? create();
}

export function relayMetrics(registry: Registry) {
  return {
    published: once(
      registry,
      'events_published_total',
      () =>
        new Counter({
          name: 'events_published_total',
          help: 'Outbox events acknowledged by JetStream',
          labelNames: ['subject'] as const,
          registers: [registry],
        }),
    ),
    failed: once(
      registry,
      'events_publish_failed_total',
      () =>
        new Counter({
          name: 'events_publish_failed_total',
          help: 'Outbox publish attempts that got no JetStream ack (retried later)',
          registers: [registry],
        }),
    ),
  };
}

/** Backlog gauges are read from the table at scrape time, so every replica reports the truth. */
export function outboxGauges(
  registry: Registry,
  read: () => Promise<{ rows: number; oldestAgeSeconds: number }>,
): void {
  if (registry.getSingleMetric('events_outbox_backlog')) return;
  let last: Promise<{ rows: number; oldestAgeSeconds: number }> | null = null;
  // Both gauges are collected in one scrape; share one query between them.
  const sample = () => {
    last ??= read().finally(() => setTimeout(() => (last = null), 100).unref());
    return last;
  };
  new Gauge({
    name: 'events_outbox_backlog',
    help: 'Events waiting in the outbox',
    registers: [registry],
    async collect() {
      this.set((await sample().catch(() => ({ rows: -1 }))).rows);
    },
  });
  new Gauge({
    name: 'events_outbox_oldest_age_seconds',
    help: 'Age of the oldest event waiting in the outbox',
    registers: [registry],
    async collect() {
      this.set((await sample().catch(() => ({ oldestAgeSeconds: -1 }))).oldestAgeSeconds);
    },
  });
}

export function consumerMetrics(registry: Registry) {
  const counter = (name: string, help: string, labelNames: string[]) =>
    once(registry, name, () => new Counter({ name, help, labelNames, registers: [registry] }));
  return {
    processed: counter('events_processed_total', 'Events applied or found already applied', [
      'consumer',
      'subject',
      'outcome',
    ]),
    redelivered: counter('events_redelivered_total', 'Deliveries that were not the first', [
      'consumer',
    ]),
    failed: counter('events_consume_failed_total', 'Events that failed (nak) or were rejected', [
      'consumer',
      'reason',
    ]),
    lastApplied: consumerFreshness(registry),
    lag: once(
      registry,
      'events_consume_lag_seconds',
      () =>
        new Histogram({
          name: 'events_consume_lag_seconds',
          help: 'From the event being written to its effect being committed',
          labelNames: ['consumer'],
          buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 30, 300],
          registers: [registry],
        }),
    ),
  };
}

/**
 * Messages each durable consumer of this producer's stream has not yet acknowledged (pending
 * plus delivered-unacked), read from JetStream at scrape time. Reported by the producer, so a
 * consumer that stopped (or whose process is down) still shows its backlog growing.
 */
export function streamConsumerGauge(
  registry: Registry,
  read: () => Promise<{ consumer: string; pending: number }[]>,
): void {
  if (registry.getSingleMetric('events_consumer_pending')) return;
  new Gauge({
    name: 'events_consumer_pending',
    help: "Events a durable consumer of this service's stream has not acknowledged yet",
    labelNames: ['consumer'],
    registers: [registry],
    async collect() {
      const consumers = await read().catch(() => null);
      if (!consumers) return;
      this.reset();
      for (const { consumer, pending } of consumers) this.set({ consumer }, pending);
    },
  });
}

/** When each consumer last applied an event: projection freshness (with its pending count). */
export function consumerFreshness(registry: Registry) {
  return once(
    registry,
    'events_consumer_last_applied_timestamp_seconds',
    () =>
      new Gauge({
        name: 'events_consumer_last_applied_timestamp_seconds',
        help: 'Unix time at which the consumer last applied an event',
        labelNames: ['consumer'],
        registers: [registry],
      }),
  );
}
