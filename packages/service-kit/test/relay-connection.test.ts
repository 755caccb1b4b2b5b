import {
  createTestDatabase,
  deleteEventStreams,
  TEST_NATS_URL,
  uniqueEventsPrefix,
  waitFor,
  type TestDatabase,
} from '@trustcircle/testing';
import {
  BaseServiceEnvSchema,
  createDb,
  createHttpApp,
  createLogger,
  createOutboxRelay,
  eventMigrations,
  publish,
  startService,
  type Knex,
  type RunningService,
  type ServiceDefinition,
} from '../src';
import { countingConsumer, effectsMigration, SCHEMA, voteChanged } from './support/events-harness';

/** A service with an outbox relay and a consumer writing `effects`, as every service has. */
const definition: ServiceDefinition<typeof BaseServiceEnvSchema._output> = {
  name: SCHEMA,
  envSchema: BaseServiceEnvSchema,
  migrations: [...eventMigrations, effectsMigration],
  verifiesTokens: false,
  defaultPort: 0,
  createApp: (ctx) => ({
    app: createHttpApp({
      logger: createLogger(SCHEMA, 'silent'),
      registry: ctx.registry,
      routes: () => undefined,
    }),
    workers: [createOutboxRelay(ctx, { pollIntervalMs: 200 }), countingConsumer(ctx)],
  }),
};

/** Takes every connection of `db`'s pool until `release()`. */
function holdAll(db: Knex) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const { max } = (db.client as { pool: { max: number } }).pool;
  const taken: Promise<void>[] = [];
  const held = Promise.all(
    Array.from(
      { length: max },
      () =>
        new Promise<void>((began) => {
          taken.push(
            db.transaction(async () => {
              began();
              await released;
            }),
          );
        }),
    ),
  );
  return {
    held,
    async release() {
      release();
      await Promise.all(taken);
    },
  };
}

describe('the relay under a full pool', () => {
  let database: TestDatabase;
  let writer: Knex;
  let service: RunningService | undefined;
  const prefix = uniqueEventsPrefix();

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await service?.stop();
    await writer?.destroy();
    await database.drop();
    await deleteEventStreams(TEST_NATS_URL, prefix).catch(() => undefined);
  });

  it('publishes on its own connection while requests hold every one of the pool', async () => {
    const url = await database.provision(SCHEMA);
    service = await startService(definition, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      DATABASE_URL: url,
      NATS_URL: TEST_NATS_URL,
      EVENTS_PREFIX: prefix,
      DATABASE_POOL_MAX: '2',
    });
    const metrics = await (await fetch(`${service.url}/metrics`)).text();
    expect(metrics).toMatch(/^db_pool_max\{pool="service",service="evt"\} 2$/m);
    expect(metrics).toMatch(/^db_pool_max\{pool="relay",service="evt"\} 1$/m);
    // Only the relay's commits skip waiting for their WAL flush.
    const setting = async (db: Knex) => (await db.raw('show synchronous_commit')).rows[0];
    expect(await setting(service.ctx.relayDb)).toEqual({ synchronous_commit: 'off' });
    expect(await setting(service.ctx.db)).toEqual({ synchronous_commit: 'on' });

    // Requests hold every connection of the pool, as a request queue under overload does; a
    // write from outside the service (its own connection) is still relayed at once (the
    // pool's acquire timeout is 10 s), and applied by the consumer once the pool frees up.
    writer = createDb({ url, schema: SCHEMA, poolMax: 1 });
    const requests = holdAll(service.ctx.db);
    await requests.held;
    let event: { id: string };
    try {
      event = await writer.transaction((trx) =>
        publish(trx, 'reviews.vote.changed', voteChanged(7)),
      );
      await waitFor(async () => (await writer('outbox').count({ n: '*' }))[0]!.n === '0', {
        what: 'the outbox relayed',
        timeoutMs: 5000,
      });
    } finally {
      await requests.release();
    }
    await waitFor(
      async () => (await writer('effects').where({ event_id: event.id })).length === 1,
      {
        what: 'the event applied by the consumer',
      },
    );
  });
});
