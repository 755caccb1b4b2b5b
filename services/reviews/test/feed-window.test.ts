import { reviewsStore } from '../src/store/reviews-store';
import { createReviewsWorld, type ReviewsWorld } from './support/world';

/**
 * The feed looks among the newest reviews' tags first and reads each group's range only when
 * that window holds less than a page (reviews-store `feedPage`): whatever the window, every page
 * is the same as a brute-force read of the member's groups' and own reviews, newest first.
 */
let world: ReviewsWorld;
let expected: number[];

/** The member whose feed is read. */
const member = 4_000_000;
/** Each of the others writes one review (one a business, as the schema wants). */
const OTHERS = 4_100_000;

beforeAll(async () => {
  world = await createReviewsWorld();
  // One business for the others' reviews, one for each of the member's own.
  const businesses = await Promise.all(Array.from({ length: 8 }, () => world.business()));
  const [busy, quiet, elsewhere] = [
    await world.group('Busy'),
    await world.group('Quiet'),
    await world.group('Elsewhere'),
  ];
  await world.join(member, busy);
  await world.join(member, quiet);
  await world.admin.raw(
    `insert into users (id, username, name, version)
       select u, 'windowed' || u, 'Windowed ' || u, 1
         from (select ?::int as u union all select generate_series(?::int + 1, ?::int + 100)) us`,
    [member, OTHERS, OTHERS],
  );
  // Oldest first: the quiet group's reviews, then others' group, the member's own, the busy
  // group's (a few shared with the quiet one too, a few whose tag is hidden), others' again.
  const batches: { count: number; author: number; groups: number[]; hidden?: boolean }[] = [
    { count: 12, author: OTHERS, groups: [quiet] },
    { count: 9, author: OTHERS, groups: [elsewhere] },
    { count: 5, author: member, groups: [] },
    { count: 20, author: OTHERS, groups: [busy] },
    { count: 4, author: OTHERS, groups: [busy, quiet] },
    { count: 3, author: OTHERS, groups: [busy], hidden: true },
    { count: 6, author: OTHERS, groups: [elsewhere] },
    { count: 2, author: member, groups: [busy] },
  ];
  let n = 0;
  let own = 0;
  for (const batch of batches) {
    for (let i = 0; i < batch.count; i += 1) {
      n += 1;
      const mine = batch.author === member;
      const [row] = await world
        .admin('reviews')
        .insert({
          user_id: mine ? member : OTHERS + n,
          business_id: businesses[mine ? (own += 1) : 0],
          rating: 4,
          content: `Windowed review number ${n}`,
        })
        .returning('id');
      for (const group of batch.groups) {
        await world
          .admin('review_tags')
          .insert({ review_id: row.id, group_id: group, hidden: batch.hidden ?? false });
      }
    }
  }
  const { rows } = await world.admin.raw<{ rows: { id: number }[] }>(
    `select id from (
       select review_id as id from review_tags where group_id in (?, ?) and not hidden
       union
       select id from reviews where user_id = ? and not hidden) all_ids
     order by id desc`,
    [busy, quiet, member],
  );
  expected = rows.map((row) => row.id);
  expect(expected).toHaveLength(12 + 5 + 20 + 4 + 2);
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

/** Every page of the member's feed, `limit` at a time, as ids (a page reads one row more). */
async function walk(limit: number, window: number): Promise<number[][]> {
  const pages: number[][] = [];
  let before: number | null = null;
  for (;;) {
    const views = await reviewsStore.feedPage(world.admin, member, { before, limit }, window);
    const ids = views.map((view) => view.id);
    expect(ids.length).toBeLessThanOrEqual(limit + 1);
    pages.push(ids.slice(0, limit));
    if (ids.length <= limit) return pages;
    before = ids[limit - 1]!;
  }
}

describe('the feed looks among the newest reviews first', () => {
  it.each([1, 5, 12, 30, 400])(
    'a window of %i gives every page of a brute-force read',
    async (window) => {
      for (const limit of [1, 3, 10, 50]) {
        const pages = await walk(limit, window);
        expect(pages.flat()).toEqual(expected);
        expect(pages.slice(0, -1).every((page) => page.length === limit)).toBe(true);
      }
    },
  );

  it('refuses a window that is not a small positive integer', async () => {
    for (const window of [0, -1, 1.5, 1e9]) {
      await expect(
        reviewsStore.feedPage(world.admin, member, { before: null, limit: 5 }, window),
      ).rejects.toThrow(/bad feed window/);
    }
  });
});
