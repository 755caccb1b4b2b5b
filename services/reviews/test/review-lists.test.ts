import type { TestClient } from '@trustcircle/testing';
import { createReviewsWorld, reviewBody, type ReviewsWorld } from './support/world';

/**
 * Issue 17: a business's and a group's reviews sorted (newest, relevant, highest, lowest) and
 * filtered (stars, with photos, shared with a group), paged with each sort's own cursor.
 */
let world: ReviewsWorld;
let business: number;
let group: number;
let otherGroup: number;
let authors: { client: TestClient; id: number }[];
/** Review id by rating (1 to 5), written in that order. */
const byRating = new Map<number, number>();

beforeAll(async () => {
  world = await createReviewsWorld();
  business = await world.business('Sorted Bistro', 'Restaurants');
  group = await world.group('Sorters');
  otherGroup = await world.group('Other sorters');
  authors = [];
  for (let i = 0; i < 5; i += 1) authors.push(await world.register());
  for (const author of authors) await world.join(author.id, group);
  await world.join(authors[4]!.id, otherGroup);
  for (const [i, author] of authors.entries()) {
    const rating = [3, 5, 1, 4, 2][i]!;
    const groups = i === 4 ? [group, otherGroup] : [group];
    const res = await author.client.post('/api/reviews', reviewBody(business, groups, { rating }));
    expect(res.status).toBe(201);
    byRating.set(rating, res.body.id);
  }
  // Only the 4★ review carries a photo (set in the row: the filter reads the row's photos).
  await world
    .admin('reviews')
    .where({ id: byRating.get(4) })
    .update({ photos: ['/api/photos/00000000-0000-4000-8000-000000000000'] });
  // The 1★ review is found helpful by three readers: the most relevant despite its stars.
  for (const voter of authors.slice(0, 2).concat(authors.slice(3))) {
    expect(
      (await voter.client.request('PUT', `/api/reviews/${byRating.get(1)}/helpful`)).status,
    ).toBeLessThan(300);
  }
}, 90_000);

afterAll(async () => {
  await world?.stop();
});

const ratings = async (path: string) => {
  const res = await world.stack.client().get(path);
  expect(res.status).toBe(200);
  return (res.body as { rating: number }[]).map((r) => r.rating);
};

describe('sorted and filtered review lists', () => {
  it('sorts a business page by stars either way, and by date', async () => {
    const base = `/api/businesses/${business}/reviews`;
    expect(await ratings(`${base}?sort=highest`)).toEqual([5, 4, 3, 2, 1]);
    expect(await ratings(`${base}?sort=lowest`)).toEqual([1, 2, 3, 4, 5]);
    expect(await ratings(`${base}?sort=newest`)).toEqual([2, 4, 1, 5, 3]);
    expect(await ratings(base)).toEqual([2, 4, 1, 5, 3]);
  });

  it('puts the review readers found helpful first when sorted by relevance', async () => {
    const sorted = await ratings(`/api/groups/${group}/reviews?sort=relevant`);
    expect(sorted[0]).toBe(1);
    expect(sorted).toHaveLength(5);
  });

  it('filters by stars, photos and group', async () => {
    const base = `/api/businesses/${business}/reviews`;
    expect(await ratings(`${base}?stars=4,5&sort=highest`)).toEqual([5, 4]);
    expect(await ratings(`${base}?withPhotos=true`)).toEqual([4]);
    expect(await ratings(`${base}?groupId=${otherGroup}`)).toEqual([2]);
    expect(await ratings(`/api/groups/${group}/reviews?stars=1&sort=lowest`)).toEqual([1]);
  });

  it('pages each sort to the end with its own cursor, every review once', async () => {
    for (const sort of ['highest', 'lowest', 'relevant', 'newest']) {
      const seen: number[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const res = await world.stack
          .client()
          .get(
            `/api/groups/${group}/reviews?sort=${sort}&stars=1,2,3,4,5&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          );
        expect(res.status).toBe(200);
        seen.push(...res.body.map((r: { id: number }) => r.id));
        cursor = res.headers.get('x-next-cursor');
      }
      expect(seen.sort()).toEqual([...byRating.values()].sort());
    }
  });

  it("sorts and filters an author's own list (the profile), paged with the same cursors", async () => {
    const author = authors[0]!; // wrote the 3★ review
    const second = await world.business('Second Bistro', 'Restaurants');
    const res = await author.client.post(
      '/api/reviews',
      reviewBody(second, [group], { rating: 5 }),
    );
    expect(res.status).toBe(201);
    const mine = async (query: string) => {
      const list = await author.client.get(`/api/reviews/user?${query}`);
      expect(list.status).toBe(200);
      return list;
    };
    const rated = async (query: string) =>
      ((await mine(query)).body as { rating: number }[]).map((r) => r.rating);
    expect(await rated('sort=lowest')).toEqual([3, 5]);
    expect(await rated('sort=highest')).toEqual([5, 3]);
    expect(await rated('sort=highest&stars=3')).toEqual([3]);
    expect(await rated('withPhotos=true')).toEqual([]);
    expect(await rated('')).toEqual([5, 3]);
    const first = await mine('sort=lowest&limit=1');
    expect(first.body.map((r: { rating: number }) => r.rating)).toEqual([3]);
    const cursor = first.headers.get('x-next-cursor')!;
    expect(await rated(`sort=lowest&limit=1&cursor=${cursor}`)).toEqual([5]);
    expect((await author.client.get('/api/reviews/user?sort=best')).status).toBe(400);
  });

  it("refuses an unknown sort, bad stars and another sort's cursor with a 400", async () => {
    const client = world.stack.client();
    const base = `/api/businesses/${business}/reviews`;
    const sort = await client.get(`${base}?sort=best`);
    expect(sort.status).toBe(400);
    expect(sort.body.issues[0]).toMatchObject({
      path: 'sort',
      message: 'sort must be one of newest, relevant, highest, lowest',
    });
    expect((await client.get(`${base}?stars=6`)).status).toBe(400);
    expect((await client.get(`${base}?withPhotos=yes`)).status).toBe(400);
    const page = await client.get(`${base}?sort=highest&limit=1`);
    const cursor = page.headers.get('x-next-cursor')!;
    const mixed = await client.get(`${base}?sort=lowest&cursor=${cursor}`);
    expect(mixed.status).toBe(400);
    expect(mixed.body.issues[0].path).toBe('cursor');
  });
});
