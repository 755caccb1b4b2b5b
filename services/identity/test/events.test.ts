import { parseEventEnvelope, type EventEnvelope } from '@trustcircle/contracts';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { eventNaming } from '@trustcircle/service-kit';
import { eventually, startStack, TEST_NATS_URL, type TestStack } from '@trustcircle/testing';
import { connect, type NatsConnection } from 'nats';

let stack: TestStack;
let nc: NatsConnection;

beforeAll(async () => {
  stack = await startStack({ gateway: gatewayService, services: [identityService] });
  nc = await connect({ servers: TEST_NATS_URL });
});

afterAll(async () => {
  await nc?.close();
  await stack?.stop();
});

/** Every event identity has put on its stream so far, in stream order. */
async function identityEvents(expected: number): Promise<EventEnvelope[]> {
  const prefix = stack.running.get('identity')!.ctx.config.EVENTS_PREFIX;
  const stream = eventNaming(prefix).streamName('identity');
  const jsm = await nc.jetstreamManager();
  await eventually(
    () => jsm.streams.info(stream).catch(() => null),
    (info) => Boolean(info && info.state.messages >= expected),
  );
  const ordered = await nc.jetstream().consumers.get(stream);
  const events: EventEnvelope[] = [];
  const batch = await ordered.fetch({ max_messages: 100, expires: 1000 });
  for await (const msg of batch) {
    const parsed = parseEventEnvelope(msg.json());
    if (!parsed.ok) throw new Error(parsed.reason);
    events.push(parsed.envelope);
    if (msg.info.pending === 0) break;
  }
  return events;
}

it('publishes registered and updated user events with the state other services project', async () => {
  const client = stack.client();
  const form = {
    username: `ev_${Date.now().toString(36)}`,
    email: `ev_${Date.now().toString(36)}@example.com`,
    name: 'Event Person',
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
  };
  const registered = await client.post('/api/register', form);
  expect(registered.status).toBe(201);
  // A conflicting sign-up rolls back: no event for it.
  expect((await stack.client().post('/api/register', form)).status).toBe(409);
  expect((await client.patch('/api/user', { name: 'Renamed Person' })).status).toBe(200);
  expect((await client.post('/api/user/verify', { token: 'CLR-ABC123' })).status).toBe(200);

  const events = await identityEvents(3);
  expect(events.map((event) => event.type)).toEqual([
    'identity.user.registered',
    'identity.user.updated',
    'identity.user.updated',
  ]);
  const id = registered.body.id;
  expect(events.map((event) => event.data)).toEqual([
    expect.objectContaining({ id, name: 'Event Person', isVerified: false, version: 1 }),
    expect.objectContaining({ id, name: 'Renamed Person', isVerified: false, version: 2 }),
    expect.objectContaining({
      id,
      name: 'Renamed Person',
      isVerified: true,
      verifiedAt: expect.any(String),
      version: 3,
    }),
  ]);
  expect(events[0]!.data).not.toHaveProperty('email');
  expect(events[0]).toMatchObject({ producer: 'identity', version: 1 });
});
