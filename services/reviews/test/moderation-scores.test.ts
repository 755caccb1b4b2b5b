import { catalogService } from '@trustcircle/catalog';
import { communitiesService } from '@trustcircle/communities';
import { TestClient } from '@trustcircle/testing';
import { computeBusinessScores, type ReviewFact } from '../../catalog/src/domain/trust-score';
import { writtenByNewAccount } from '../src/domain/standing';
import { createReviewsWorld, joinedMember, reviewBody, type ReviewsWorld } from './support/world';

/**
 * Moderation through the real services: after every step, catalog's stored scores and counts
 * and communities' group counts equal a recomputation from reviews' own tables (its published
 * reviews, through catalog's trust-score module).
 */
let world: ReviewsWorld;
let moderator: { call: TestClient; auth: Record<string, string> };

beforeAll(async () => {
  world = await createReviewsWorld({ extraServices: [communitiesService, catalogService] });
  const { id } = await world.register();
  moderator = {
    call: new TestClient(world.stack.urlOf('reviews')),
    auth: { authorization: `Bearer ${world.stack.tokenFor(id, ['moderator'])}` },
  };
}, 90_000);

afterAll(async () => {
  await world?.stop();
});

const decide = (reviewId: number, body: object) =>
  moderator.call.post(`/api/moderation/reviews/${reviewId}/decision`, body, moderator.auth);

/** The scores the trust-score module gives reviews' published reviews of the business. */
async function recomputed(businessId: number) {
  const rows: {
    rating: number;
    helpful_count: number;
    created_at: Date;
    is_verified: boolean | null;
    user_created_at: Date | null;
    group_ids: number[];
  }[] = await world
    .admin('reviews as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .where({ 'r.business_id': businessId, 'r.status': 'published' })
    .select(
      'r.rating',
      'r.helpful_count',
      'r.created_at',
      'u.is_verified',
      'u.created_at as user_created_at',
      world.admin.raw(
        'array(select group_id from review_tags t where t.review_id = r.id) as group_ids',
      ),
    );
  const facts: ReviewFact[] = rows.map((row) => ({
    rating: row.rating,
    helpfulCount: row.helpful_count,
    authorVerified: row.is_verified === true,
    authorNewAccount: writtenByNewAccount(row.user_created_at, row.created_at),
    createdAtMs: row.created_at.getTime(),
    groupIds: row.group_ids,
  }));
  return computeBusinessScores(facts);
}

/** Waits until catalog and communities agree with the recomputation (fails after 5 s). */
async function scoresAgree(client: TestClient, businessId: number, groupId: number) {
  let last: unknown = null;
  const agreed = await world
    .until(
      async () => {
        const expected = await recomputed(businessId);
        const business = (await client.get(`/api/businesses/${businessId}`)).body;
        const group = (await client.get(`/api/groups/${groupId}`)).body;
        const expectedGroup = expected.groups.find((g) => g.groupId === groupId);
        const storedGroup = business.groupTrustScores.find(
          (g: { groupId: number }) => g.groupId === groupId,
        );
        last = { expected, business, group };
        return (
          Math.abs(business.globalTrustScore - expected.globalTrustScore) < 1e-9 &&
          business.reviewCount === expected.reviewCount &&
          business.communityRating === expected.communityRating &&
          (expectedGroup
            ? Math.abs(storedGroup?.score - expectedGroup.score) < 1e-9 &&
              storedGroup.reviewCount === expectedGroup.reviewCount
            : storedGroup === undefined) &&
          group.reviewCount === (expectedGroup?.reviewCount ?? 0) &&
          expected
        );
      },
      'scores equal to the recomputation',
      5000,
    )
    .catch((error: Error) => {
      throw new Error(`${error.message}: ${JSON.stringify(last)}`);
    });
  return agreed;
}

describe('moderation and scores', () => {
  it('scores and counts follow queue, hold, keep and removal exactly', async () => {
    const owner = await world.register();
    const groupId = (
      await owner.client.post('/api/groups', { name: 'Honest Eaters', description: 'Food talk.' })
    ).body.id as number;
    const businessId = (
      await owner.client.post('/api/businesses', { name: 'Trattoria Uno', category: 'Restaurants' })
    ).body.id as number;
    await world.until(
      () => world.admin('businesses').where({ id: businessId }).first(),
      'business',
    );

    // One review from a brand-new account (weighs half), one from an older one.
    const fresh = await joinedMember(world, groupId);
    const older = await joinedMember(world, groupId);
    await world.admin('users').where({ id: older.id }).update({ created_at: '2024-01-01' });
    const target = (
      await fresh.client.post('/api/reviews', reviewBody(businessId, [groupId], { rating: 1 }))
    ).body.id as number;
    await older.client.post('/api/reviews', reviewBody(businessId, [groupId], { rating: 5 }));
    const start = await scoresAgree(owner.client, businessId, groupId);
    expect(start.reviewCount).toBe(2);

    for (let i = 0; i < 3; i += 1) {
      await (
        await world.register()
      ).client.post(`/api/reviews/${target}/report`, {
        reason: 'fake',
      });
    }
    expect((await scoresAgree(owner.client, businessId, groupId)).reviewCount).toBe(2);

    const verified = await world.register();
    await world.admin('users').where({ id: verified.id }).update({ is_verified: true });
    await verified.client.post(`/api/reviews/${target}/report`, { reason: 'fake' });
    const held = await scoresAgree(owner.client, businessId, groupId);
    expect(held.reviewCount).toBe(1);
    expect(held.globalTrustScore).toBeGreaterThan(start.globalTrustScore);

    expect((await decide(target, { action: 'keep' })).status).toBe(200);
    expect((await scoresAgree(owner.client, businessId, groupId)).reviewCount).toBe(2);

    const another = await world.register();
    await world.admin('users').where({ id: another.id }).update({ is_verified: true });
    await another.client.post(`/api/reviews/${target}/report`, { reason: 'offensive' });
    expect((await scoresAgree(owner.client, businessId, groupId)).reviewCount).toBe(1);
    expect((await decide(target, { action: 'remove', reason: 'Fake' })).status).toBe(200);
    expect((await scoresAgree(owner.client, businessId, groupId)).reviewCount).toBe(1);
  });

  it('flags a burst of reviews, queues them without hiding them, and clears once decided', async () => {
    const owner = await world.register();
    const groupId = (
      await owner.client.post('/api/groups', {
        name: 'Burst Watchers',
        description: 'Watching review bursts.',
      })
    ).body.id as number;
    const businessId = (
      await owner.client.post('/api/businesses', { name: 'Overnight Star', category: 'Clothing' })
    ).body.id as number;
    await world.until(
      () => world.admin('businesses').where({ id: businessId }).first(),
      'business',
    );
    const writers = [];
    for (let i = 0; i < 10; i += 1) writers.push(await joinedMember(world, groupId));
    const reviewIds: number[] = [];
    for (const writer of writers.slice(0, 9)) {
      reviewIds.push(
        (await writer.client.post('/api/reviews', reviewBody(businessId, [groupId]))).body.id,
      );
    }
    const quiet = await world.until(
      async () => (await recomputed(businessId)).reviewCount === 9,
      'nine reviews',
    );
    expect(quiet).toBe(true);
    expect(
      (await owner.client.get(`/api/businesses/${businessId}`)).body.unusualActivity,
    ).toBeNull();

    reviewIds.push(
      (await writers[9]!.client.post('/api/reviews', reviewBody(businessId, [groupId]))).body.id,
    );
    const flagged = await world.until(async () => {
      const business = (await owner.client.get(`/api/businesses/${businessId}`)).body;
      return business.unusualActivity ? business : null;
    }, 'unusual activity on the business');
    expect(flagged.unusualActivity).toEqual({ since: expect.any(String), reviewCount: 10 });
    const queue = (await moderator.call.get('/api/moderation/queue?limit=100', moderator.auth))
      .body as { review: { id: number; moderation: { status: string } }; causes: string[] }[];
    const burst = queue.filter((item) => reviewIds.includes(item.review.id));
    expect(burst).toHaveLength(10);
    for (const item of burst) {
      expect(item.causes).toEqual(['unusual-activity']);
      expect(item.review.moderation.status).toBe('published');
    }
    // Not hidden: still in the business's list and scores.
    expect((await owner.client.get(`/api/businesses/${businessId}/reviews`)).body).toHaveLength(10);
    await scoresAgree(owner.client, businessId, groupId);

    for (const id of reviewIds.slice(0, 9))
      expect((await decide(id, { action: 'keep' })).status).toBe(200);
    expect(
      (await owner.client.get(`/api/businesses/${businessId}`)).body.unusualActivity,
    ).not.toBeNull();
    expect((await decide(reviewIds[9]!, { action: 'remove', reason: 'Paid review' })).status).toBe(
      200,
    );
    await world.until(
      async () =>
        (await owner.client.get(`/api/businesses/${businessId}`)).body.unusualActivity === null,
      'the flag cleared',
    );
    expect((await scoresAgree(owner.client, businessId, groupId)).reviewCount).toBe(9);
  }, 60_000);
});
