import { setTimeout as sleep } from 'node:timers/promises';
import { openStream, type OpenStream } from './sse-client';
import { startSocialWorld, type Member, type SocialWorld } from './support';

let world: SocialWorld;
const open: OpenStream[] = [];

beforeAll(async () => {
  // The gateway's idle timeout for ordinary requests is shorter than the heartbeat: the stream
  // must outlive it.
  world = await startSocialWorld({
    gateway: { UPSTREAM_TIMEOUT_MS: '700' },
    social: { SSE_HEARTBEAT_MS: '1500' },
  });
}, 60_000);

afterEach(async () => {
  for (const stream of open.splice(0)) await stream.close();
});

afterAll(async () => {
  await world?.stop();
});

const track = (stream: OpenStream) => {
  open.push(stream);
  return stream;
};
const follow = (m: Member, other: Member) => m.client.post(`/api/users/${other.username}/follow`);

describe('the notification stream through the gateway', () => {
  it('is an unbuffered event stream that pushes what another request wrote, within a second', async () => {
    const [star, fan, late] = [
      await world.register(),
      await world.register('Fan Fast'),
      await world.register(),
    ];
    const stream = track(await world.stream(star));
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('cache-control')).toMatch(/no-transform/);

    const sent = Date.now();
    expect((await follow(fan, star)).status).toBe(200);
    const [event] = await stream.waitForEvents(1, 1000);
    expect(stream.receivedAt[0]! - sent).toBeLessThan(1000);
    expect(event).toEqual({
      id: String(event!.data.id),
      event: 'notification',
      data: expect.objectContaining({
        kind: 'new_follower',
        actor: expect.objectContaining({ id: fan.id, name: 'Fan Fast' }),
      }),
    });
    // Heartbeat comments keep it alive through other proxies.
    expect(await stream.waitForComment(3000)).toContain('heartbeat');
    // Idle past the gateway's UPSTREAM_TIMEOUT_MS, the stream is still open and live.
    await sleep(1200);
    expect(stream.ended).toBe(false);
    await follow(late, star);
    expect((await stream.waitForEvents(2, 1000))[1]!.data.actor.id).toBe(late.id);
  });

  it('resumes after Last-Event-ID: what was missed first, each exactly once, then live', async () => {
    const star = await world.register();
    const fans = [];
    for (let i = 0; i < 5; i += 1) fans.push(await world.register());
    const first = track(await world.stream(star));
    await follow(fans[0]!, star);
    await follow(fans[1]!, star);
    const seen = await first.waitForEvents(2);
    const lastId = seen[1]!.id!;
    await first.close();

    // While away: two more.
    await follow(fans[2]!, star);
    await follow(fans[3]!, star);
    await world.until(
      async () => (await world.notifications(star)).length === 4,
      'two written while away',
    );

    const again = track(await world.stream(star, Number(lastId)));
    const missed = await again.waitForEvents(2);
    expect(missed.map((e) => e.data.actor.id)).toEqual([fans[2]!.id, fans[3]!.id]);
    await follow(fans[4]!, star);
    await again.waitForEvents(3);
    await sleep(1700); // a heartbeat re-reads: still nothing twice
    const ids = again.events.map((e) => Number(e.id));
    expect(again.events.map((e) => e.data.actor.id)).toEqual([
      fans[2]!.id,
      fans[3]!.id,
      fans[4]!.id,
    ]);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThan(Number(lastId));

    // A fresh connection (no Last-Event-ID) starts after the newest: the list shows the past.
    const fresh = track(await world.stream(star));
    await sleep(700);
    expect(fresh.events).toEqual([]);
  });

  it("brings a followed author's new review to the follower's open stream within a second", async () => {
    const [author, fan] = [await world.register(), await world.register()];
    expect((await follow(fan, author)).status).toBe(200);
    const stream = track(await world.stream(fan));
    const sent = Date.now();
    // Published as reviews would: its outbox, the relay, JetStream, social's consumer.
    const reviewId = await world.review(author.id);
    const [event] = await stream.waitForEvents(1, 1000);
    expect(stream.receivedAt[0]! - sent).toBeLessThan(1000);
    expect(event!.data).toMatchObject({
      kind: 'following_review',
      actor: expect.objectContaining({ id: author.id }),
      payload: expect.objectContaining({ reviewId }),
    });
  });

  it('a grouped notification that grows comes again with a new, higher id', async () => {
    const author = await world.register();
    const reviewId = await world.review(author.id);
    const stream = track(await world.stream(author));
    for (const [i, voterId] of [7001, 7002].entries()) {
      await world.emit('reviews.vote.changed', {
        reviewId,
        businessId: 7,
        helpfulCount: i + 1,
        version: i + 2,
        voterId,
        voted: true,
      });
      await stream.waitForEvents(i + 1);
    }
    const [one, two] = stream.events;
    expect([one!.data.payload.count, two!.data.payload.count]).toEqual([1, 2]);
    expect(Number(two!.id)).toBeGreaterThan(Number(one!.id));
  });

  it('delivers from any replica: a stream on a second replica hears a write on the first', async () => {
    const replica = await world.stack.startReplica('social');
    const [star, fan] = [await world.register(), await world.register()];
    // Straight to the replica with the token the gateway would attach; the follow goes to the
    // first replica through the gateway.
    const stream = track(
      await openStream(`${replica.url}/api/notifications/stream`, {
        bearer: world.stack.tokenFor(star.id),
      }),
    );
    expect(stream.status).toBe(200);
    await follow(fan, star);
    const [event] = await stream.waitForEvents(1, 2000);
    expect(event!.data.actor.id).toBe(fan.id);
  });

  it('ends when its session ends, and the reconnect is refused', async () => {
    const star = await world.register();
    const stream = track(await world.stream(star));
    const cookie = [...star.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect(stream.status).toBe(200);
    expect((await star.client.post('/api/logout', {})).status).toBe(200);
    await world.until(async () => stream.ended, 'the stream to end');
    const again = track(
      await openStream(new URL('/api/notifications/stream', world.stack.gatewayUrl).href, {
        cookie,
      }),
    );
    expect(again.status).toBe(401);
  });

  it('frees the connection on both sides when the browser goes away', async () => {
    const star = await world.register();
    const streams = async () => {
      const res = await fetch(`${world.stack.urlOf('social')}/metrics`);
      const text = await res.text();
      const line = text.split('\n').find((l) => /^social_sse_streams[{ ]/.test(l));
      return Number(line?.split(' ').at(-1));
    };
    const before = await streams();
    const stream = await world.stream(star);
    await world.until(async () => (await streams()) === before + 1, 'stream counted');
    await stream.close();
    await world.until(async () => (await streams()) === before, 'stream released');
  });
});
