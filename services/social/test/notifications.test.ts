import { randomUUID } from 'node:crypto';
import { buildEnvelope, eventNaming } from '@trustcircle/service-kit';
import { reviewEvent, TEST_NATS_URL } from '@trustcircle/testing';
import { connect } from 'nats';
import { startSocialWorld, type Member, type SocialWorld } from './support';

let world: SocialWorld;

beforeAll(async () => {
  world = await startSocialWorld();
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

const follow = (m: Member, other: Member) => m.client.post(`/api/users/${other.username}/follow`);
const until = <T>(probe: () => Promise<T>, what: string) => world.until(probe, what);

/** Waits until the member's list has `count` notifications, and answers it. */
async function listOf(member: Member, count: number, query = '') {
  await until(async () => (await world.notifications(member, query)).length >= count, `${count}`);
  return world.notifications(member, query);
}

describe('new follower', () => {
  it('tells the followee who followed, once while unread however often they re-follow', async () => {
    const [ann, bob] = [await world.register('Ann Follower'), await world.register('Bob')];
    await follow(ann, bob);
    await ann.client.request('DELETE', `/api/users/${bob.username}/follow`);
    await follow(ann, bob);
    const [n] = await listOf(bob, 1);
    expect(n).toEqual({
      id: expect.any(Number),
      kind: 'new_follower',
      payload: {},
      actor: {
        id: ann.id,
        username: ann.username,
        name: 'Ann Follower',
        avatar: null,
        isVerified: false,
      },
      business: null,
      readAt: null,
      createdAt: expect.any(String),
    });
    expect(await world.notifications(bob)).toHaveLength(1);
    expect(await world.notifications(ann)).toHaveLength(0);
  });
});

describe('someone you follow wrote a review', () => {
  it("reaches the author's followers, not others, and not for a held review", async () => {
    const author = await world.register('Writer');
    const [fan1, fan2, stranger] = [
      await world.register(),
      await world.register(),
      await world.register(),
    ];
    await follow(fan1, author);
    await follow(fan2, author);
    await world.emit('catalog.business.created', {
      id: 31,
      name: 'Corner Bakery',
      category: 'Restaurants',
      image: null,
      version: 1,
    });
    const reviewId = await world.review(author.id, { businessId: 31, rating: 5 });
    for (const fan of [fan1, fan2]) {
      const [n] = await listOf(fan, 1);
      expect(n).toMatchObject({
        kind: 'following_review',
        payload: { reviewId, businessId: 31, rating: 5 },
        actor: { id: author.id, name: 'Writer' },
        business: { id: 31, name: 'Corner Bakery' },
      });
    }
    // A held review, and later versions of the first: no news.
    await world.review(author.id, { hidden: true });
    await world.emit(
      'reviews.review.updated',
      reviewEvent({ id: reviewId, businessId: 31, userId: author.id, rating: 3, version: 2 }),
    );
    await until(
      async () => (await world.admin('reviews').where({ id: reviewId }).first())?.version === 2,
      'update applied',
    );
    expect(await world.notifications(fan1)).toHaveLength(1);
    expect(await world.notifications(stranger)).toHaveLength(0);
    expect(await world.notifications(author)).toHaveLength(2); // two new followers
  });
});

describe('a redelivered event', () => {
  it('is applied once: the same review announced twice notifies each follower once', async () => {
    const author = await world.register();
    const fan = await world.register();
    await follow(fan, author);
    await world.until(
      async () =>
        (await world.admin('follows').where({ follower_id: fan.id }).first()) !== undefined,
      'the follow',
    );
    const id = world.nextReviewId();
    const envelope = buildEnvelope(
      'reviews.review.created',
      reviewEvent({ id, userId: author.id, rating: 3 }),
    );
    // Two stream messages (distinct Nats-Msg-Id) carrying one event: a producer's retry.
    const nc = await connect({ servers: TEST_NATS_URL });
    try {
      const js = nc.jetstream();
      const subject = eventNaming(world.stack.eventsPrefix).wireSubject('reviews.review.created');
      for (let i = 0; i < 2; i += 1) {
        await js.publish(subject, JSON.stringify(envelope), { msgID: randomUUID() });
      }
    } finally {
      await nc.close();
    }
    await until(
      async () =>
        (await world.admin('inbox').where({ event_id: envelope.id }).first()) !== undefined,
      'the event applied',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const reviews = (await world.notifications(fan)).filter((n) => n.kind === 'following_review');
    expect(reviews.map((n) => n.payload.reviewId)).toEqual([id]);
  });
});

describe('your review found helpful', () => {
  it('groups per review while unread, counts each person once, starts again once read', async () => {
    const author = await world.register();
    const reviewId = await world.review(author.id, { businessId: 44 });
    const vote = (voterId: number, voted: boolean, version: number) =>
      world.emit('reviews.vote.changed', {
        reviewId,
        businessId: 44,
        helpfulCount: 1,
        version,
        voterId,
        voted,
      });
    const helpful = async () =>
      (await world.notifications(author)).filter((n) => n.kind === 'review_helpful');

    let version = 1;
    for (const voter of [9001, 9002, 9003]) await vote(voter, true, (version += 1));
    // 9001 takes the vote back and gives it again; the author votes on their own review (bad
    // event, but harmless): neither counts.
    await vote(9001, false, (version += 1));
    await vote(9001, true, (version += 1));
    await vote(author.id, true, (version += 1));
    await until(async () => (await helpful())[0]?.payload.count === 3, 'three people');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const grouped = await helpful();
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatchObject({
      kind: 'review_helpful',
      payload: { reviewId, businessId: 44, count: 3 },
      actor: null,
      readAt: null,
    });
    expect((await author.client.get('/api/notifications/unread-count')).body).toEqual({ count: 1 });

    // Read: the next person starts a new notification.
    await author.client.post(`/api/notifications/${grouped[0].id}/read`);
    await vote(9004, true, version + 1);
    await until(async () => (await helpful()).length === 2, 'a second notification');
    const [fresh, old] = await helpful();
    expect(fresh.payload.count).toBe(1);
    expect(fresh.id).toBeGreaterThan(old.id);
    expect(old.readAt).not.toBeNull();
  });

  it('keeps unread counts exact under 50 parallel votes', async () => {
    const author = await world.register();
    const reviewIds = [await world.review(author.id), await world.review(author.id)];
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        world.emit('reviews.vote.changed', {
          reviewId: reviewIds[i % 2]!,
          businessId: 7,
          helpfulCount: i,
          version: i + 2,
          voterId: 20_000 + i,
          voted: true,
        }),
      ),
    );
    await until(async () => {
      const list = await world.notifications(author);
      return list.reduce((sum, n) => sum + n.payload.count, 0) === 50;
    }, 'fifty votes counted');
    const list = await world.notifications(author);
    expect(list.map((n) => n.payload.count).sort()).toEqual([25, 25]);
    expect((await author.client.get('/api/notifications/unread-count')).body).toEqual({ count: 2 });
  });
});

describe('the list, reading and preferences', () => {
  it('pages newest first, filters unread, marks one or all read', async () => {
    const star = await world.register();
    const fans = [];
    for (let i = 0; i < 4; i += 1) {
      const fan = await world.register();
      await follow(fan, star);
      fans.push(fan);
    }
    const all = await listOf(star, 4);
    expect(all.map((n) => n.actor.id)).toEqual(fans.map((f) => f.id).reverse());

    const page = await star.client.get('/api/notifications?limit=3');
    expect(page.body).toHaveLength(3);
    const rest = await star.client.get(
      `/api/notifications?limit=3&cursor=${page.headers.get('x-next-cursor')}`,
    );
    expect(rest.body.map((n: any) => n.id)).toEqual([all[3].id]);
    expect(rest.headers.get('x-next-cursor')).toBeNull();
    expect((await star.client.get('/api/notifications?cursor=nonsense')).status).toBe(400);
    expect((await star.client.get('/api/notifications?unread=maybe')).status).toBe(400);

    const read = await star.client.post(`/api/notifications/${all[1].id}/read`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: all[1].id, readAt: expect.any(String) });
    expect((await star.client.post(`/api/notifications/${all[1].id}/read`)).body.readAt).toBe(
      read.body.readAt,
    );
    expect((await star.client.get('/api/notifications/unread-count')).body).toEqual({ count: 3 });
    const unread = await world.notifications(star, '?unread=true');
    expect(unread.map((n) => n.id)).toEqual([all[0].id, all[2].id, all[3].id]);

    // Someone else's notification, or none at all: not found.
    for (const path of [`/api/notifications/${all[0].id}/read`, '/api/notifications/999999/read']) {
      const res = await fans[0]!.client.post(path);
      expect([res.status, res.body]).toEqual([404, { message: 'Notification not found' }]);
    }
    expect((await star.client.post('/api/notifications/abc/read')).status).toBe(404);

    expect((await star.client.post('/api/notifications/read-all')).body).toEqual({ marked: 3 });
    expect((await star.client.get('/api/notifications/unread-count')).body).toEqual({ count: 0 });
    expect((await star.client.post('/api/notifications/read-all')).body).toEqual({ marked: 0 });
  });

  it('does not write a kind switched off, and validates preferences', async () => {
    const [ann, bob, cat] = [
      await world.register(),
      await world.register(),
      await world.register(),
    ];
    expect((await bob.client.get('/api/notifications/preferences')).body).toEqual({
      new_follower: true,
      following_review: true,
      review_helpful: true,
      owner_reply: true,
      review_moderated: true,
    });
    const put = await bob.client.request('PUT', '/api/notifications/preferences', {
      body: { new_follower: false },
    });
    expect([put.status, put.body]).toEqual([
      200,
      {
        new_follower: false,
        following_review: true,
        review_helpful: true,
        owner_reply: true,
        review_moderated: true,
      },
    ]);
    await follow(ann, bob);
    // Bob still hears of other kinds: a review by someone he follows arrives, the follow did not.
    await follow(bob, cat);
    await world.review(cat.id);
    const list = await listOf(bob, 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(list.map((n) => n.kind)).toEqual(['following_review']);

    for (const body of [{ new_follower: 'no' }, { sms: true }, []]) {
      const res = await bob.client.request('PUT', '/api/notifications/preferences', { body });
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const visitor = world.stack.client();
    for (const path of ['', '/unread-count', '/preferences', '/stream']) {
      expect((await visitor.get(`/api/notifications${path}`)).status).toBe(401);
    }
  });
});

describe('a member who leaves', () => {
  it('takes their follows, their notifications and those about them along', async () => {
    const [leaver, friend, fan] = [
      await world.register('Leaving Soon'),
      await world.register(),
      await world.register(),
    ];
    await follow(leaver, friend);
    await follow(fan, leaver);
    await follow(friend, leaver);
    await world.review(leaver.id);
    await listOf(leaver, 2);
    await listOf(friend, 2);

    const res = await leaver.client.request('DELETE', '/api/user', {
      body: { password: 'correct horse battery', reviews: 'keep' },
    });
    expect(res.status).toBe(200);
    await until(
      async () => (await world.admin('users').where({ id: leaver.id }).first())?.deleted_at,
      'tombstone',
    );
    const rows = async (table: string, where: (q: any) => any) =>
      (await where(world.admin(table))).length;
    expect(
      await rows('follows', (q) =>
        q.where('follower_id', leaver.id).orWhere('followee_id', leaver.id),
      ),
    ).toBe(0);
    expect(
      await rows('notifications', (q) =>
        q.where('user_id', leaver.id).orWhere('actor_id', leaver.id),
      ),
    ).toBe(0);
    expect(await rows('reviews', (q) => q.where('user_id', leaver.id))).toBe(0);
    expect(await world.notifications(friend)).toHaveLength(0);
    expect((await fan.client.get(`/api/users/${leaver.username}/follow`)).status).toBe(404);
    expect((await fan.client.get(`/api/users/${fan.username}/follow`)).body.followingCount).toBe(0);
    // A late, older user event does not bring them back.
    await world.emit('identity.user.updated', {
      id: leaver.id,
      username: leaver.username,
      name: 'Back?',
      avatar: null,
      isVerified: false,
      createdAt: new Date().toISOString(),
      version: 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await world.admin('users').where({ id: leaver.id }).first()).name).toBe('');
  });
});
