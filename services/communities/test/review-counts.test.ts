import { randomUUID } from 'node:crypto';
import type { EventPayload } from '@trustcircle/contracts';
import { ensureStream, eventNaming, streamConfig } from '@trustcircle/service-kit';
import { TEST_NATS_URL, type TestStack } from '@trustcircle/testing';
import { waitFor } from '@trustcircle/testing';
import { connect, headers, type NatsConnection } from 'nats';
import { signedInClient, startCommunitiesStack } from './support';

/**
 * Review events are published straight to JetStream under the run's prefix, as reviews'
 * relay would. A "delivered twice" event is the same envelope stored twice in the stream
 * (different Nats-Msg-Id), so only the consumer's inbox keeps it from counting twice.
 */
let naming: ReturnType<typeof eventNaming>;
let stack: TestStack;
let nc: NatsConnection;
const ids: Record<'a' | 'b' | 'c', number> = { a: 0, b: 0, c: 0 };

beforeAll(async () => {
  stack = await startCommunitiesStack();
  naming = eventNaming(stack.eventsPrefix);
  const { client } = await signedInClient(stack);
  for (const key of ['a', 'b', 'c'] as const) {
    const res = await client.post('/api/groups', {
      name: `Reviewers ${key.toUpperCase()}`,
      description: 'A group whose reviews are counted.',
    });
    ids[key] = res.body.id;
  }
  nc = await connect({ servers: TEST_NATS_URL });
  await ensureStream(await nc.jetstreamManager(), streamConfig(naming, 'reviews'));
}, 60_000);

afterAll(async () => {
  await nc?.close();
  await stack?.stop();
});

type ReviewSubject = 'reviews.review.created' | 'reviews.review.updated' | 'reviews.review.hidden';

function review(id: number, version: number, groupIds: number[], hidden = false) {
  return {
    id,
    businessId: 1,
    userId: 1,
    rating: 5,
    groupIds,
    helpfulCount: 0,
    authorVerified: false,
    createdAt: new Date().toISOString(),
    hidden,
    version,
  } satisfies EventPayload<'reviews.review.created'>;
}

/** Publishes one envelope `copies` times (each copy a distinct stream message). */
async function deliver(subject: ReviewSubject, data: ReturnType<typeof review>, copies = 1) {
  const envelope = {
    id: randomUUID(),
    type: subject,
    producer: 'reviews',
    occurredAt: new Date().toISOString(),
    version: 1,
    data,
  };
  const js = nc.jetstream();
  for (let copy = 0; copy < copies; copy += 1) {
    const h = headers();
    h.set('Nats-Msg-Id', `${envelope.id}-${copy}`);
    await js.publish(naming.wireSubject(subject), JSON.stringify(envelope), { headers: h });
  }
  return envelope.id;
}

async function counts() {
  const res = await stack.client().get('/api/groups?limit=100');
  const byId = new Map(
    res.body.map((g: { id: number; reviewCount: number }) => [g.id, g.reviewCount]),
  );
  return { a: byId.get(ids.a), b: byId.get(ids.b), c: byId.get(ids.c) };
}

async function settle(expected: { a: number; b: number; c: number }, what: string) {
  await waitFor(async () => JSON.stringify(await counts()) === JSON.stringify(expected), {
    what,
  });
  // And it stays there (a late duplicate would show here).
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await counts()).toEqual(expected);
}

it('a review tagged with two groups raises both counts by one, once, even delivered twice', async () => {
  await deliver('reviews.review.created', review(1, 1, [ids.a, ids.b]), 2);
  await settle({ a: 1, b: 1, c: 0 }, 'review counted in a and b');
  expect((await stack.client().get(`/api/groups/${ids.a}`)).body.reviewCount).toBe(1);
});

it('an update moving tags moves the counts; a stale event changes nothing', async () => {
  await deliver('reviews.review.updated', review(1, 2, [ids.b, ids.c]));
  await settle({ a: 0, b: 1, c: 1 }, 'tags moved to b and c');
  // The created event (version 1) arriving again as a new message: older than what is applied.
  await deliver('reviews.review.created', review(1, 1, [ids.a, ids.b]));
  await settle({ a: 0, b: 1, c: 1 }, 'stale event ignored');
});

it('a hidden review stops counting; unknown groups are ignored', async () => {
  await deliver('reviews.review.created', review(2, 1, [ids.c, 999_999]));
  await settle({ a: 0, b: 1, c: 2 }, 'second review counted in c');
  await deliver('reviews.review.hidden', review(1, 3, [ids.b, ids.c], true), 2);
  await settle({ a: 0, b: 0, c: 1 }, 'hidden review uncounted');
});

it('many reviews at once on the same groups count exactly', async () => {
  await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      deliver(
        'reviews.review.created',
        review(100 + i, 1, i % 2 ? [ids.a, ids.b] : [ids.b, ids.a]),
        2,
      ),
    ),
  );
  await settle({ a: 40, b: 40, c: 1 }, '40 reviews counted');
});
