import { catalogService } from '@trustcircle/catalog';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { startStack, type TestClient, type TestStack } from '@trustcircle/testing';

/** Identity and catalog behind the gateway, and one member signed in (`usernamePrefix_…`). */
export async function catalogStack(
  usernamePrefix: string,
): Promise<{ stack: TestStack; member: TestClient }> {
  const stack = await startStack({
    gateway: gatewayService,
    services: [identityService, catalogService],
    env: { gateway: { REGISTER_LIMIT_PER_IP: '1000', LIMITS_SCALE: '10' } },
  });
  const member = stack.client();
  const tag = Date.now().toString(36);
  const res = await member.post('/api/register', {
    username: `${usernamePrefix}_${tag}`,
    email: `${usernamePrefix}_${tag}@example.com`,
    name: 'Catalog Tester',
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`);
  return { stack, member };
}
