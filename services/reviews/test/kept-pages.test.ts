import { DEFAULT_PAGE_LIMIT } from '@trustcircle/contracts';
import { KeptWhileUnchanged } from '@trustcircle/service-kit';
import type { TestClient } from '@trustcircle/testing';
import { businessPages, sizeOfPage, type KeptPage } from '../src/domain/business-pages';
import { createReviewsWorld, reviewBody, type ReviewsWorld } from './support/world';

/**
 * A business's first page of reviews is kept for every viewer while nothing it shows has
 * changed (writes to other businesses leave it), and each viewer's votes are read beside it (issue 20, domain/business-pages.ts). The gateway's
 * own kept answers are off here, so that every read reaches reviews.
 */
let world: ReviewsWorld;
let author: { client: TestClient; id: number };
let groupId: number;

beforeAll(async () => {
  world = await createReviewsWorld({ gatewayEnv: { KEPT_ANSWERS: 'false' } });
  ({ groupId, ...author } = await world.member());
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

interface Card {
  id: number;
  helpfulCount: number;
  hasVoted: boolean;
}

const firstPage = async (client: TestClient, businessId: number): Promise<Card[]> => {
  const res = await client.get(`/api/businesses/${businessId}/reviews`);
  expect(res.status).toBe(200);
  return res.body as Card[];
};

/** A business with one review by the author, once what its creation set off has settled. */
async function reviewedBusiness(): Promise<{ businessId: number; reviewId: number }> {
  const businessId = await world.business();
  const res = await author.client.post('/api/reviews', reviewBody(businessId, [groupId]));
  expect(res.status).toBe(201);
  // reviews' own consumer of the new review writes its tables too: let that be done.
  await world.until(
    async () => Number((await world.admin('outbox').count({ n: '*' }))[0]!.n) === 0,
    'the outbox relayed',
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { businessId, reviewId: res.body.id as number };
}

it("shows each viewer their own votes on one kept page, and a vote in its voter's next read", async () => {
  const { businessId, reviewId } = await reviewedBusiness();
  const [voter, other] = [await world.sessionFor(900_001), await world.sessionFor(900_002)];
  const visitor = world.stack.client();
  // Read by all three first, so that the page is kept before the vote.
  for (const client of [voter, other, visitor, voter]) {
    expect(await firstPage(client, businessId)).toMatchObject([
      { id: reviewId, helpfulCount: 0, hasVoted: false },
    ]);
  }
  expect((await voter.request('PUT', `/api/reviews/${reviewId}/helpful`)).status).toBe(200);
  // The voter's very next read, before any notice could be relied on.
  expect(await firstPage(voter, businessId)).toMatchObject([
    { id: reviewId, helpfulCount: 1, hasVoted: true },
  ]);
  expect(await firstPage(other, businessId)).toMatchObject([
    { id: reviewId, helpfulCount: 1, hasVoted: false },
  ]);
  expect(await firstPage(visitor, businessId)).toMatchObject([
    { id: reviewId, helpfulCount: 1, hasVoted: false },
  ]);
});

it('keeps a page through writes to other businesses, and ends it with one to its own or to the rest of reviews', async () => {
  const { businessId, reviewId } = await reviewedBusiness();
  const other = await reviewedBusiness();
  const reader = await world.sessionFor(900_003);
  const helpfulOn = async (business: number) =>
    (await firstPage(reader, business))[0]?.helpfulCount;
  await firstPage(reader, businessId);
  expect(await helpfulOn(businessId)).toBe(0);

  // A write no trigger sees (as a replica applies it): nothing announces it, the page is kept.
  const silently = (helpfulCount: number) =>
    world.admin.transaction(async (trx) => {
      await trx.raw('set local session_replication_role = replica');
      await trx('reviews').where({ id: reviewId }).update({ helpful_count: helpfulCount });
    });
  await silently(7);
  expect(await helpfulOn(businessId)).toBe(0);

  // A vote on another business's review, answered here, ends that business's page alone.
  const voter = await world.sessionFor(900_006);
  expect((await voter.request('PUT', `/api/reviews/${other.reviewId}/helpful`)).status).toBe(200);
  expect(await helpfulOn(other.businessId)).toBe(1);
  expect(await helpfulOn(businessId)).toBe(0);
  // A write on another connection to the other business is announced for it alone: once it is
  // heard there, this page is still the kept one.
  await world.admin('reviews').where({ id: other.reviewId }).update({ helpful_count: 5 });
  await world.until(async () => (await helpfulOn(other.businessId)) === 5, 'the notice heard');
  expect(await helpfulOn(businessId)).toBe(0);

  // An announced write to this business's reviews ends its page.
  await world.admin('helpful_votes').insert({ review_id: reviewId, user_id: 910_100 });
  await world.until(async () => (await helpfulOn(businessId)) === 7, 'the page read again');

  // A write to a table announced as the whole service (the users a reply's owner comes from)
  // ends every page.
  await silently(8);
  expect(await helpfulOn(businessId)).toBe(7);
  await world
    .admin('users')
    .where({ id: author.id })
    .update({ name: world.admin.raw('name') });
  await world.until(async () => (await helpfulOn(businessId)) === 8, 'every page read again');

  // Put back what the silent writes changed, announced this time.
  await world.admin('helpful_votes').where({ review_id: reviewId, user_id: 910_100 }).delete();
  await world.admin('reviews').where({ id: reviewId }).update({ helpful_count: 0 });
  await world.admin('reviews').where({ id: other.reviewId }).update({ helpful_count: 1 });
});

/** `count` reviews of the business, each by a new member; their ids, oldest first. */
async function reviewsOf(businessId: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 0; n < count; n += 1) {
    const writer = await world.register();
    await world.join(writer.id, groupId);
    const res = await writer.client.post('/api/reviews', reviewBody(businessId, [groupId]));
    expect(res.status).toBe(201);
    ids.push(res.body.id as number);
  }
  return ids;
}

it("reads later pages whole, with the viewer's votes", async () => {
  const businessId = await world.business();
  const ids = await reviewsOf(businessId, 3);
  const voter = await world.sessionFor(900_004);
  expect((await voter.request('PUT', `/api/reviews/${ids[0]}/helpful`)).status).toBe(200);
  const first = await voter.get(`/api/businesses/${businessId}/reviews?limit=2`);
  expect((first.body as Card[]).map((card) => [card.id, card.hasVoted])).toEqual([
    [ids[2], false],
    [ids[1], false],
  ]);
  const cursor = encodeURIComponent(first.headers.get('x-next-cursor') ?? '');
  const next = await voter.get(`/api/businesses/${businessId}/reviews?limit=2&cursor=${cursor}`);
  expect((next.body as Card[]).map((card) => [card.id, card.hasVoted])).toEqual([[ids[0], true]]);
});

it('gives each viewer their votes whether the page keeps its votes or has too many to keep', async () => {
  const businessId = await world.business();
  const ids = await reviewsOf(businessId, 2);
  const [older, newer] = ids as [number, number];
  await world.admin('helpful_votes').insert([
    { review_id: older, user_id: 910_001 },
    { review_id: newer, user_id: 910_001 },
    { review_id: newer, user_id: 910_002 },
    { review_id: newer, user_id: 910_004 },
  ]);
  const page = { before: null, limit: DEFAULT_PAGE_LIMIT };
  for (const most of [3, 1]) {
    const kept = new KeptWhileUnchanged<KeptPage>({
      service: 'reviews',
      maxSize: 1 << 20,
      sizeOf: sizeOfPage,
      ttlMs: 60_000,
    });
    kept.listen();
    const read = businessPages(world.admin, kept, most);
    const votedBy = async (viewer: number | null) =>
      (await read(businessId, page, viewer)).map((view) => JSON.parse(view.json).hasVoted);
    for (let twice = 0; twice < 2; twice += 1) {
      expect(await votedBy(910_001)).toEqual([true, true]);
      expect(await votedBy(910_002)).toEqual([true, false]);
      expect(await votedBy(910_004)).toEqual([true, false]);
      expect(await votedBy(910_003)).toEqual([false, false]);
      expect(await votedBy(null)).toEqual([false, false]);
    }
    expect([kept.loaded, kept.served]).toEqual([1, 9]);
  }
});

it("shows another replica's write once its notice arrives", async () => {
  const { businessId, reviewId } = await reviewedBusiness();
  const replica = await world.stack.startReplica('reviews');
  const voterId = 900_005;
  const voter = await world.sessionFor(voterId);
  const onReplica = async (): Promise<Card[]> => {
    const res = await fetch(`${replica.url}/api/businesses/${businessId}/reviews`, {
      headers: { authorization: `Bearer ${world.stack.tokenFor(voterId)}` },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Card[];
  };
  await world.until(async () => (await onReplica()).length === 1, 'the replica reads the page');
  expect(await onReplica()).toMatchObject([{ id: reviewId, helpfulCount: 0, hasVoted: false }]);
  // The vote goes through the gateway to the first instance: the replica only hears of it.
  expect((await voter.request('PUT', `/api/reviews/${reviewId}/helpful`)).status).toBe(200);
  await world.until(async () => {
    const [card] = await onReplica();
    return card?.helpfulCount === 1 && card.hasVoted;
  }, "the vote on the replica's kept page");
});

it('shows what it served and holds in its metrics', async () => {
  const reviews = world.stack.running.get('reviews')!;
  const metrics = await (await fetch(`${reviews.opsUrl}/metrics`)).text();
  const value = (name: string, outcome?: string) => {
    const line = metrics
      .split('\n')
      .find(
        (l) =>
          (l.startsWith(`${name} `) || l.startsWith(`${name}{`)) &&
          (!outcome || l.includes(`outcome="${outcome}"`)),
      );
    return Number(line?.split(' ').at(-1) ?? Number.NaN);
  };
  // The tests above read kept pages and loaded others.
  expect(value('reviews_kept_page_reads_total', 'served')).toBeGreaterThan(0);
  expect(value('reviews_kept_page_reads_total', 'loaded')).toBeGreaterThan(0);
  expect(value('reviews_kept_pages')).toBeGreaterThan(0);
  expect(value('reviews_kept_pages_bytes')).toBeGreaterThan(0);
});
