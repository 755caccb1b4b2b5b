import { createHash, randomBytes } from 'node:crypto';
import type { EventPayload, EventSubject } from '@trustcircle/contracts';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { reviewsService } from '@trustcircle/reviews';
import { createDb, type Knex, type ServiceDefinition } from '@trustcircle/service-kit';
import {
  eventually,
  startStack,
  startStandInProducer,
  type TestClient,
  type TestStack,
} from '@trustcircle/testing';

/**
 * The reviews service behind the real gateway, with identity, on real Postgres and NATS.
 * Communities and catalog events are published by a stand-in producer through its own outbox
 * (the same relay and wire format), unless the real services are passed in.
 */
export interface ReviewsWorld {
  stack: TestStack;
  admin: Knex;
  /** Publishes an event as its producer would (outbox → relay → JetStream). */
  emit<S extends EventSubject>(subject: S, data: EventPayload<S>): Promise<void>;
  business(name?: string, category?: string): Promise<number>;
  group(name?: string): Promise<number>;
  join(userId: number, groupId: number): Promise<void>;
  leave(userId: number, groupId: number): Promise<void>;
  /** A signed-in client through the gateway (registered with identity). */
  register(username?: string): Promise<{ client: TestClient; id: number }>;
  /** A registered user who is the one projected member of a new group. */
  member(): Promise<{ client: TestClient; id: number; groupId: number }>;
  /** A gateway session for a user id without registering (cheap; for load and concurrency). */
  sessionFor(userId: number): Promise<TestClient>;
  /** Polls until `probe` answers truthy (projections are a few ms behind). */
  until<T>(probe: () => Promise<T>, what: string, timeoutMs?: number): Promise<T>;
  stop(): Promise<void>;
}

let counter = 0;
const unique = (base: string) => `${base}${++counter}${randomBytes(2).toString('hex')}`;

export async function createReviewsWorld(
  options: {
    extraServices?: ServiceDefinition<any>[];
    reviewsEnv?: Record<string, string>;
    gatewayEnv?: Record<string, string>;
    /** e.g. SMTP_URL of a test mail server, to read the mails identity sends. */
    identityEnv?: Record<string, string>;
  } = {},
): Promise<ReviewsWorld> {
  const stack = await startStack({
    gateway: gatewayService,
    services: [identityService, ...(options.extraServices ?? []), reviewsService],
    env: {
      gateway: {
        REGISTER_LIMIT_PER_IP: '10000',
        LOGIN_LIMIT_PER_IP: '10000',
        ...options.gatewayEnv,
      },
      reviews: { ...options.reviewsEnv },
      identity: { ...options.identityEnv },
    },
  });
  const admin = createDb({ url: stack.db.adminUrl, schema: 'reviews', poolMax: 4 });

  // The stand-in producer: its own schema and outbox, relayed under the run's prefix.
  const producer = await startStandInProducer(stack);

  let nextBusiness = 1000;
  let nextGroup = 5000;
  const until: ReviewsWorld['until'] = async (probe, what, timeoutMs = 5000) => {
    const value = await eventually(probe, Boolean, { timeoutMs, intervalMs: 20 });
    if (!value) throw new Error(`timed out waiting for ${what}`);
    return value;
  };

  const world: ReviewsWorld = {
    stack,
    admin,
    emit: producer.emit,
    async business(name = unique('Business '), category = 'Restaurants') {
      const id = (nextBusiness += 1);
      await world.emit('catalog.business.created', { id, name, category, image: null, version: 1 });
      await until(() => admin('businesses').where({ id }).first(), `business ${id}`);
      return id;
    },
    async group(name = unique('Group ')) {
      const id = (nextGroup += 1);
      await world.emit('communities.group.created', {
        id,
        name,
        color: '#009688',
        icon: 'users',
        creatorId: 1,
        createdAt: new Date().toISOString(),
        version: 1,
      });
      await until(() => admin('groups').where({ id }).first(), `group ${id}`);
      return id;
    },
    async join(userId, groupId) {
      await world.emit('communities.member.joined', {
        groupId,
        userId,
        joinedAt: new Date().toISOString(),
      });
      await until(
        () =>
          admin('memberships').where({ user_id: userId, group_id: groupId, member: true }).first(),
        `membership ${userId}/${groupId}`,
      );
    },
    async leave(userId, groupId) {
      await world.emit('communities.member.left', {
        groupId,
        userId,
        leftAt: new Date().toISOString(),
      });
      await until(
        () =>
          admin('memberships').where({ user_id: userId, group_id: groupId, member: false }).first(),
        `leave ${userId}/${groupId}`,
      );
    },
    async register(username = unique('user')) {
      const client = stack.client();
      const res = await client.post('/api/register', {
        username,
        email: `${username}@example.com`,
        name: `Name ${username}`,
        password: 'correct horse battery',
        confirmPassword: 'correct horse battery',
      });
      if (res.status !== 201) throw new Error(`register ${res.status} ${res.text}`);
      const id = res.body.id as number;
      await until(() => admin('users').where({ id }).first(), `user ${id}`);
      return { client, id };
    },
    async member() {
      const user = await world.register();
      const groupId = await world.group();
      await world.join(user.id, groupId);
      return { ...user, groupId };
    },
    async sessionFor(userId) {
      const id = randomBytes(32).toString('base64url');
      await admin.raw(
        `insert into gateway.sessions (id_hash, user_id, idle_expires_at, absolute_expires_at)
         values (?, ?, now() + interval '1 day', now() + interval '1 day')`,
        [createHash('sha256').update(id).digest('hex'), userId],
      );
      const client = stack.client();
      client.cookies.set('tc_session', id);
      return client;
    },
    until,
    async stop() {
      await producer.stop();
      await admin.destroy();
      await stack.stop();
    },
  };
  return world;
}

/** A valid review body for the business and groups. */
export const reviewBody = (businessId: number, groupIds: number[], extra: object = {}) => ({
  businessId,
  rating: 4,
  content: 'Friendly staff and fair prices, would go again.',
  groupIds,
  photos: [],
  pros: 'Friendly\nCheap',
  cons: 'Busy at noon',
  ...extra,
});

/**
 * A new account that joins `groupId` through the API (with the real communities service),
 * returned once reviews has projected the membership.
 */
export async function joinedMember(world: ReviewsWorld, groupId: number) {
  const joined = await world.register();
  const res = await joined.client.post(`/api/groups/${groupId}/join`);
  if (res.status >= 300) throw new Error(`join ${res.status} ${res.text}`);
  await world.until(
    () => world.admin('memberships').where({ user_id: joined.id, group_id: groupId }).first(),
    'membership',
  );
  return joined;
}
