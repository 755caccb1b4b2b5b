import {
  countingConsumer,
  createEventsWorld,
  waitFor,
  type EventsWorld,
} from './support/events-harness';
import { freePort } from '@trustcircle/testing';
import { PrivateNatsServer } from './support/nats-server';

/**
 * NATS going away, and a consumer dying mid-batch. The machine's NATS is shared, so the outage
 * test runs against a private nats-server child process that it stops and starts again.
 */

let world: EventsWorld;
let server: PrivateNatsServer | null = null;

afterEach(async () => {
  await world?.cleanup();
  await server?.destroy();
  server = null;
});

const outboxRows = async () => Number((await world.db('outbox').count({ n: '*' }))[0]!.n);

it('keeps every write while NATS is unreachable and applies each event exactly once after', async () => {
  server = new PrivateNatsServer(await freePort());
  world = await createEventsWorld(server.url);
  // Nothing listens at start: the service must start, write and wait.
  const ctx = world.context(server.url);
  world.relay(ctx, { retryMaxMs: 1000, publishTimeoutMs: 1000 }).start();
  const consumer = countingConsumer(ctx, { concurrency: 16 });
  consumer.start();

  const ids = await world.writeEvents(1000);
  expect(new Set(ids).size).toBe(1000);
  expect(await outboxRows()).toBe(1000);
  const metrics = await ctx.registry.metrics();
  expect(metrics).toMatch(/events_outbox_backlog\{service=".*?"\} 1000|events_outbox_backlog 1000/);

  await server.start();
  await waitFor(async () => (await world.effectCounts()).total >= 1000, {
    timeoutMs: 60_000,
    what: '1,000 effects',
  });
  expect(await outboxRows()).toBe(0);

  // And again after it drops out while running: the link reconnects, the pull resumes.
  await server.stop();
  const more = await world.writeEvents(200, 5000);
  expect(more).toHaveLength(200);
  await server.start();
  await waitFor(async () => (await world.effectCounts()).total >= 1200, {
    timeoutMs: 60_000,
    what: '1,200 effects',
  });
  // Let late duplicates, if any, arrive before counting.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await world.effectCounts()).toEqual({ total: 1200, distinct: 1200 });
  await consumer.stop();
}, 120_000);

it('loses nothing and applies nothing twice when a consumer dies mid-batch', async () => {
  world = await createEventsWorld();
  const producer = world.context();
  world.relay(producer).start();
  await world.writeEvents(300);
  await waitFor(async () => (await outboxRows()) === 0, { what: 'the outbox to drain' });

  const slowly = {
    ackWaitMs: 1500,
    concurrency: 8,
    async handle(trx: any, event: any) {
      await trx('effects').insert({ event_id: event.id, review_id: event.data.reviewId });
      await new Promise((resolve) => setTimeout(resolve, 5));
    },
  };
  const doomed = world.context();
  const first = countingConsumer(doomed, slowly);
  first.start();
  await waitFor(async () => (await world.effectCounts()).total >= 60, { what: 'a first batch' });

  // The process dies: its connection goes without draining, so acks of handlers still running
  // (and messages buffered in the pull) never reach the server.
  doomed.nats.current!.close();
  await doomed.nats.close();

  const survivor = world.context();
  const second = countingConsumer(survivor, slowly);
  second.start();
  await waitFor(async () => (await world.effectCounts()).total >= 300, {
    timeoutMs: 30_000,
    what: '300 effects',
  });
  await first.stop();
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await world.effectCounts()).toEqual({ total: 300, distinct: 300 });
  // The dead consumer's unacked deliveries came back to the new one.
  expect(await survivor.registry.getSingleMetricAsString('events_redelivered_total')).toMatch(
    /events_redelivered_total\{consumer="evt-counting"\} [1-9]/,
  );
  await second.stop();
}, 60_000);
