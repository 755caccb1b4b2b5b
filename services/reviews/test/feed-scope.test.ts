import type { TestClient } from '@trustcircle/testing';
import { createReviewsWorld, reviewBody, type ReviewsWorld } from './support/world';

/** The home feed's scopes (issue 17, docs/feeds.md): my groups' and mine, or everyone's. */
let world: ReviewsWorld;
let reader: { client: TestClient; id: number };
let stranger: { client: TestClient; id: number };
const ids: Record<string, number> = {};

const feed = async (query = '') =>
  ((await reader.client.get(`/api/reviews/feed${query}`)).body as { id: number }[]).map(
    (r) => r.id,
  );

beforeAll(async () => {
  world = await createReviewsWorld();
  [reader, stranger] = [await world.register(), await world.register()];
  const mine = await world.group('Readers');
  const theirs = await world.group('Strangers');
  await world.join(reader.id, mine);
  await world.join(stranger.id, theirs);
  const post = async (who: typeof reader, group: number, key: string) => {
    const res = await who.client.post('/api/reviews', reviewBody(await world.business(), [group]));
    expect(res.status).toBe(201);
    ids[key] = res.body.id as number;
  };
  await post(reader, mine, 'own');
  await post(stranger, theirs, 'elsewhere');
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

describe('GET /api/reviews/feed?scope=', () => {
  it('keeps to my groups and my own by default, and with scope=groups', async () => {
    expect(await feed()).toContain(ids.own);
    expect(await feed()).not.toContain(ids.elsewhere);
    expect(await feed('?scope=groups')).toEqual(await feed());
  });

  it("shows the whole community's newest reviews with scope=all, paged", async () => {
    const all = await feed('?scope=all');
    expect(all).toEqual(expect.arrayContaining([ids.own, ids.elsewhere]));
    expect(all).toEqual([...all].sort((a, b) => b - a));
    const first = await reader.client.get('/api/reviews/feed?scope=all&limit=1');
    expect(first.body).toHaveLength(1);
    const cursor = encodeURIComponent(first.headers.get('x-next-cursor')!);
    expect(await feed(`?scope=all&limit=1&cursor=${cursor}`)).toEqual([all[1]]);
  });

  it('refuses another scope with the field named', async () => {
    const res = await reader.client.get('/api/reviews/feed?scope=friends');
    expect(res.status).toBe(400);
    expect(res.body.issues[0]).toEqual({
      path: 'scope',
      message: 'scope must be groups, all or following',
    });
  });
});
