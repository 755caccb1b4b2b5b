import { randomBytes } from 'node:crypto';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { JWT_AUDIENCE, JWT_ISSUER } from '@trustcircle/service-kit';
import { startStack, TEST_NATS_URL, type TestStack } from '@trustcircle/testing';
import jwt from 'jsonwebtoken';
import { connect } from 'nats';
import { communitiesService } from '../src/service';

/** A unique event prefix per run: own streams, deleted afterwards (pitfalls.md). */
export const newEventsPrefix = () => `tc${randomBytes(5).toString('hex')}`;

export async function startCommunitiesStack(prefix: string): Promise<TestStack> {
  const events = { EVENTS_PREFIX: prefix };
  return startStack({
    gateway: gatewayService,
    services: [identityService, communitiesService],
    env: {
      identity: events,
      communities: events,
      gateway: { REGISTER_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_IP: '100000' },
    },
  });
}

export async function deleteStreams(prefix: string): Promise<void> {
  const nc = await connect({ servers: TEST_NATS_URL, timeout: 2000 }).catch(() => null);
  if (!nc) return;
  try {
    const jsm = await nc.jetstreamManager();
    for (const stream of await jsm.streams.list().next()) {
      if (stream.config.name.startsWith(`${prefix.toUpperCase()}_`)) {
        await jsm.streams.delete(stream.config.name);
      }
    }
  } finally {
    await nc.close();
  }
}

/** A user token exactly as the gateway mints it, for calls straight to the service. */
export function userToken(stack: TestStack, userId: number): string {
  return jwt.sign({ scope: 'user' }, stack.signingKey.privateKey, {
    algorithm: 'ES256',
    issuer: JWT_ISSUER,
    audience: JWT_AUDIENCE,
    subject: String(userId),
    expiresIn: 300,
    keyid: stack.signingKey.kid,
  });
}

export async function waitFor(
  check: () => Promise<boolean> | boolean,
  { timeoutMs = 15_000, intervalMs = 50, what = 'condition' } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}

let registered = 0;

/** Registers (and signs in) a fresh user through the gateway. */
export async function signedInClient(stack: TestStack, name = 'Group Tester') {
  const client = stack.client();
  registered += 1;
  const username = `gt_${randomBytes(4).toString('hex')}_${registered}`;
  const res = await client.post('/api/register', {
    username,
    email: `${username}@example.com`,
    name,
    password: 'password123',
    confirmPassword: 'password123',
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { client, user: res.body as { id: number; username: string; name: string } };
}
