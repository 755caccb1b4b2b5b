import { randomUUID } from 'node:crypto';
import { REVIEW_SUBJECTS } from '@trustcircle/contracts';
import { TEST_NATS_URL } from '@trustcircle/testing';
import { connect, type NatsConnection } from 'nats';
import {
  consumerFilters,
  deleteEventStreams,
  ensureDurableConsumer,
  ensureStream,
  eventNaming,
  streamConfig,
} from '../src';

let nc: NatsConnection;
const prefix = `cf${randomUUID().slice(0, 8)}`;
const naming = eventNaming(prefix);

beforeAll(async () => {
  nc = await connect({ servers: TEST_NATS_URL });
});

afterAll(async () => {
  await deleteEventStreams(nc, prefix);
  await nc.close();
});

describe('a durable consumer made by an earlier release with a wider filter', () => {
  it('is narrowed in place, and the subjects it does not want are no longer delivered', async () => {
    const jsm = await nc.jetstreamManager();
    const stream = naming.streamName('reviews');
    await ensureStream(jsm, streamConfig(naming, 'reviews'));
    const settings = { stream, durable: 'communities-projections', maxDeliver: 10 };
    const limits = { ackWaitMs: 30_000, maxAckPending: 1000 };
    // What the release before this one asked for: every subject of the producer.
    await ensureDurableConsumer(jsm, {
      ...settings,
      ...limits,
      filterSubject: naming.producerWildcard('reviews'),
    });
    const js = nc.jetstream();
    await js.publish(naming.wireSubject('reviews.vote.changed'), new Uint8Array());
    expect((await jsm.consumers.info(stream, settings.durable)).num_pending).toBe(1);

    const [filter] = consumerFilters(naming, [...REVIEW_SUBJECTS]);
    await ensureDurableConsumer(jsm, {
      ...settings,
      ...limits,
      filterSubject: filter!.filterSubject,
    });

    await js.publish(naming.wireSubject('reviews.vote.changed'), new Uint8Array());
    await js.publish(naming.wireSubject('reviews.review.created'), new Uint8Array());
    const info = await jsm.consumers.info(stream, settings.durable);
    expect(info.config.filter_subject).toBe(`${prefix}.reviews.review.>`);
    expect(info.num_pending).toBe(1);
  });
});
