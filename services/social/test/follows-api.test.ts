import { connect, type NatsConnection } from 'nats';
import { TEST_NATS_URL } from '@trustcircle/testing';
import { startSocialWorld, type Member, type SocialWorld } from './support';

let world: SocialWorld;
let nc: NatsConnection;

beforeAll(async () => {
  world = await startSocialWorld({
    // Follow limits at their real scale, low enough to reach (other limits are not touched).
    gateway: { LIMITS_SCALE: '1', LIMIT_FOLLOWS_PER_ACCOUNT: '12' },
  });
  nc = await connect({ servers: TEST_NATS_URL });
}, 60_000);

afterAll(async () => {
  await nc?.close();
  await world?.stop();
});

const follow = (m: Member, username: string) => m.client.post(`/api/users/${username}/follow`);
const unfollow = (m: Member, username: string) =>
  m.client.request('DELETE', `/api/users/${username}/follow`);

describe('follow and unfollow', () => {
  it('follows idempotently, counts both sides and says whether I follow', async () => {
    const [ann, bob] = [await world.register('Ann'), await world.register('Bob')];
    const first = await follow(ann, bob.username);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      userId: bob.id,
      username: bob.username,
      followerCount: 1,
      followingCount: 0,
      isFollowing: true,
    });
    // Again, and in another letter case: still one follow.
    expect((await follow(ann, bob.username.toUpperCase())).body.followerCount).toBe(1);

    expect((await ann.client.get(`/api/users/${ann.username}/follow`)).body).toMatchObject({
      followerCount: 0,
      followingCount: 1,
      isFollowing: false,
    });
    expect((await bob.client.get(`/api/users/${ann.username}/follow`)).body.isFollowing).toBe(
      false,
    );
    // Signed out: counts, and not following.
    const visitor = world.stack.client();
    expect((await visitor.get(`/api/users/${bob.username}/follow`)).body).toMatchObject({
      followerCount: 1,
      isFollowing: false,
    });

    const gone = await unfollow(ann, bob.username);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ followerCount: 0, isFollowing: false });
    expect((await unfollow(ann, bob.username)).body.followerCount).toBe(0);
  });

  it('publishes social.follow.created and .removed for changes only', async () => {
    const [ann, bob] = [await world.register(), await world.register()];
    const seen: { type: string; data: any }[] = [];
    const sub = nc.subscribe(`${world.stack.eventsPrefix}.social.follow.>`, {
      callback: (_err, msg) => seen.push(msg.json()),
    });
    await nc.flush();
    await follow(ann, bob.username);
    await follow(ann, bob.username);
    await unfollow(ann, bob.username);
    await unfollow(ann, bob.username);
    await world.until(async () => seen.length >= 2, 'follow events');
    await new Promise((resolve) => setTimeout(resolve, 300));
    sub.unsubscribe();
    expect(seen.map((e) => e.type)).toEqual(['social.follow.created', 'social.follow.removed']);
    expect(seen[0]!.data).toMatchObject({ followerId: ann.id, followeeId: bob.id });
    expect(seen[1]!.data).toMatchObject({ followerId: ann.id, followeeId: bob.id });
  });

  it('refuses yourself (400), strangers (404) and visitors (401)', async () => {
    const ann = await world.register();
    const self = await follow(ann, ann.username);
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ message: 'You cannot follow yourself' });

    for (const name of ['nobody_here_at_all', 'bad%20name', 'x'.repeat(40)]) {
      const res = await follow(ann, name);
      expect([res.status, res.body]).toEqual([404, { message: 'User not found' }]);
    }
    expect((await ann.client.get('/api/users/nobody_here_at_all/followers')).status).toBe(404);
    expect((await ann.client.get('/api/users/nobody_here_at_all/follow')).status).toBe(404);

    const visitor = { ...ann, client: world.stack.client() };
    expect((await follow(visitor, ann.username)).status).toBe(401);
    expect((await unfollow(visitor, ann.username)).status).toBe(401);
  });
});

describe('followers and following lists', () => {
  it('pages newest first with X-Next-Cursor and refuses a foreign cursor', async () => {
    const star = await world.register('Star');
    const fans: Member[] = [];
    for (let i = 0; i < 5; i += 1) {
      const fan = await world.register(`Fan ${i}`);
      expect((await follow(fan, star.username)).status).toBe(200);
      fans.push(fan);
    }
    const first = await star.client.get(`/api/users/${star.username}/followers?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.map((p: any) => p.id)).toEqual([fans[4]!.id, fans[3]!.id]);
    expect(first.body[0]).toEqual({
      id: fans[4]!.id,
      username: fans[4]!.username,
      name: 'Fan 4',
      avatar: null,
      isVerified: false,
    });
    const cursor = first.headers.get('x-next-cursor')!;
    expect(cursor).toBeTruthy();
    const second = await star.client.get(
      `/api/users/${star.username}/followers?limit=2&cursor=${cursor}`,
    );
    expect(second.body.map((p: any) => p.id)).toEqual([fans[2]!.id, fans[1]!.id]);
    const third = await star.client.get(
      `/api/users/${star.username}/followers?limit=2&cursor=${second.headers.get('x-next-cursor')}`,
    );
    expect(third.body.map((p: any) => p.id)).toEqual([fans[0]!.id]);
    expect(third.headers.get('x-next-cursor')).toBeNull();

    const following = await star.client.get(`/api/users/${fans[0]!.username}/following`);
    expect(following.body.map((p: any) => p.id)).toEqual([star.id]);

    // A followers cursor is not a following cursor; bad limits are 400s.
    const foreign = await star.client.get(`/api/users/${star.username}/following?cursor=${cursor}`);
    expect([foreign.status, foreign.body.issues?.[0]?.path]).toEqual([400, 'cursor']);
    expect((await star.client.get(`/api/users/${star.username}/followers?limit=0`)).status).toBe(
      400,
    );
  });
});

describe('the follow limit', () => {
  it('answers 429 with Retry-After once an account has followed and unfollowed too often', async () => {
    const ann = await world.register();
    const bob = await world.register();
    const statuses: number[] = [];
    for (let i = 0; i < 14; i += 1) {
      const res = i % 2 === 0 ? await follow(ann, bob.username) : await unfollow(ann, bob.username);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.message).toMatch(/^You are following and unfollowing people faster/);
        expect(res.headers.get('retry-after')).toBeTruthy();
      }
    }
    expect(statuses.slice(0, 12).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(12)).toEqual([429, 429]);
  });
});
