import { catalogService } from '@trustcircle/catalog';
import { communitiesService } from '@trustcircle/communities';
import { REVIEW_BACKDATING_DISABLED } from '@trustcircle/contracts';
import { gatewayService } from '@trustcircle/gateway';
import { createDb, loadConfig, type Knex } from '@trustcircle/service-kit';
import { TestClient } from '@trustcircle/testing';
import { computeBusinessScores } from '../../catalog/src/domain/trust-score';
import { reviewsService } from '../src/service';
import { createReviewsWorld, joinedMember, reviewBody, type ReviewsWorld } from './support/world';

/**
 * Backdated demo reviews (issue 17: a year of history): the date travels in the event, so
 * catalog's facts and scores see it; and nobody gets it where it is not allowed.
 */
let world: ReviewsWorld;
let catalog: Knex;

beforeAll(async () => {
  world = await createReviewsWorld({
    extraServices: [communitiesService, catalogService],
    reviewsEnv: { ALLOW_BACKDATED_REVIEWS: 'true' },
    gatewayEnv: { ALLOW_BACKDATED_REVIEWS: 'true' },
  });
  catalog = createDb({ url: world.stack.db.adminUrl, schema: 'catalog', poolMax: 2 });
}, 90_000);

afterAll(async () => {
  await catalog?.destroy();
  await world?.stop();
});

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** A business listed through catalog (so reviews and catalog both know it) and a group. */
async function place(name: string) {
  const owner = await world.register();
  const group = await owner.client.post('/api/groups', {
    name: `${name} fans`,
    description: 'Regulars who eat here.',
  });
  if (group.status !== 201) throw new Error(`group: ${group.status} ${group.text}`);
  const groupId = group.body.id as number;
  const businessId = (await owner.client.post('/api/businesses', { name, category: 'Restaurants' }))
    .body.id as number;
  await world.until(() => world.admin('businesses').where({ id: businessId }).first(), 'business');
  return { groupId, businessId };
}

describe('backdated reviews where allowed (npm start, tests)', () => {
  it('dates the review in the API, in the event and in catalog’s score', async () => {
    const { groupId, businessId } = await place('Trattoria Antica');
    const fresh = await joinedMember(world, groupId);
    const old = await joinedMember(world, groupId);
    const now = await fresh.client.post('/api/reviews', reviewBody(businessId, [groupId]));
    expect(now.status).toBe(201);

    const writtenAt = new Date(Math.floor(daysAgo(300).getTime() / 1000) * 1000).toISOString();
    const backdated = await old.client.post(
      '/api/reviews',
      reviewBody(businessId, [groupId], { rating: 1 }),
      { 'X-Review-Written-At': writtenAt },
    );
    expect(backdated.status).toBe(201);
    expect([backdated.body.createdAt, backdated.body.updatedAt]).toEqual([writtenAt, writtenAt]);
    const read = await world.stack.client().get(`/api/reviews/${backdated.body.id}`);
    expect(read.body.createdAt).toBe(writtenAt);

    // Catalog's copy came from the event: the date is the review's, not the event's arrival.
    const fact = await world.until(
      () => catalog('review_facts').where({ review_id: backdated.body.id }).first(),
      'review fact',
    );
    expect(new Date(fact.created_at).toISOString()).toBe(writtenAt);

    // The score weighs the old 1★ by its age: the same two reviews both written now differ.
    const facts = [now.body, backdated.body].map((review) => ({
      rating: review.rating as number,
      helpfulCount: 0,
      authorVerified: false,
      authorNewAccount: true,
      createdAtMs: new Date(review.createdAt as string).getTime(),
      groupIds: [groupId],
    }));
    const expected = computeBusinessScores(facts).globalTrustScore;
    const undated = computeBusinessScores(
      facts.map((f) => ({ ...f, createdAtMs: facts[0]!.createdAtMs })),
    ).globalTrustScore;
    expect(Math.abs(expected - undated)).toBeGreaterThan(0.01);
    const score = await world.until(async () => {
      const business = (await world.stack.client().get(`/api/businesses/${businessId}`)).body;
      return business.reviewCount === 2 && business.globalTrustScore;
    }, 'both reviews scored');
    expect(score).toBeCloseTo(expected, 9);
  });

  it('refuses a date that is not one, in the future, or older than two years', async () => {
    const { groupId, businessId } = await place('Bistro Futuro');
    const author = await joinedMember(world, groupId);
    for (const bad of ['last tuesday', daysAgo(-2).toISOString(), daysAgo(800).toISOString()]) {
      const res = await author.client.post('/api/reviews', reviewBody(businessId, [groupId]), {
        'X-Review-Written-At': bad,
      });
      expect([bad, res.status, res.body.issues?.[0]?.path]).toEqual([
        bad,
        400,
        'X-Review-Written-At',
      ]);
    }
  });
});

describe('backdating where it is not allowed (production)', () => {
  it('production refuses to start with it on, in reviews and in the gateway', () => {
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u@h/db',
      ALLOW_BACKDATED_REVIEWS: 'true',
    };
    for (const schema of [reviewsService.envSchema, gatewayService.envSchema]) {
      expect(() => loadConfig(schema, env)).toThrow(
        /ALLOW_BACKDATED_REVIEWS: is for development and tests only/,
      );
      expect(loadConfig(schema, { ...env, NODE_ENV: 'development' })).toMatchObject({
        ALLOW_BACKDATED_REVIEWS: true,
      });
      expect(loadConfig(schema, { ...env, ALLOW_BACKDATED_REVIEWS: undefined })).toMatchObject({
        ALLOW_BACKDATED_REVIEWS: false,
      });
    }
  });

  it('a gateway without it drops the header, and a reviews service without it refuses it', async () => {
    const { groupId, businessId } = await place('Osteria Onesta');
    const author = await joinedMember(world, groupId);
    const header = { 'X-Review-Written-At': daysAgo(200).toISOString() };

    // Straight to a reviews replica without the switch (someone inside the network): a 400.
    const reviews = await world.stack.startReplica('reviews', { ALLOW_BACKDATED_REVIEWS: 'false' });
    const direct = await new TestClient(reviews.url).post(
      '/api/reviews',
      reviewBody(businessId, [groupId]),
      { ...header, authorization: `Bearer ${world.stack.tokenFor(author.id)}` },
    );
    expect([direct.status, direct.body.issues]).toEqual([
      400,
      [{ path: 'X-Review-Written-At', message: REVIEW_BACKDATING_DISABLED }],
    ]);

    // Through a gateway without the switch, to reviews that would take it: the header never
    // arrives, the review is dated now. A `createdAt` in the body is not a field either.
    const gateway = await world.stack.startReplica('gateway', { ALLOW_BACKDATED_REVIEWS: 'false' });
    const client = new TestClient(gateway.url);
    for (const [name, value] of author.client.cookies) client.cookies.set(name, value);
    const before = Date.now();
    const res = await client.post(
      '/api/reviews',
      reviewBody(businessId, [groupId], { createdAt: header['X-Review-Written-At'] }),
      header,
    );
    expect(res.status).toBe(201);
    const created = new Date(res.body.createdAt as string).getTime();
    expect(created).toBeGreaterThanOrEqual(before - 5000);
    expect(created).toBeLessThanOrEqual(Date.now() + 5000);
  });
});
