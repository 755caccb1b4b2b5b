import type { TestClient } from '@trustcircle/testing';
import { createReviewsWorld, reviewBody, type ReviewsWorld } from './support/world';

const NOT_A_MEMBER = 'You can only share a review with groups you belong to';
const MEMBERSHIP_PENDING = 'Your new membership is still being processed; try again in a moment';

let world: ReviewsWorld;
let alice: { client: TestClient; id: number };
let bob: { client: TestClient; id: number };
let carol: { client: TestClient; id: number };
let groupA: number;
let groupB: number;

beforeAll(async () => {
  world = await createReviewsWorld();
  [alice, bob, carol] = [await world.register(), await world.register(), await world.register()];
  groupA = await world.group('Foodies');
  groupB = await world.group('Gadgets');
  await world.join(alice.id, groupA);
  await world.join(bob.id, groupA);
  await world.join(carol.id, groupB);
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

describe('POST /api/reviews', () => {
  it('creates a review and answers the read view of spec §3 with pros and cons', async () => {
    const businessId = await world.business('Luigi Trattoria', 'Restaurants');
    const res = await alice.client.post('/api/reviews', reviewBody(businessId, [groupA]));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      userId: alice.id,
      businessId,
      rating: 4,
      content: 'Friendly staff and fair prices, would go again.',
      pros: 'Friendly\nCheap',
      cons: 'Busy at noon',
      photos: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      editedAt: null,
      businessName: 'Luigi Trattoria',
      helpfulCount: 0,
      groups: [{ id: groupA, name: 'Foodies' }],
      user: {
        id: alice.id,
        name: expect.stringMatching(/^Name /),
        username: expect.any(String),
        avatar: null,
        isVerified: false,
        verifiedAt: null,
      },
      hasVoted: false,
      reply: null,
    });
    const again = await alice.client.get(`/api/reviews/${res.body.id}`);
    expect(again.status).toBe(200);
    expect(again.body.pros).toBe('Friendly\nCheap');
  });

  it('answers 401 when not signed in', async () => {
    const res = await world.stack.client().post('/api/reviews', reviewBody(1, [groupA]));
    expect(res.status).toBe(401);
  });

  it('uses the spec §5 messages verbatim', async () => {
    const res = await alice.client.post('/api/reviews', {});
    expect(res.status).toBe(400);
    const messages = res.body.issues.map((issue: { message: string }) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Please select a business',
        'Please select a rating',
        'Review must be at least 10 characters',
        'Please select at least one group',
      ]),
    );
    const short = await alice.client.post(
      '/api/reviews',
      reviewBody(1, [groupA], { content: 'too short' }),
    );
    expect(short.body.message).toBe('Review must be at least 10 characters');
    const noGroups = await alice.client.post('/api/reviews', reviewBody(1, []));
    expect(noGroups.body.message).toBe('Please select at least one group');
    const zero = await alice.client.post('/api/reviews', reviewBody(1, [groupA], { rating: 0 }));
    expect(zero.body.message).toBe('Please select a rating');
    const six = await alice.client.post('/api/reviews', reviewBody(1, [groupA], { rating: 6 }));
    expect(six.status).toBe(400);
  });

  it('refuses a business and groups that cannot exist (400, 403) and a group the author left (403)', async () => {
    const businessId = await world.business();
    // Ids are handed out in order: one below the newest projected business is not coming.
    const unknown = await alice.client.post('/api/reviews', reviewBody(1, [groupA]));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Business not found');
    const noGroup = await alice.client.post('/api/reviews', reviewBody(businessId, [groupA, 17]));
    expect([noGroup.status, noGroup.body.message]).toEqual([403, NOT_A_MEMBER]);
    const left = await world.group();
    await world.join(alice.id, left);
    await world.leave(alice.id, left);
    const outsider = await alice.client.post('/api/reviews', reviewBody(businessId, [left]));
    expect([outsider.status, outsider.body.message]).toEqual([403, NOT_A_MEMBER]);
    const mixed = await alice.client.post('/api/reviews', reviewBody(businessId, [groupA, left]));
    expect(mixed.status).toBe(403);
  });

  it('keeps one review per user per business (409), also under a race', async () => {
    const businessId = await world.business();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        bob.client.post('/api/reviews', reviewBody(businessId, [groupA])),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const conflict = answers.find((a) => a.status === 409)!;
    expect(conflict.body).toEqual({ message: 'You have already reviewed this business' });
  });
});

describe('PATCH /api/reviews/{id}', () => {
  it('lets the author edit, nobody else', async () => {
    const businessId = await world.business();
    const created = await alice.client.post('/api/reviews', reviewBody(businessId, [groupA]));
    const edited = await alice.client.patch(`/api/reviews/${created.body.id}`, {
      rating: 2,
      content: 'Went back and it was much worse this time.',
      cons: 'Slow\n\n  Cold food  ',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      rating: 2,
      cons: 'Slow\nCold food',
      pros: 'Friendly\nCheap',
    });
    expect((await bob.client.patch(`/api/reviews/${created.body.id}`, { rating: 5 })).status).toBe(
      403,
    );
    expect((await alice.client.patch('/api/reviews/99999999', { rating: 5 })).status).toBe(404);
    expect((await alice.client.patch(`/api/reviews/${created.body.id}`, {})).status).toBe(400);
    // Alice never joined group B: as far as reviews knows, her join may be on its way.
    const outsider = await alice.client.patch(`/api/reviews/${created.body.id}`, {
      groupIds: [groupB],
    });
    expect([outsider.status, outsider.body.message]).toEqual([409, MEMBERSHIP_PENDING]);
  });
});

describe('reading reviews', () => {
  let reviewId: number;
  let businessId: number;

  beforeAll(async () => {
    businessId = await world.business('Read Me Cafe');
    reviewId = (await alice.client.post('/api/reviews', reviewBody(businessId, [groupA]))).body.id;
  });

  it('shows a group review in the feed of another member, with hasVoted', async () => {
    const feed = await bob.client.get('/api/reviews/feed');
    expect(feed.status).toBe(200);
    const entry = feed.body.find((r: { id: number }) => r.id === reviewId);
    expect(entry).toMatchObject({ businessName: 'Read Me Cafe', hasVoted: false });
    await bob.client.post(`/api/reviews/${reviewId}/helpful`);
    const after = await bob.client.get('/api/reviews/feed');
    expect(after.body.find((r: { id: number }) => r.id === reviewId).hasVoted).toBe(true);
    await bob.client.post(`/api/reviews/${reviewId}/helpful`);
  });

  it("keeps it out of a non-member's feed, which holds their own reviews", async () => {
    const feed = await carol.client.get('/api/reviews/feed');
    expect(feed.body.map((r: { id: number }) => r.id)).not.toContain(reviewId);
    const businessId2 = await world.business();
    const own = await carol.client.post('/api/reviews', reviewBody(businessId2, [groupB]));
    const again = await carol.client.get('/api/reviews/feed');
    expect(again.body.map((r: { id: number }) => r.id)).toContain(own.body.id);
  });

  it('lists by user, group and business; 404 for unknown or malformed ids', async () => {
    const mine = await alice.client.get('/api/reviews/user');
    expect(mine.body.every((r: { userId: number }) => r.userId === alice.id)).toBe(true);
    expect(mine.body.map((r: { id: number }) => r.id)).toContain(reviewId);
    const group = await carol.client.get(`/api/groups/${groupA}/reviews`);
    expect(group.status).toBe(200);
    expect(group.body.map((r: { id: number }) => r.id)).toContain(reviewId);
    const business = await world.stack.client().get(`/api/businesses/${businessId}/reviews`);
    expect(business.status).toBe(200);
    expect(business.body.map((r: { id: number }) => r.id)).toEqual([reviewId]);
    expect((await alice.client.get('/api/reviews/99999999')).status).toBe(404);
    expect((await alice.client.get('/api/reviews/abc')).status).toBe(404);
    expect((await alice.client.get('/api/groups/424242/reviews')).status).toBe(404);
    expect((await alice.client.get('/api/groups/424242/reviews?sort=highest')).status).toBe(404);
    expect((await alice.client.get('/api/businesses/424242/reviews')).status).toBe(404);
    // A known group nobody has reviewed in yet: an empty page, not a 404.
    const quiet = await world.group();
    for (const query of ['', '?sort=highest']) {
      const empty = await carol.client.get(`/api/groups/${quiet}/reviews${query}`);
      expect({ query, status: empty.status, body: empty.body }).toEqual({
        query,
        status: 200,
        body: [],
      });
    }
    expect((await world.stack.client().get('/api/reviews/feed')).status).toBe(401);
    expect((await world.stack.client().get('/api/reviews/user')).status).toBe(401);
  });

  it('pages newest first with X-Next-Cursor', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res: Awaited<ReturnType<TestClient['get']>> = await alice.client.get(
        `/api/reviews/feed?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.map((r: { id: number }) => r.id));
      cursor = res.headers.get('x-next-cursor');
    } while (cursor);
    const all = await alice.client.get('/api/reviews/feed?limit=100');
    expect(seen).toEqual(all.body.map((r: { id: number }) => r.id));
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(seen.length).toBeGreaterThan(2);
    expect((await alice.client.get('/api/reviews/feed?cursor=nonsense')).status).toBe(400);
    expect((await alice.client.get('/api/reviews/feed?limit=500')).status).toBe(400);
  });
});

describe('POST /api/reviews/{id}/report', () => {
  it('takes one report per user; fresh accounts only queue, a verified reporter holds', async () => {
    const businessId = await world.business();
    const reviewId = (await alice.client.post('/api/reviews', reviewBody(businessId, [groupA])))
      .body.id;
    const first = await bob.client.post(`/api/reviews/${reviewId}/report`, {
      reason: 'spam',
      details: 'Looks copied',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ reviewId, reason: 'spam', details: 'Looks copied' });
    expect(
      (await bob.client.post(`/api/reviews/${reviewId}/report`, { reason: 'fake' })).status,
    ).toBe(409);
    expect(
      (await carol.client.post(`/api/reviews/${reviewId}/report`, { reason: 'bogus' })).status,
    ).toBe(400);
    expect(
      (await alice.client.post(`/api/reviews/${reviewId}/report`, { reason: 'other' })).status,
    ).toBe(403);
    expect(
      (await carol.client.post('/api/reviews/99999999/report', { reason: 'other' })).status,
    ).toBe(404);
    expect(
      (await carol.client.post(`/api/reviews/${reviewId}/report`, { reason: 'offensive' })).status,
    ).toBe(201);
    const third = await world.sessionFor(720_001);
    expect((await third.post(`/api/reviews/${reviewId}/report`, { reason: 'fake' })).status).toBe(
      201,
    );
    // Three accounts registered a minute ago weigh 3 × 0.1: queued, still published.
    expect((await bob.client.get(`/api/reviews/${reviewId}`)).status).toBe(200);
    const queued = await world.admin('moderation_queue').where({ review_id: reviewId }).first();
    expect(queued).toMatchObject({ causes: ['reports'] });
    expect(queued.report_weight).toBeCloseTo(0.3);

    const verified = await world.register();
    await world.admin('users').where({ id: verified.id }).update({ is_verified: true });
    expect(
      (await verified.client.post(`/api/reviews/${reviewId}/report`, { reason: 'fake' })).status,
    ).toBe(201);

    expect((await bob.client.get(`/api/reviews/${reviewId}`)).status).toBe(404);
    const lists = [
      await bob.client.get('/api/reviews/feed?limit=100'),
      await bob.client.get(`/api/groups/${groupA}/reviews?limit=100`),
      await bob.client.get(`/api/businesses/${businessId}/reviews`),
      await alice.client.get('/api/reviews/feed?limit=100'),
    ];
    for (const list of lists) {
      expect(list.status).toBe(200);
      expect(list.body.map((r: { id: number }) => r.id)).not.toContain(reviewId);
    }
    expect((await bob.client.post(`/api/reviews/${reviewId}/helpful`)).status).toBe(404);
    // Its author still sees it, held.
    const own = await alice.client.get('/api/reviews/user?limit=100');
    const mine = own.body.find((r: { id: number }) => r.id === reviewId);
    expect(mine.moderation).toMatchObject({ status: 'held', canAppeal: true });
    const detail = await alice.client.get(`/api/reviews/${reviewId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.moderation.status).toBe('held');
  });
});
