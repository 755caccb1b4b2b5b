import type { Knex } from '@trustcircle/service-kit';
import { reviewCardFunction } from '../migrations/011_author_verified_at';
import { activityRanges } from '../src/domain/burst';
import { activityStore } from '../src/store/activity-store';
import { communityFeedPage } from '../src/store/community-feed';
import { MAX_ID } from '../src/store/review-cards';
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

  it('the feed, read by a member of a busy group, is planned once', async () => {
    await world.admin.transaction(async (trx) => {
      const page = { before: null, limit: 20 };
      for (let i = 0; i < 12; i += 1) {
        expect(await reviewsStore.feedPage(trx, member, page)).toHaveLength(21);
      }
      const { rows } = await trx.raw<{ rows: { generic: number; custom: number }[] }>(
        `select generic_plans::int as generic, custom_plans::int as custom
           from pg_prepared_statements where statement like '%from memberships%'`,
      );
      expect(rows).toEqual([{ custom: 5, generic: 7 }]);
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

type Trx = ReviewsWorld['admin'];

/** A card statement this connection prepared: its text's `pattern`, its reader and values. */
interface Statement {
  pattern: string;
  /** A member's text probes their votes; a visitor's does not. */
  reader: 'visitor' | 'member';
  params: (number | null)[];
}

/** How many of the nodes of the statement's plan read `reviews`. */
async function readsOfReviews(trx: Trx, { pattern, reader, params }: Statement) {
  const { rows } = await trx.raw<{ rows: { name: string }[] }>(
    `select name from pg_prepared_statements
      where statement like '%r.card::text%' and statement ~ ?
        and (statement like '%helpful_votes%') = ?`,
    [pattern, reader === 'member'],
  );
  expect(rows).toHaveLength(1);
  const values = params.map((value) => (value === null ? 'null' : String(Math.trunc(value))));
  const { rows: plans } = await trx.raw<{ rows: { 'QUERY PLAN': unknown }[] }>(
    `explain (format json) execute ${rows[0]!.name}(${values.join(', ')})`,
  );
  let reads = 0;
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    if ((node as Record<string, unknown>)['Relation Name'] === 'reviews') reads += 1;
    Object.values(node).forEach(walk);
  };
  walk(plans[0]!['QUERY PLAN']);
  return reads;
}

describe('a page that is a range of reviews', () => {
  const page = { before: null, limit: 20 };
  const cases: [string, (trx: Trx) => Promise<unknown[]>, () => Statement][] = [
    [
      'a business page, read by a visitor',
      (trx) => reviewsStore.businessPage(trx, business, page, null),
      () => ({ pattern: 'business_id = \\$1', reader: 'visitor', params: [business, MAX_ID] }),
    ],
    [
      'a business page, read by a member',
      (trx) => reviewsStore.businessPage(trx, business, page, member),
      () => ({
        pattern: 'business_id = \\$1',
        reader: 'member',
        params: [business, MAX_ID, member],
      }),
    ],
    [
      "an author's own list",
      (trx) => reviewsStore.userPage(trx, member, page),
      () => ({
        pattern: 'r\\.user_id = \\$1',
        reader: 'member',
        params: [member, null, null, MAX_ID, member],
      }),
    ],
    [
      'the community feed',
      (trx) => communityFeedPage(trx, member, page),
      () => ({
        pattern: 'where not (r\\.)?hidden and (r\\.)?id < \\$1',
        reader: 'member',
        params: [MAX_ID, member],
      }),
    ],
  ];
  it.each(cases)('%s reads each card in that range, not by its key again', async (_, read, of) => {
    await world.admin.transaction(async (trx) => {
      expect((await read(trx)).length).toBeGreaterThan(0);
      expect(await readsOfReviews(trx, of())).toBe(1);
    });
  });
});

describe("the burst rule's counts (domain/burst.ts)", () => {
  it('read the window’s and baseline’s index entries, not every review the business had', async () => {
    const old = await world.business('Old Favourite', 'Restaurants');
    // 300 reviews over the last two years: 4 in the last day, 26 in the 30 days before.
    await world.admin.raw(
      `insert into reviews (user_id, business_id, rating, content, created_at)
         select u, ?, 4, 'Reviewed long ago ' || u,
                now() - case when u < 2000004 then interval '1 hour'
                             when u < 2000030 then interval '10 days'
                             else interval '40 days' + (u - 2000000) * interval '2 days' end
           from generate_series(2000000, 2000299) u`,
      [old],
    );
    await world.admin.raw('vacuum analyze reviews');
    const { windowStart, baselineStart } = activityRanges(new Date());
    const range = { windowStart, baselineStart, at: new Date() };

    const asked: { sql: string; bindings: unknown[] }[] = [];
    const record = (query: { sql: string; bindings: unknown[] }) => asked.push(query);
    world.admin.on('query', record);
    const read = await activityStore.activeAndCounts(world.admin, old, range);
    world.admin.off('query', record);
    expect(read).toEqual({ active: null, counts: { lastWindow: 4, baseline: 26 } });

    const { sql, bindings } = asked.find((query) => query.sql.includes('last_window'))!;
    const { rows } = await world.admin.raw<{ rows: { 'QUERY PLAN': unknown }[] }>(
      `explain (format json) ${sql.replace(/\$\d+/g, '?')}`,
      bindings as Knex.RawBinding[],
    );
    const scans: Record<string, unknown>[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      const fields = node as Record<string, unknown>;
      if (fields['Relation Name'] === 'reviews') scans.push(fields);
      Object.values(node).forEach(walk);
    };
    walk(rows[0]!['QUERY PLAN']);
    expect(scans).toHaveLength(1);
    // The time range bounds the index scan itself; a filter would read every row of the business.
    expect(scans[0]!['Node Type']).toBe('Index Only Scan');
    expect(String(scans[0]!['Index Cond'])).toContain('created_at');
  });
});

describe('review cards', () => {
  it('are rendered by a function whose statement each connection plans once (PL/pgSQL), as the SQL one rendered them', async () => {
    const { rows: language } = await world.admin.raw<{ rows: { lanname: string }[] }>(
      `select l.lanname from pg_proc p join pg_language l on l.oid = p.prolang
        where p.oid = 'review_card(reviews)'::regprocedure`,
    );
    expect(language).toEqual([{ lanname: 'plpgsql' }]);
    const cards = async (trx: Knex) =>
      (
        await trx.raw<{ rows: { card: string }[] }>(
          'select review_card(r)::text as card from reviews r order by id',
        )
      ).rows;
    await world.admin
      .transaction(async (trx) => {
        const rendered = await cards(trx);
        expect(rendered.length).toBeGreaterThan(300);
        await trx.raw(reviewCardFunction(true, true, true));
        expect(await cards(trx)).toEqual(rendered);
        throw new Error('rolled back');
      })
      .catch((error: Error) => expect(error.message).toBe('rolled back'));
  });
});
