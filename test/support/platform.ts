import { catalogService } from '@trustcircle/catalog';
import { communitiesService } from '@trustcircle/communities';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { reviewsService } from '@trustcircle/reviews';
import { socialService } from '@trustcircle/social';
import { eventually, startStack, type TestResponse } from '@trustcircle/testing';

/** The whole platform behind the gateway, sign-up and sign-in limits out of the way. */
export const startPlatform = (env: Record<string, Record<string, string>> = {}) =>
  startStack({
    gateway: gatewayService,
    services: [identityService, communitiesService, catalogService, reviewsService, socialService],
    env: {
      ...env,
      gateway: { REGISTER_LIMIT_PER_IP: '10000', LOGIN_LIMIT_PER_IP: '10000', ...env.gateway },
    },
  });

/** Retries a write while a projection it needs is on its way (409 + Retry-After). */
export async function written(send: () => Promise<TestResponse>) {
  const res = await eventually(send, (r) => r.status !== 409 && r.status !== 503, {
    timeoutMs: 10_000,
    intervalMs: 100,
  });
  if (res.status >= 300) throw new Error(`write answered ${res.status} ${res.text}`);
  return res.body;
}
