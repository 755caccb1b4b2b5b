import { createReviewsWorld, reviewBody, type ReviewsWorld } from './support/world';

/**
 * `GET /api/reviews/user/summary` (issue 17): the profile's counts come from the service, not
 * from the items of a list the profile pages (50 at most a page).
 */
let world: ReviewsWorld;

beforeAll(async () => {
  world = await createReviewsWorld();
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

describe('GET /api/reviews/user/summary', () => {
  it('counts all 120 of a member’s reviews and their helpful votes, not a page of them', async () => {
    const author = await world.member();
    const businesses = await Promise.all(Array.from({ length: 120 }, () => world.business()));
    const ids: number[] = [];
    for (const businessId of businesses) {
      const res = await author.client.post(
        '/api/reviews',
        reviewBody(businessId, [author.groupId]),
      );
      expect(res.status).toBe(201);
      ids.push(res.body.id as number);
    }
    // Three votes from others; one on a review a moderator then removes (no longer counted).
    for (const reviewId of ids.slice(0, 3)) {
      const voter = await world.register();
      expect((await voter.client.request('PUT', `/api/reviews/${reviewId}/helpful`)).status).toBe(
        200,
      );
    }
    // Moderation's outcome, set directly: the moderation tests cover how it gets there.
    await world.admin('reviews').where({ id: ids[0] }).update({ hidden: true, status: 'removed' });

    const page = await author.client.get('/api/reviews/user');
    expect(page.body).toHaveLength(50);
    const summary = await author.client.get('/api/reviews/user/summary');
    expect([summary.status, summary.headers.get('cache-control')]).toEqual([
      200,
      'private, no-store',
    ]);
    expect(summary.body).toEqual({ reviewCount: 119, helpfulCount: 2, hiddenCount: 1 });

    // Someone else's counts are their own; a visitor gets the usual 401.
    const other = await world.register();
    expect((await other.client.get('/api/reviews/user/summary')).body).toEqual({
      reviewCount: 0,
      helpfulCount: 0,
      hiddenCount: 0,
    });
    expect((await world.stack.client().get('/api/reviews/user/summary')).status).toBe(401);
  }, 60_000);
});
