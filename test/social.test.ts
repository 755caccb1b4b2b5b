/**
 * Issue 18 across the real services: identity's users, reviews' reviews and helpful votes reach
 * social as events, and its notifications reach a browser's stream through the gateway.
 */
import { eventually, type TestClient, type TestStack } from '@trustcircle/testing';
import { cookieOf, openStream } from '../services/social/test/sse-client';
import { startPlatform, written } from './support/platform';

let stack: TestStack;

beforeAll(async () => {
  stack = await startPlatform();
}, 90_000);

afterAll(async () => {
  await stack?.stop();
});

let seq = 0;
async function register(name: string) {
  const client = stack.client();
  seq += 1;
  const username = `sx${seq}x${Date.now() % 1_000_000}`;
  const body = await written(() =>
    client.post('/api/register', {
      username,
      email: `${username}@example.com`,
      name,
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
    }),
  );
  return { client, id: body.id as number, username };
}

/** Follows once social knows the followee (a 404 until identity's event arrives). */
async function follow(client: TestClient, username: string) {
  const res = await eventually(
    () => client.post(`/api/users/${username}/follow`),
    (r) => r.status !== 404,
  );
  expect(res.status).toBe(200);
}

it("delivers a followed author's real review to an open stream within a second, and real helpful votes grouped", async () => {
  const [author, fan, voter1, voter2] = [
    await register('Author Real'),
    await register('Fan Real'),
    await register('Voter One'),
    await register('Voter Two'),
  ];
  await follow(fan.client, author.username);
  const groupId = (
    await written(() =>
      author.client.post('/api/groups', {
        name: `Social Real ${seq}`,
        description: 'Where followed reviews are written.',
      }),
    )
  ).id as number;
  const businessId = (
    await written(() =>
      author.client.post('/api/businesses', {
        name: `Followed Cafe ${seq}`,
        category: 'Restaurants',
      }),
    )
  ).id as number;

  let reviewId = 0;
  const stream = await openStream(new URL('/api/notifications/stream', stack.gatewayUrl).href, {
    cookie: cookieOf(fan.client),
  });
  try {
    expect(stream.status).toBe(200);
    const review = await written(() =>
      author.client.post('/api/reviews', {
        businessId,
        rating: 5,
        content: 'Followers should hear about this one right away.',
        groupIds: [groupId],
      }),
    );
    reviewId = review.id as number;
    const answered = Date.now();
    const [event] = await stream.waitForEvents(1, 3000);
    expect(stream.receivedAt[0]! - answered).toBeLessThan(1000);
    expect(event!.data).toMatchObject({
      kind: 'following_review',
      payload: { reviewId, businessId, rating: 5 },
      actor: { id: author.id, username: author.username, name: 'Author Real' },
      business: { id: businessId, name: `Followed Cafe ${seq}` },
    });
  } finally {
    await stream.close();
  }

  // Two members find it helpful through the reviews API: one grouped notification, count 2.
  for (const voter of [voter1, voter2]) {
    const res = await written(() => voter.client.post(`/api/reviews/${reviewId}/helpful`));
    expect(res).toMatchObject({ voted: true });
  }
  const grouped = await eventually(
    async () => (await author.client.get('/api/notifications')).body as any[],
    (list) => list.some((n) => n.kind === 'review_helpful' && n.payload.count === 2),
  );
  expect(grouped.filter((n) => n.kind === 'review_helpful')).toEqual([
    expect.objectContaining({ payload: { reviewId, businessId, count: 2 }, readAt: null }),
  ]);
  expect((await author.client.get('/api/notifications/unread-count')).body).toEqual({
    count: 2, // the new follower, and the grouped votes
  });
});

it("answers friends' reviews: the following feed and a business's reviews by people I follow", async () => {
  const [reader, friend, stranger] = [
    await register('Reader'),
    await register('Friend Writer'),
    await register('Stranger Writer'),
  ];
  await follow(reader.client, friend.username);
  const groupId = (
    await written(() =>
      friend.client.post('/api/groups', {
        name: `Friends ${seq}`,
        description: 'Reviews by friends and strangers.',
      }),
    )
  ).id as number;
  await written(() => stranger.client.post('/api/groups/join', { groupId }));
  await written(() => reader.client.post('/api/groups/join', { groupId }));
  const businessId = (
    await written(() =>
      friend.client.post('/api/businesses', {
        name: `Friendly Deli ${seq}`,
        category: 'Restaurants',
      }),
    )
  ).id as number;
  const reviewBy = async (writer: typeof friend, rating: number) =>
    (
      await written(() =>
        writer.client.post('/api/reviews', {
          businessId,
          rating,
          content: `A review worth reading, rated ${rating}.`,
          groupIds: [groupId],
        }),
      )
    ).id as number;
  const friends = await reviewBy(friend, 5);
  await reviewBy(stranger, 2);

  const ids = (res: { body: { id: number }[] }) => res.body.map((r) => r.id);
  const friendsOnly = await eventually(
    () => reader.client.get(`/api/businesses/${businessId}/reviews?following=true&limit=2`),
    (res) => res.status === 200 && res.body.length === 1,
  );
  expect(ids(friendsOnly)).toEqual([friends]);
  expect(ids(await reader.client.get('/api/reviews/feed?scope=following'))).toEqual([friends]);
  // Everyone's list is unchanged; a visitor has no friends to filter by.
  expect((await reader.client.get(`/api/businesses/${businessId}/reviews`)).body).toHaveLength(2);
  const visitor = stack.client();
  expect((await visitor.get(`/api/businesses/${businessId}/reviews?following=true`)).status).toBe(
    401,
  );
  expect((await reader.client.get('/api/reviews/feed?scope=friends')).status).toBe(400);

  // People to follow: active members of my groups I do not follow yet (not me, not my friend).
  const suggested = await eventually(
    () => reader.client.get('/api/reviews/people-to-follow'),
    (res) => res.status === 200 && res.body.length > 0,
  );
  expect(suggested.body).toEqual([
    {
      id: stranger.id,
      username: stranger.username,
      name: 'Stranger Writer',
      avatar: null,
      isVerified: false,
      reviewCount: 1,
    },
  ]);
  expect((await reader.client.get('/api/reviews/people-to-follow?limit=50')).status).toBe(400);
  expect((await visitor.get('/api/reviews/people-to-follow')).status).toBe(401);

  // A profile's reviews: the published ones of that member, by username in any letter case.
  const profile = await reader.client.get(`/api/users/${friend.username.toUpperCase()}/reviews`);
  expect([profile.status, ids(profile)]).toEqual([200, [friends]]);
  expect((await visitor.get(`/api/users/${stranger.username}/reviews?sort=highest`)).status).toBe(
    200,
  );
  const nobody = await visitor.get('/api/users/nobody_at_all_here/reviews');
  expect([nobody.status, nobody.body]).toEqual([404, { message: 'User not found' }]);

  // A profile's header and figures.
  const header = await visitor.get(`/api/users/${friend.username}`);
  expect(header.body).toEqual({
    id: friend.id,
    username: friend.username,
    name: 'Friend Writer',
    avatar: null,
    isVerified: false,
    joinedAt: expect.any(String),
  });
  expect(Object.keys(header.body)).not.toContain('email');
  expect((await visitor.get(`/api/users/${friend.username}/review-stats`)).body).toEqual({
    reviewCount: 1,
    helpfulVotes: 0,
  });
  for (const path of ['', '/review-stats']) {
    const res = await visitor.get(`/api/users/nobody_at_all_here${path}`);
    expect([res.status, res.body]).toEqual([404, { message: 'User not found' }]);
  }

  // A profile's groups.
  const groups = await visitor.get(`/api/users/${stranger.username}/groups`);
  expect([groups.status, groups.body.map((g: { id: number }) => g.id)]).toEqual([200, [groupId]]);
  expect((await visitor.get('/api/users/nobody_at_all_here/groups')).status).toBe(404);

  // Unfollowed: gone from both.
  await reader.client.request('DELETE', `/api/users/${friend.username}/follow`);
  const after = await eventually(
    () => reader.client.get('/api/reviews/feed?scope=following'),
    (res) => res.body.length === 0,
  );
  expect(after.body).toEqual([]);
  expect(
    (await reader.client.get(`/api/businesses/${businessId}/reviews?following=true`)).body,
  ).toEqual([]);
});
