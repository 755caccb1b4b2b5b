import { randomBytes } from 'node:crypto';
import type { EventPayload } from '@trustcircle/contracts';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { createDb } from '@trustcircle/service-kit';
import {
  eventually,
  reviewEvent,
  startStack,
  startStandInProducer,
  type TestClient,
} from '@trustcircle/testing';
import { socialService } from '../src/service';
import { cookieOf, openStream } from './sse-client';

export interface Member {
  client: TestClient;
  id: number;
  username: string;
}

/**
 * Social behind the real gateway, with identity (users and their deletion are real events), on
 * real Postgres and NATS. Reviews' events come from a stand-in producer with its own outbox (the
 * same relay and wire format); test/social.test.ts runs the real reviews service.
 */
export async function startSocialWorld(env: Record<string, Record<string, string>> = {}) {
  const stack = await startStack({
    gateway: gatewayService,
    services: [identityService, socialService],
    env: {
      ...env,
      gateway: {
        REGISTER_LIMIT_PER_IP: '10000',
        LOGIN_LIMIT_PER_IP: '10000',
        ...env.gateway,
      },
      social: { SSE_HEARTBEAT_MS: '500', ...env.social },
    },
  });
  const admin = createDb({ url: stack.db.adminUrl, schema: 'social', poolMax: 4 });

  const producer = await startStandInProducer(stack);

  const until = async <T>(probe: () => Promise<T>, what: string, timeoutMs = 10_000) => {
    const value = await eventually(probe, Boolean, { timeoutMs, intervalMs: 20 });
    if (!value) throw new Error(`timed out waiting for ${what}`);
    return value;
  };

  let registered = 0;
  let nextReview = 100;
  const world = {
    stack,
    admin,
    until,
    nextReviewId: () => (nextReview += 1),
    /** Publishes an event as its producer would (outbox → relay → JetStream). */
    emit: producer.emit,
    /** Registers through the gateway and waits until social has the user. */
    async register(name = 'Social Tester'): Promise<Member> {
      const client = stack.client();
      // A sign-up slower than a test's short UPSTREAM_TIMEOUT_MS answers 503 (and may still
      // have happened): try again under another name.
      let username = '';
      let res: Awaited<ReturnType<TestClient['post']>> | null = null;
      for (let attempt = 0; attempt < 5 && (!res || res.status === 503); attempt += 1) {
        registered += 1;
        username = `so_${randomBytes(4).toString('hex')}_${registered}`;
        res = await client.post('/api/register', {
          username,
          email: `${username}@example.com`,
          name,
          password: 'correct horse battery',
          confirmPassword: 'correct horse battery',
        });
      }
      if (res?.status !== 201) throw new Error(`register failed: ${res?.status} ${res?.text}`);
      const id = res.body.id as number;
      await until(() => admin('users').where({ id }).first(), `user ${id} in social`);
      return { client, id, username };
    },
    /** A review by `authorId` as reviews publishes it. */
    async review(
      authorId: number,
      overrides: Partial<EventPayload<'reviews.review.created'>> = {},
    ) {
      const id = world.nextReviewId();
      await world.emit(
        'reviews.review.created',
        reviewEvent({ id, userId: authorId, ...overrides }),
      );
      await until(() => admin('reviews').where({ id }).first(), `review ${id} in social`);
      return id;
    },
    /** The member's stream through the gateway (their session cookie). */
    stream(member: Member, lastEventId?: number) {
      return openStream(new URL('/api/notifications/stream', stack.gatewayUrl).href, {
        cookie: cookieOf(member.client),
        lastEventId,
      });
    },
    /** What the member's notification list holds now. */
    async notifications(member: Member, query = '') {
      const res = await member.client.get(`/api/notifications${query}`);
      if (res.status !== 200) throw new Error(`list ${res.status} ${res.text}`);
      return res.body as any[];
    },
    async stop() {
      await producer.stop();
      await admin.destroy();
      await stack.stop();
    },
  };
  return world;
}
export type SocialWorld = Awaited<ReturnType<typeof startSocialWorld>>;
