import {
  batchingConsumer,
  countingConsumer,
  waitFor,
  useEventsWorld,
} from './support/events-harness';

/**
 * A batch's first event may wait for the ones that follow (`batch.waitMs`): a consumer that
 * keeps up with a trickle then applies it in a few transactions instead of one per event.
 */
const world = useEventsWorld();

const effects = async () => (await world().effectCounts()).total;

async function batchesOf(waitMs: number | undefined): Promise<number[]> {
  const ctx = world().context();
  const sizes: number[] = [];
  const consumer = batchingConsumer(ctx, {
    purpose: 'trickle',
    concurrency: 1,
    ...(waitMs === undefined ? {} : { waitMs }),
    sizes,
  });
  world().relay(ctx).start();
  consumer.start();
  // A trickle: each event relayed and delivered before the next is written.
  for (let n = 0; n < 6; n += 1) {
    await world().writeEvents(1, 1000 + n);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await waitFor(async () => (await effects()) === 6, { what: 'six effects' });
  await consumer.stop();
  return sizes;
}

it('applies a trickle one event at a time when nothing waits', async () => {
  // Mostly ones; two may meet when the machine is slow.
  expect((await batchesOf(undefined)).length).toBeGreaterThanOrEqual(4);
});

it('applies a trickle together when its first event waits for the others', async () => {
  expect(await batchesOf(3_000)).toEqual([6]);
});

it('hands a waiting batch back when stopped, for the next start to apply', async () => {
  const ctx = world().context();
  world().relay(ctx).start();
  const waiting = batchingConsumer(ctx, { purpose: 'handback', waitMs: 60_000 });
  waiting.start();
  await world().writeEvents(2);
  await waitFor(async () => (await world().db('outbox').count({ n: '*' }))[0]!.n === '0');
  await new Promise((resolve) => setTimeout(resolve, 300));
  const stopping = Date.now();
  await waiting.stop();
  expect(Date.now() - stopping).toBeLessThan(5_000);
  expect(await effects()).toBe(0);
  const next = batchingConsumer(ctx, { purpose: 'handback' });
  next.start();
  await waitFor(async () => (await effects()) === 2, { what: 'two effects' });
  await next.stop();
});

it('lets a running handler commit before it stops, and leaves nothing to apply twice', async () => {
  const ctx = world().context();
  world().relay(ctx).start();
  let started = 0;
  const slow = countingConsumer(ctx, {
    purpose: 'slow',
    async handle(trx, event) {
      started += 1;
      await new Promise((resolve) => setTimeout(resolve, 400));
      await trx('effects').insert({ event_id: event.id, review_id: event.data.reviewId });
    },
  });
  slow.start();
  await world().writeEvents(1);
  await waitFor(() => Promise.resolve(started === 1), { what: 'the handler running' });
  await slow.stop();
  // Stopped only once the handler had committed (and acked): its effect is there, once.
  expect(await effects()).toBe(1);
  const next = countingConsumer(ctx, { purpose: 'slow' });
  next.start();
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  await next.stop();
  expect(await effects()).toBe(1);
});
