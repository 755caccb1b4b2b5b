import {
  APPEAL_ALREADY_MADE,
  MODERATION_REASON_REQUIRED,
  MODERATORS_ONLY,
  ModerationLogSchema,
  ModerationQueueSchema,
} from '@trustcircle/contracts';
import { createLogger } from '@trustcircle/service-kit';
import { TestClient } from '@trustcircle/testing';
import { FLAG_HOURS } from '../src/domain/burst';
import { createActivitySweeper } from '../src/workers/activity-sweeper';
import { reviewsPublished } from './support/stream';
import { createReviewsWorld, reviewBody, type ReviewsWorld } from './support/world';

let world: ReviewsWorld;
let moderator: { id: number; call: TestClient; auth: Record<string, string> };
let groupId: number;

beforeAll(async () => {
  world = await createReviewsWorld();
  groupId = await world.group();
  const { id } = await world.register();
  // Straight to reviews with the moderator role, as the gateway mints it once identity grants it.
  moderator = {
    id,
    call: new TestClient(world.stack.urlOf('reviews')),
    auth: { authorization: `Bearer ${world.stack.tokenFor(id, ['moderator'])}` },
  };
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

const asModerator = {
  get: (path: string) => moderator.call.get(path, moderator.auth),
  post: (path: string, body: unknown) => moderator.call.post(path, body, moderator.auth),
};

async function author() {
  const member = await world.register();
  await world.join(member.id, groupId);
  return member;
}

async function reporter(standing: 'fresh' | 'established' | 'verified') {
  const member = await world.register();
  if (standing === 'established') {
    await world.admin('users').where({ id: member.id }).update({ created_at: '2024-01-01' });
  }
  if (standing === 'verified') {
    await world.admin('users').where({ id: member.id }).update({ is_verified: true });
  }
  return member;
}

async function queueItem(reviewId: number) {
  const res = await asModerator.get('/api/moderation/queue?limit=100');
  expect(res.status).toBe(200);
  return ModerationQueueSchema.parse(res.body).find((item) => item.review.id === reviewId);
}

/** A business flagged for unusual activity at `flaggedAt`, 12 reviews counted. */
async function flag(businessId: number, flaggedAt: Date) {
  await world.admin('unusual_activity').insert({
    business_id: businessId,
    since: flaggedAt,
    review_count: 12,
    flagged_at: flaggedAt,
    version: 1,
  });
}

describe('moderation', () => {
  it('answers 401 to anonymous callers and 403 to members on every moderation call', async () => {
    const member = await world.register();
    const anonymous = world.stack.client();
    for (const client of [member.client, anonymous]) {
      const expected = client === anonymous ? 401 : 403;
      const calls = [
        await client.get('/api/moderation/queue'),
        await client.get('/api/moderation/log'),
        await client.post('/api/moderation/reviews/1/decision', { action: 'keep' }),
      ];
      for (const res of calls) {
        expect(res.status).toBe(expected);
        if (expected === 403) expect(res.body).toEqual({ message: MODERATORS_ONLY });
      }
    }
  });

  it('queues on fresh reports, holds on standing, keeps, removes and takes one appeal', async () => {
    const writer = await author();
    const businessId = await world.business();
    const reviewId = (await writer.client.post('/api/reviews', reviewBody(businessId, [groupId])))
      .body.id as number;
    const reader = await world.register();

    // Three accounts registered a minute ago: 3 × 0.1, queued but still published.
    for (let i = 0; i < 3; i += 1) {
      const fresh = await reporter('fresh');
      expect(
        (await fresh.client.post(`/api/reviews/${reviewId}/report`, { reason: 'fake' })).status,
      ).toBe(201);
    }
    expect((await reader.client.get(`/api/reviews/${reviewId}`)).status).toBe(200);
    let item = (await queueItem(reviewId))!;
    expect(item.causes).toEqual(['reports']);
    expect(item.reportWeight).toBeCloseTo(0.3);
    expect(item.reports.map((report) => report.standing.weight)).toEqual([0.1, 0.1, 0.1]);
    expect(item.review.moderation?.status).toBe('published');
    expect(item.author).toMatchObject({ id: writer.id, reviewCount: 1, heldCount: 0 });

    // Established reporters (0.5 each) reach the threshold: held.
    for (const established of [await reporter('established'), await reporter('established')]) {
      await established.client.post(`/api/reviews/${reviewId}/report`, { reason: 'spam' });
    }
    expect((await reader.client.get(`/api/reviews/${reviewId}`)).status).toBe(404);
    const held = await writer.client.get(`/api/reviews/${reviewId}`);
    expect(held.body.moderation).toMatchObject({ status: 'held', canAppeal: true });
    item = (await queueItem(reviewId))!;
    expect(item.reportWeight).toBeCloseTo(1.3);

    // The author appeals once.
    const appeal = await writer.client.post(`/api/reviews/${reviewId}/appeal`, {
      message: 'This is my honest review',
    });
    expect(appeal.status).toBe(200);
    expect(appeal.body.moderation).toMatchObject({
      status: 'held',
      appealed: true,
      canAppeal: false,
    });
    const again = await writer.client.post(`/api/reviews/${reviewId}/appeal`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(APPEAL_ALREADY_MADE);
    expect((await reader.client.post(`/api/reviews/${reviewId}/appeal`, {})).status).toBe(404);
    item = (await queueItem(reviewId))!;
    expect(item.causes).toEqual(['reports', 'appeal']);
    expect(item.appeal?.message).toBe('This is my honest review');

    // Keep: published again, the reports rejected (their reporters now weigh less).
    const kept = await asModerator.post(`/api/moderation/reviews/${reviewId}/decision`, {
      action: 'keep',
    });
    expect(kept.status).toBe(200);
    expect(kept.body.review.moderation).toMatchObject({ status: 'published' });
    expect((await reader.client.get(`/api/reviews/${reviewId}`)).status).toBe(200);
    expect(await queueItem(reviewId)).toBeUndefined();
    const again409 = await asModerator.post(`/api/moderation/reviews/${reviewId}/decision`, {
      action: 'keep',
    });
    expect(again409.status).toBe(409);

    // A verified reporter holds it again; removal needs a reason.
    const verified = await reporter('verified');
    await verified.client.post(`/api/reviews/${reviewId}/report`, { reason: 'offensive' });
    expect((await reader.client.get(`/api/reviews/${reviewId}`)).status).toBe(404);
    const noReason = await asModerator.post(`/api/moderation/reviews/${reviewId}/decision`, {
      action: 'remove',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.issues[0].message).toBe(MODERATION_REASON_REQUIRED);
    const removed = await asModerator.post(`/api/moderation/reviews/${reviewId}/decision`, {
      action: 'remove',
      reason: 'Insults another customer',
    });
    expect(removed.status).toBe(200);
    expect(removed.body.review.moderation).toMatchObject({
      status: 'removed',
      reason: 'Insults another customer',
    });

    // The author sees status and reason on their list, and may appeal this new decision once.
    const mine = (await writer.client.get('/api/reviews/user')).body;
    expect(mine.find((r: { id: number }) => r.id === reviewId).moderation).toMatchObject({
      status: 'removed',
      reason: 'Insults another customer',
      appealed: false,
      canAppeal: true,
    });
    expect((await writer.client.post(`/api/reviews/${reviewId}/appeal`, {})).status).toBe(200);
    expect((await writer.client.post(`/api/reviews/${reviewId}/appeal`, {})).status).toBe(409);
    expect((await queueItem(reviewId))?.causes).toEqual(['appeal']);
    expect((await reader.client.get(`/api/reviews/${reviewId}`)).status).toBe(404);

    // Standing follows the outcome: a reporter whose report was rejected weighs less.
    const statuses = await world
      .admin('review_reports')
      .where({ review_id: reviewId })
      .orderBy('id')
      .pluck('status');
    expect(statuses).toEqual([...Array(5).fill('rejected'), 'upheld']);

    // The log: every decision, newest first, automatic ones without an actor.
    const log = await asModerator.get('/api/moderation/log?limit=100');
    const entries = ModerationLogSchema.parse(log.body).filter((e) => e.reviewId === reviewId);
    expect(entries.map((e) => e.action)).toEqual([
      'appeal',
      'queue',
      'remove',
      'hold',
      'queue',
      'keep',
      'appeal',
      'hold',
      'queue',
    ]);
    expect(entries[0]!.actor).toMatchObject({ id: writer.id });
    expect(entries[2]).toMatchObject({
      actor: { id: moderator.id },
      reason: 'Insults another customer',
    });
    expect(entries[3]!.actor).toBeNull();

    // Every decision is an event.
    await world.until(async () => {
      const decided = (await reviewsPublished(world)).filter(
        (event) => event.type === 'reviews.moderation.decided' && event.data.reviewId === reviewId,
      );
      return decided.length === entries.length;
    }, 'one event per decision');

    // Kept on appeal: published again, and the removal's upheld report counts as rejected.
    expect(
      (await asModerator.post(`/api/moderation/reviews/${reviewId}/decision`, { action: 'keep' }))
        .status,
    ).toBe(200);
    expect((await reader.client.get(`/api/reviews/${reviewId}`)).status).toBe(200);
    expect(
      await world.admin('review_reports').where({ review_id: reviewId, status: 'upheld' }).first(),
    ).toBeUndefined();
  });

  it('pages the queue by report weight then age', async () => {
    const writer = await author();
    const reviews: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const businessId = await world.business();
      reviews.push(
        (await writer.client.post('/api/reviews', reviewBody(businessId, [groupId]))).body.id,
      );
    }
    // Weights 0.1, 0.5, 0.1 (the first queued first).
    const [light, heavy, later] = reviews as [number, number, number];
    await (await reporter('fresh')).client.post(`/api/reviews/${light}/report`, { reason: 'spam' });
    await (
      await reporter('established')
    ).client.post(`/api/reviews/${heavy}/report`, {
      reason: 'spam',
    });
    await (await reporter('fresh')).client.post(`/api/reviews/${later}/report`, { reason: 'spam' });
    const seen: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await asModerator.get(
        `/api/moderation/queue?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      seen.push(...res.body.map((item: { review: { id: number } }) => item.review.id));
      cursor = res.headers.get('x-next-cursor');
    }
    const ours = seen.filter((id) => reviews.includes(id));
    expect(ours).toEqual([heavy, light, later]);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('queues a review written while its business is flagged, and counts it in the flag', async () => {
    const businessId = await world.business();
    await flag(businessId, new Date(Date.now() - 3_600_000));
    const writer = await author();
    const reviewId = (await writer.client.post('/api/reviews', reviewBody(businessId, [groupId])))
      .body.id as number;
    const item = await world.until(
      async () => (await queueItem(reviewId)) ?? null,
      'the review queued for the unusual activity',
    );
    expect(item.causes).toEqual(['unusual-activity']);
    expect(
      await world.admin('unusual_activity').where({ business_id: businessId }).first(),
    ).toMatchObject({ review_count: 13, version: 2, cleared_at: null });
  });

  it('clears an unusual-activity flag after its documented period', async () => {
    const [old, recent] = [await world.business(), await world.business()];
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    for (const [businessId, flaggedAt] of [
      [old, hoursAgo(FLAG_HOURS + 1)],
      [recent, hoursAgo(1)],
    ] as const) {
      await flag(businessId, flaggedAt);
    }
    const sweeper = createActivitySweeper({
      db: world.admin,
      logger: createLogger('test', 'silent'),
      intervalMs: 60_000,
    });
    expect(await sweeper.sweepOnce()).toBe(1);
    const rows = await world.admin('unusual_activity').whereIn('business_id', [old, recent]);
    const byBusiness = new Map(rows.map((row) => [row.business_id, row]));
    expect(byBusiness.get(old)).toMatchObject({ cleared_at: expect.any(Date), version: 2 });
    expect(byBusiness.get(recent)).toMatchObject({ cleared_at: null, version: 1 });
    await world.until(async () => {
      const events = await reviewsPublished(world);
      return events.some(
        (event) =>
          event.type === 'reviews.activity.changed' &&
          event.data.businessId === old &&
          event.data.unusualActivity === null &&
          event.data.version === 2,
      );
    }, 'the cleared flag published');
  });
});
