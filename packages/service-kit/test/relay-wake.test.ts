import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  countingConsumer,
  SCHEMA,
  voteChangedEnvelope,
  waitFor,
  useEventsWorld,
} from './support/events-harness';

/**
 * The relay is woken by the process that commits an event (local-wake.ts), not by a NOTIFY
 * that woke every LISTENing backend of the database; a row it did not write is found by its
 * poll, and a round another replica holds the lock for is tried again soon.
 */
const world = useEventsWorld();

const NEVER_POLLS = { pollIntervalMs: 600_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function started(options = NEVER_POLLS) {
  const ctx = world().context();
  const relay = world().relay(ctx, options);
  relay.start();
  const consumer = countingConsumer(ctx);
  consumer.start();
  // The relay's first round, at start, finds the outbox empty.
  await sleep(200);
  return { relay, consumer };
}

/** An outbox row written the way another process or an operator's SQL would: no wake-up here. */
async function writtenElsewhere(reviewId: number): Promise<string> {
  const id = randomUUID();
  await world().db.raw(`insert into outbox (id, subject, envelope) values (?, ?, ?::jsonb)`, [
    id,
    'reviews.vote.changed',
    JSON.stringify(voteChangedEnvelope(id, reviewId)),
  ]);
  return id;
}

describe('waking the outbox relay', () => {
  it('relays an event as soon as this process commits it, and the commit notifies no one', async () => {
    const listener = new Client({ connectionString: world().url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.channel));
    await listener.query(`listen outbox_${SCHEMA}`);
    try {
      const { consumer } = await started();
      const before = Date.now();
      await world().writeEvents(1, 1);
      await waitFor(async () => (await world().effectCounts()).total === 1, {
        what: 'the event applied without the relay polling',
        timeoutMs: 5000,
      });
      expect(Date.now() - before).toBeLessThan(5000);
      await sleep(100);
      expect(heard).toEqual([]);
      await consumer.stop();
    } finally {
      await listener.end();
    }
  });

  it('finds a row another process wrote by its poll, and only then', async () => {
    const { consumer } = await started();
    await writtenElsewhere(1);
    await sleep(500);
    expect((await world().effectCounts()).total).toBe(0);
    await consumer.stop();

    const polled = await started({ pollIntervalMs: 200 });
    await waitFor(async () => (await world().effectCounts()).total === 1, {
      what: 'the row found by the poll',
    });
    await polled.consumer.stop();
  });

  it("relays this process's event once another replica's round releases the lock", async () => {
    const { consumer } = await started();
    const other = new Client({ connectionString: world().url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`select pg_advisory_xact_lock(hashtext('trustcircle.outbox.' || $1))`, [
        SCHEMA,
      ]);
      await world().writeEvents(1, 1);
      await sleep(400);
      expect((await world().effectCounts()).total).toBe(0);
      await other.query('commit');
      await waitFor(async () => (await world().effectCounts()).total === 1, {
        what: 'the event relayed after the lock was released',
        timeoutMs: 5000,
      });
    } finally {
      await other.end();
    }
    await consumer.stop();
  });
});
