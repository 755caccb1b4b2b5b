import { setTimeout as sleep } from 'node:timers/promises';
import { openStream, type OpenStream } from './sse-client';
import { startSocialWorld, type SocialWorld } from './support';

let world: SocialWorld;
const open: OpenStream[] = [];
// What every relay of social takes before a round (outbox-store.ts).
const RELAY_LOCK = `hashtext('trustcircle.outbox.social')`;

beforeAll(async () => {
  // No heartbeat within the test: its re-read would deliver without either path under test.
  world = await startSocialWorld({ social: { SSE_HEARTBEAT_MS: '60000' } });
}, 60_000);

afterAll(async () => {
  for (const stream of open.splice(0)) await stream.close();
  await world?.stop();
});

const track = (stream: OpenStream) => {
  open.push(stream);
  return stream;
};

describe('a notification written on a replica', () => {
  it('reaches the streams open there at commit, and the other replicas through NATS', async () => {
    const [star, fan] = [await world.register(), await world.register()];
    const here = track(await world.stream(star));
    const replica = await world.stack.startReplica('social');
    const there = track(
      await openStream(`${replica.url}/api/notifications/stream`, {
        bearer: world.stack.tokenFor(star.id),
      }),
    );
    expect([here.status, there.status]).toEqual([200, 200]);

    // Holding the relay's lock makes every relay of social skip its rounds, as if another
    // replica were relaying: nothing written meanwhile reaches NATS until it is let go.
    const holder = await world.admin.client.acquireConnection();
    try {
      await world.admin.raw(`select pg_advisory_lock(${RELAY_LOCK})`).connection(holder);
      const sent = Date.now();
      expect((await fan.client.post(`/api/users/${star.username}/follow`)).status).toBe(200);
      const [event] = await here.waitForEvents(1, 1000);
      expect(event!.data).toMatchObject({ kind: 'new_follower' });
      expect(here.receivedAt[0]! - sent).toBeLessThan(1000);
      await sleep(500);
      expect(there.events).toHaveLength(0);
    } finally {
      await world.admin.raw(`select pg_advisory_unlock(${RELAY_LOCK})`).connection(holder);
      await world.admin.client.releaseConnection(holder);
    }
    const [relayed] = await there.waitForEvents(1, 3000);
    expect(relayed!.id).toBe(here.events[0]!.id);
    // The announcement through NATS reached this replica too: nothing is sent twice.
    await sleep(500);
    expect(here.events).toHaveLength(1);
  });
});
