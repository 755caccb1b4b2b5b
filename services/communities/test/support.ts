import { randomBytes } from 'node:crypto';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { startStack, type TestStack } from '@trustcircle/testing';
import { communitiesService } from '../src/service';

export async function startCommunitiesStack(): Promise<TestStack> {
  return startStack({
    gateway: gatewayService,
    services: [identityService, communitiesService],
    env: { gateway: { REGISTER_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_IP: '100000' } },
  });
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
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { client, user: res.body as { id: number; username: string; name: string } };
}
