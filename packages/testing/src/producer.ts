import type { EventPayload, EventSubject } from '@trustcircle/contracts';
import {
  createDb,
  createLogger,
  createMetricsRegistry,
  createOutboxRelay,
  migrate,
  NatsLink,
  outboxMigration,
  outboxTakeMigration,
  outboxTraceMigration,
  publish,
} from '@trustcircle/service-kit';
import { TEST_NATS_URL } from './env';
import type { TestStack } from './stack';

/**
 * A stand-in producer for a service a test does not run: its own schema and outbox, relayed
 * under the stack's events prefix by the real relay, so its events travel exactly as the real
 * producer's would (outbox → relay → JetStream).
 */
export async function startStandInProducer(stack: TestStack, name = 'upstream') {
  const url = await stack.db.provision(name);
  const db = createDb({ url, schema: name, poolMax: 2 });
  await migrate(db, name, [outboxMigration, outboxTraceMigration, outboxTakeMigration]);
  const logger = createLogger(name, 'silent');
  const nats = new NatsLink({ url: TEST_NATS_URL, name, logger });
  nats.start();
  const relay = createOutboxRelay(
    {
      name,
      db,
      nats,
      registry: createMetricsRegistry(name),
      logger,
      config: { DATABASE_URL: url, EVENTS_PREFIX: stack.eventsPrefix, EVENTS_STREAM_REPLICAS: 1 },
    },
    { pollIntervalMs: 100 },
  );
  relay.start();
  return {
    /** Publishes an event as its producer would. */
    async emit<S extends EventSubject>(subject: S, data: EventPayload<S>): Promise<void> {
      await db.transaction((trx) => publish(trx, subject, data));
    },
    async stop(): Promise<void> {
      await relay.stop();
      await nats.close();
      await db.destroy();
    },
  };
}
export type StandInProducer = Awaited<ReturnType<typeof startStandInProducer>>;
