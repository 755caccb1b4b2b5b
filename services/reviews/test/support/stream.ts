import { parseEventEnvelope, type EventEnvelope } from '@trustcircle/contracts';
import { TEST_NATS_URL } from '@trustcircle/testing';
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
