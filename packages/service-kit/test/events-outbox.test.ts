import { randomUUID } from 'node:crypto';
import { TEST_NATS_URL } from '@trustcircle/testing';
import { connect, type NatsConnection } from 'nats';
import { eventNaming, publish, streamConfig } from '../src';
import {
  batchingConsumer,
  captureLogger,
  countingConsumer,
  voteChanged,
  voteChangedEnvelope,
  waitFor,
  useEventsWorld,
} from './support/events-harness';

const world = useEventsWorld();
let nc: NatsConnection;

beforeEach(async () => {
  nc = await connect({ servers: TEST_NATS_URL });
});

afterEach(async () => {
  await nc?.close();
});

const encoder = new TextEncoder();
const stream = () => eventNaming(world().prefix).streamName('reviews');
const subject = () => eventNaming(world().prefix).wireSubject('reviews.vote.changed');

async function streamMessages(): Promise<number> {
  const jsm = await nc.jetstreamManager();
  return (await jsm.streams.info(stream())).state.messages;
}

describe('outbox', () => {
  it('never publishes the event of a rolled-back transaction', async () => {
    const ctx = world().context();
    world().relay(ctx).start();
    const consumer = countingConsumer(ctx);
    consumer.start();

    let rolledBackId = '';
    await expect(
      world().db.transaction(async (trx) => {
        rolledBackId = (await publish(trx, 'reviews.vote.changed', voteChanged(1))).id;
        throw new Error('domain rule failed after the event was recorded');
      }),
    ).rejects.toThrow('domain rule failed');
    const [committedId] = await world().writeEvents(1, 2);

    await waitFor(async () => (await world().effectCounts()).total === 1, { what: 'the effect' });
    // Give a wrongly published event time to arrive too.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const effects = await world().db('effects').select('event_id');
    expect(effects).toEqual([{ event_id: committedId }]);
    expect(rolledBackId).not.toBe('');
    expect(await streamMessages()).toBe(1);
    expect(await world().db('outbox').count({ n: '*' })).toEqual([{ n: '0' }]);
    await consumer.stop();
  });

  it('rejects a payload that breaks its contract, failing the transaction', async () => {
    await expect(
      world().db.transaction((trx) =>
        publish(trx, 'reviews.vote.changed', { reviewId: -1 } as never),
      ),
    ).rejects.toThrow();
    expect(await world().db('outbox').count({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it('keeps an event whose publish is not acknowledged, as it was, and relays the others', async () => {
    const ctx = world().context();
    const relay = world().relay(ctx);
    const [first] = await world().writeEvents(1, 1);
    // An envelope over NATS's max_payload (1 MB): the server refuses it, every time.
    const tooBig = {
      id: randomUUID(),
      subject: 'reviews.vote.changed',
      envelope: JSON.stringify({ padding: 'x'.repeat(1_100_000) }),
      created_at: new Date('2026-01-02T03:04:05Z'),
    };
    await world().db('outbox').insert(tooBig);
    const [last] = await world().writeEvents(1, 2);
    const before = await world().db('outbox').where({ id: tooBig.id }).first('seq');
    await ctx.nats.connected();

    expect(await relay.relayOnce()).toBe(2);
    const left = await world().db('outbox').select('seq', 'id', 'created_at');
    expect(left).toEqual([{ seq: before.seq, id: tooBig.id, created_at: tooBig.created_at }]);
    expect(await streamMessages()).toBe(2);
    const jsm = await nc.jetstreamManager();
    const published = await Promise.all(
      [1, 2].map(async (seq) =>
        (await jsm.streams.getMessage(stream(), { seq })).header.get('Nats-Msg-Id'),
      ),
    );
    expect(published).toEqual([first, last]);
  });

  it('relays with two replicas on one schema, publishing each event once', async () => {
    const first = world().context();
    const second = world().context();
    world().relay(first, { batchSize: 20 }).start();
    world().relay(second, { batchSize: 20 }).start();
    const ids = await Promise.all(
      Array.from({ length: 10 }, (_, i) => world().writeEvents(30, i * 100 + 1)),
    );
    expect(ids.flat()).toHaveLength(300);

    await waitFor(async () => (await world().db('outbox').count({ n: '*' }))[0]!.n === '0', {
      what: 'an empty outbox',
    });
    const published = async (ctx: typeof first) =>
      (await ctx.registry.getSingleMetricAsString('events_published_total'))
        .split('\n')
        .filter((line) => line.startsWith('events_published_total{'))
        .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
    // The stream would hide a double publish (dedupe by msg id); the relays' own counts do not.
    expect((await published(first)) + (await published(second))).toBe(300);
    expect(await streamMessages()).toBe(300);
  });
});

describe('consumer', () => {
  it('applies an event published twice once', async () => {
    const ctx = world().context();
    const relay = world().relay(ctx);
    relay.start();
    const [id] = await world().writeEvents(1);
    await waitFor(async () => (await world().db('outbox').count({ n: '*' }))[0]!.n === '0');

    // The same envelope again, with a new msg id so the stream's dedupe does not catch it:
    // only the inbox stands between it and a second effect.
    const envelope = voteChangedEnvelope(id!, 1);
    const js = nc.jetstream();
    await js.publish(subject(), encoder.encode(JSON.stringify(envelope)), { msgID: randomUUID() });
    // And once more with the same msg id as the relay used: the stream drops this one.
    const dup = await js.publish(subject(), encoder.encode(JSON.stringify(envelope)), {
      msgID: id!,
    });
    expect(dup.duplicate).toBe(true);
    expect(await streamMessages()).toBe(2);

    const consumer = countingConsumer(ctx);
    consumer.start();
    const processed = async () =>
      (await ctx.registry.getSingleMetricAsString('events_processed_total')).includes(
        'outcome="duplicate"',
      );
    await waitFor(processed, { what: 'the duplicate to be seen' });
    expect(await world().effectCounts()).toEqual({ total: 1, distinct: 1 });
    await consumer.stop();
  });

  it('terminates and logs a malformed message and applies the ones after it', async () => {
    const { logger, lines } = captureLogger();
    const ctx = { ...world().context(), logger };
    const consumer = countingConsumer(ctx);
    consumer.start();
    const js = nc.jetstream();
    const jsm = await nc.jetstreamManager();
    await waitFor(async () => Boolean(await jsm.streams.info(stream()).catch(() => null)), {
      what: 'the consumer to provision the stream',
    });

    await js.publish(subject(), encoder.encode('{not json'));
    await js.publish(
      subject(),
      encoder.encode(
        JSON.stringify({
          id: randomUUID(),
          type: 'reviews.vote.changed',
          producer: 'reviews',
          occurredAt: new Date().toISOString(),
          version: 1,
          data: { reviewId: 'seven' },
        }),
      ),
    );
    world().relay(ctx).start();
    const ids = await world().writeEvents(5);

    await waitFor(async () => (await world().effectCounts()).total === 5, { what: '5 effects' });
    const applied = await world().db('effects').pluck('event_id');
    expect(applied.sort()).toEqual([...ids].sort());

    // Terminated, not left to be redelivered: nothing is pending on the consumer.
    await waitFor(async () => {
      const info = await jsm.consumers.info(stream(), consumer.durable);
      return info.num_ack_pending === 0 && info.num_pending === 0;
    });
    // Logged once each: a redelivered poison message would be logged again.
    const rejected = lines.filter((line) => line.msg.startsWith('event rejected'));
    expect(rejected).toHaveLength(2);
    expect(rejected.map((line) => line.level)).toEqual([50, 50]);
    expect(rejected.map((line) => line.reason)).toEqual([
      'not JSON',
      'invalid reviews.vote.changed payload',
    ]);
    await consumer.stop();
  });

  it('retries a failing handler with backoff and applies it once it succeeds', async () => {
    const ctx = world().context();
    world().relay(ctx).start();
    let calls = 0;
    const consumer = countingConsumer(ctx, {
      purpose: 'flaky',
      async handle(trx, event) {
        calls += 1;
        await trx('effects').insert({ event_id: event.id, review_id: event.data.reviewId });
        // Fails after its write: the write must roll back with the inbox row.
        if (calls < 3) throw new Error('projection store hiccup');
      },
    });
    consumer.start();
    await world().writeEvents(1);
    await waitFor(async () => (await world().effectCounts()).total === 1, { what: 'the effect' });
    expect(calls).toBe(3);
    expect(await world().effectCounts()).toEqual({ total: 1, distinct: 1 });
    const metrics = await ctx.registry.metrics();
    expect(metrics).toMatch(
      /events_consume_failed_total\{consumer="evt-flaky",reason="handler"\} 2/,
    );
    expect(metrics).toMatch(/events_redelivered_total\{consumer="evt-flaky"\} 2/);
    await consumer.stop();
  });

  it('applies batched subjects several at a time, each event once', async () => {
    const ctx = world().context();
    const batches: number[] = [];
    const consumer = batchingConsumer(ctx, { purpose: 'batched', sizes: batches });
    // A backlog first, so batches have something to gather.
    const ids = await world().writeEvents(120);
    world().relay(ctx).start();
    await waitFor(async () => (await world().db('outbox').count({ n: '*' }))[0]!.n === '0');
    consumer.start();
    await waitFor(async () => (await world().effectCounts()).total === 120, {
      what: '120 effects',
    });
    expect(await world().effectCounts()).toEqual({ total: 120, distinct: 120 });
    expect((await world().db('effects').pluck('event_id')).sort()).toEqual([...ids].sort());
    expect(Math.max(...batches)).toBeGreaterThan(1);
    expect(batches.reduce((sum, n) => sum + n, 0)).toBe(120);
    await consumer.stop();
  });

  it('applies a failing batch one event at a time, so only the bad event is retried', async () => {
    const ctx = world().context();
    let failing = true;
    const consumer = countingConsumer(ctx, {
      purpose: 'badbatch',
      retryBaseMs: 50,
      batch: {
        subjects: ['reviews.vote.changed'],
        async handle(trx, events) {
          await trx('effects').insert(
            events.map((event) => ({ event_id: event.id, review_id: event.data.reviewId })),
          );
          if (events.some((event) => event.data.reviewId === 3)) throw new Error('bad batch');
        },
      },
      async handle(trx, event) {
        if (event.data.reviewId === 3 && failing) {
          failing = false;
          throw new Error('review 3 fails once more');
        }
        await trx('effects').insert({ event_id: event.id, review_id: event.data.reviewId });
      },
    });
    await world().writeEvents(10);
    world().relay(ctx).start();
    await waitFor(async () => (await world().db('outbox').count({ n: '*' }))[0]!.n === '0');
    consumer.start();
    await waitFor(async () => (await world().effectCounts()).total === 10, { what: '10 effects' });
    // The failed batch's writes rolled back with its inbox rows: nothing applied twice.
    expect(await world().effectCounts()).toEqual({ total: 10, distinct: 10 });
    expect(failing).toBe(false);
    await consumer.stop();
  });

  it('provisions the producer stream idempotently with the design settings', async () => {
    const ctx = world().context();
    const relay = world().relay(ctx);
    await world().writeEvents(1);
    await ctx.nats.connected();
    expect(await relay.relayOnce()).toBe(1);
    const jsm = await nc.jetstreamManager();
    const info = await jsm.streams.info(stream());
    const wanted = streamConfig(eventNaming(world().prefix), 'reviews');
    expect(info.config.subjects).toEqual([`${world().prefix}.reviews.>`]);
    expect(info.config.storage).toBe('file');
    expect(info.config.duplicate_window).toBeGreaterThanOrEqual(10 * 60 * 1e9);
    expect(info.config.duplicate_window).toBe(wanted.duplicate_window);
    // A second replica's provisioning changes nothing.
    const again = world().relay(world().context());
    await world().writeEvents(1);
    await waitFor(() => world().links.every((link) => link.current !== null));
    expect(await again.relayOnce()).toBe(1);
    expect((await jsm.streams.info(stream())).state.messages).toBe(2);
  });
});
