import { reviewsStore } from '../src/store/reviews-store';
import { createReviewsWorld, reviewBody, type ReviewsWorld } from './support/world';

/**
 * The review lists are named prepared statements so that each pooled connection plans them once
 * (service-kit `preparedRows`). Postgres keeps re-planning a statement whose custom plans cost
 * less than its generic plan: a list read by visitors must not be one of those.
 */
let world: ReviewsWorld;
let business: number;
let group: number;
let member: number;

beforeAll(async () => {
  world = await createReviewsWorld();
  business = await world.business('Planned Bistro', 'Restaurants');
  group = await world.group('Planners');
  const author = await world.register();
  member = author.id;
  await world.join(author.id, group);
  const res = await author.client.post('/api/reviews', reviewBody(business, [group]));
  expect(res.status).toBe(201);
  // Data enough for the planner to cost the pages and the vote check as it does on real data
  // (on a handful of rows every plan is cheap and any one will do): 300 more reviews of the
  // business shared with the group, 60 votes on each.
  await world.admin.raw(
    `insert into users (id, username, name, version)
       select u, 'planner' || u, 'Planner ' || u, 1 from generate_series(2000000, 2000299) u`,
  );
  await world.admin.raw(
    `insert into reviews (user_id, business_id, rating, content)
       select u, ?, 4, 'Planned review number ' || u from generate_series(2000000, 2000299) u`,
    [business],
  );
  await world.admin.raw(
    `insert into review_tags (review_id, group_id)
       select id, ? from reviews where user_id >= 2000000`,
    [group],
  );
  await world.admin.raw(
    `insert into helpful_votes (review_id, user_id)
       select r.id, v from reviews r, generate_series(3000000, 3000059) v
        where r.user_id >= 2000000`,
  );
  await world.admin.raw('analyze users, reviews, review_tags, helpful_votes');
}, 90_000);

afterAll(async () => {
  await world?.stop();
});

/** The plans Postgres made for this connection's statements reading cards for `reader`. */
async function cardPlans(trx: ReviewsWorld['admin'], reader: 'visitor' | 'member') {
  const { rows } = await trx.raw<{ rows: { generic: number; custom: number }[] }>(
    `select generic_plans::int as generic, custom_plans::int as custom
       from pg_prepared_statements
      where statement like '%r.card::text%' and (statement like '%helpful_votes%') = ?`,
    [reader === 'member'],
  );
  return rows;
}

describe('review lists keep one plan per connection', () => {
  it.each([
    ['visitors', () => null],
    ['a member with no votes, among heavy voters', () => member],
  ] as const)('read by %s, each is planned once', async (_, viewer) => {
    await world.admin.transaction(async (trx) => {
      const page = { before: null, limit: 20 };
      for (let i = 0; i < 12; i += 1) {
        expect(await reviewsStore.groupPage(trx, group, page, viewer())).toHaveLength(21);
        expect(await reviewsStore.businessPage(trx, business, page, viewer())).toHaveLength(21);
      }
      const plans = await cardPlans(trx, viewer() === null ? 'visitor' : 'member');
      expect(plans).toHaveLength(2);
      // Five custom plans first (Postgres' rule), then the generic one from there on.
      for (const plan of plans) expect(plan).toEqual({ custom: 5, generic: 7 });
    });
  });

  it('tells whether the member voted, and a visitor never did', async () => {
    const voter = await world.register();
    const page = { before: null, limit: 20 };
    const [review] = await reviewsStore.businessPage(world.admin, business, page, null);
    const vote = await voter.client.request('PUT', `/api/reviews/${review!.id}/helpful`);
    expect(vote.status).toBeLessThan(300);
    const [seen, next] = await reviewsStore.businessPage(world.admin, business, page, voter.id);
    const [visitor] = await reviewsStore.businessPage(world.admin, business, page, null);
    expect(JSON.parse(seen!.json)).toMatchObject({ id: review!.id, hasVoted: true });
    expect(JSON.parse(next!.json)).toMatchObject({ hasVoted: false });
    expect(JSON.parse(visitor!.json)).toMatchObject({ id: review!.id, hasVoted: false });
  });
});
