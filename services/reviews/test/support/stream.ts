import { parseEventEnvelope, type EventEnvelope } from '@trustcircle/contracts';
import { TEST_NATS_URL, type TestStack } from '@trustcircle/testing';
import { connect } from 'nats';

/** Every event on one producer's stream of this run, oldest first, checked against contracts. */
export async function readStream(prefix: string, producer: string): Promise<EventEnvelope[]> {
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    const js = nc.jetstream();
    const stream = `${prefix.toUpperCase()}_${producer.toUpperCase()}`;
    const info = await (await nc.jetstreamManager()).streams.info(stream);
    const total = info.state.messages;
    const consumer = await js.consumers.get(stream);
    const events: EventEnvelope[] = [];
    if (!total) return events;
    const messages = await consumer.fetch({ max_messages: total, expires: 2000 });
    for await (const msg of messages) {
      const parsed = parseEventEnvelope(msg.json());
      if (!parsed.ok) throw new Error(`invalid event on ${msg.subject}: ${parsed.reason}`);
      events.push(parsed.envelope);
      if (events.length >= total) break;
    }
    return events;
  } finally {
    await nc.close();
  }
}

/** Every event reviews has published in this run (the stack's events prefix), oldest first. */
export function reviewsPublished(world: { stack: TestStack }): Promise<EventEnvelope[]> {
  return readStream(world.stack.eventsPrefix, 'reviews');
}
