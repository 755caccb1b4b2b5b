import { catalogService } from '@trustcircle/catalog';
import { communitiesService } from '@trustcircle/communities';
import type { TestClient } from '@trustcircle/testing';
import { retrying } from '@trustcircle/testing';
import { createReviewsWorld, reviewBody, type ReviewsWorld } from './support/world';

/**
 * The whole path with the real services: identity, communities, catalog and reviews behind
 * the gateway, events through the outboxes and JetStream.
 */
let world: ReviewsWorld;

beforeAll(async () => {
  world = await createReviewsWorld({ extraServices: [communitiesService, catalogService] });
}, 90_000);

afterAll(async () => {
  await world?.stop();
});

const ids = (list: { id: number }[]) => list.map((item) => item.id);

/** Polls `probe` until it holds, failing if that takes longer than `withinMs`. */
async function within<T>(withinMs: number, what: string, probe: () => Promise<T | null | false>) {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return { value, ms: Date.now() - started };
    if (Date.now() - started > withinMs) throw new Error(`${what} not seen within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a review travels everywhere', () => {
  it('reaches feed, group, counts and trust scores within a second; votes and reports follow', async () => {
    const author = await world.register();
    const reader = await world.register();
    const group = await author.client.post('/api/groups', {
      name: 'Pizza Critics',
      description: 'The best slices in town, ranked.',
    });
    expect(group.status).toBe(201);
    const groupId = group.body.id as number;
    expect((await reader.client.post(`/api/groups/${groupId}/join`)).status).toBeLessThan(300);
    const business = await author.client.post('/api/businesses', {
      name: 'Napoli Express',
      category: 'Restaurants',
      description: 'Wood-fired pizza',
    });
    expect(business.status).toBe(201);
    const businessId = business.body.id as number;
    const before = await author.client.get(`/api/businesses/${businessId}`);
    expect(before.body.globalTrustScore).toBe(0);

    // The author joined by creating the group; reviews may need a moment to hear of it all,
    // and says so (409 + Retry-After) rather than waiting.
    const created = await retrying(() =>
      author.client.post('/api/reviews', reviewBody(businessId, [groupId])),
    );
    expect(created.status).toBe(201);
    const reviewId = created.body.id as number;

    const reached = await Promise.all([
      within(1000, 'feed', async () =>
        ids((await reader.client.get('/api/reviews/feed')).body).includes(reviewId),
      ),
      within(1000, 'group list', async () =>
        ids((await reader.client.get(`/api/groups/${groupId}/reviews`)).body).includes(reviewId),
      ),
      within(1000, 'group reviewCount', async () => {
        const res = await reader.client.get(`/api/groups/${groupId}`);
        return res.body.reviewCount === 1;
      }),
      within(1000, 'trust scores', async () => {
        const res = await reader.client.get(`/api/businesses/${businessId}`);
        return (
          res.body.globalTrustScore > 0 &&
          res.body.groupTrustScores.some((g: { groupId: number }) => g.groupId === groupId) &&
          ids(res.body.reviews).includes(reviewId) &&
          res.body
        );
      }),
    ]);
    const detail = reached[3].value as {
      globalTrustScore: number;
      groupTrustScores: { groupId: number; score: number }[];
    };
    const scoreBefore = detail.globalTrustScore;
    const groupScoreBefore = detail.groupTrustScores.find((g) => g.groupId === groupId)!.score;

    const vote = await reader.client.post(`/api/reviews/${reviewId}/helpful`);
    expect(vote.body).toEqual({ voted: true, helpfulCount: 1 });
    expect((await reader.client.get(`/api/reviews/${reviewId}`)).body.helpfulCount).toBe(1);
    await within(1000, 'score after the vote', async () => {
      const res = await reader.client.get(`/api/businesses/${businessId}`);
      const groupScore = res.body.groupTrustScores.find(
        (g: { groupId: number }) => g.groupId === groupId,
      )?.score;
      // A helpful vote weighs a 4-star review more against the 3.5 prior: the score rises.
      return res.body.globalTrustScore > scoreBefore && groupScore !== groupScoreBefore;
    });

    // Fresh accounts' reports only queue the review; a verified reporter's holds it.
    const reporters: TestClient[] = [];
    for (let i = 0; i < 3; i += 1) reporters.push((await world.register()).client);
    for (const reporter of reporters) {
      expect(
        (await reporter.post(`/api/reviews/${reviewId}/report`, { reason: 'fake' })).status,
      ).toBe(201);
    }
    expect((await reader.client.get(`/api/reviews/${reviewId}`)).status).toBe(200);
    const verified = await world.register();
    await world.admin('users').where({ id: verified.id }).update({ is_verified: true });
    expect(
      (await verified.client.post(`/api/reviews/${reviewId}/report`, { reason: 'fake' })).status,
    ).toBe(201);
    expect((await reader.client.get(`/api/reviews/${reviewId}`)).status).toBe(404);
    await Promise.all([
      within(
        1000,
        'gone from the feed',
        async () => !ids((await reader.client.get('/api/reviews/feed')).body).includes(reviewId),
      ),
      within(
        1000,
        'gone from the group',
        async () =>
          !ids((await reader.client.get(`/api/groups/${groupId}/reviews`)).body).includes(reviewId),
      ),
      within(1000, 'group count back to 0', async () => {
        const res = await reader.client.get(`/api/groups/${groupId}`);
        return res.body.reviewCount === 0;
      }),
      within(1000, 'gone from the scores', async () => {
        const res = await reader.client.get(`/api/businesses/${businessId}`);
        return res.body.globalTrustScore === 0 && res.body.reviews.length === 0;
      }),
    ]);
  });
});
