import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { startStack, type TestClient, type TestResponse } from '@trustcircle/testing';

/** The gateway in front of identity (what sign-up and sign-in need), with gateway settings. */
export const startSignInStack = (gateway: Record<string, string>) =>
  startStack({ gateway: gatewayService, services: [identityService], env: { gateway } });

let seq = 0;

/** A new account's sign-up form; `overrides` replace fields. */
export function newUserForm(overrides: Record<string, unknown> = {}) {
  seq += 1;
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}${seq}`;
  return {
    username: `user_${tag}`,
    email: `user_${tag}@example.com`,
    name: `Test User ${seq}`,
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
    ...overrides,
  };
}

/** Signs a new account up on `client` (which keeps its session cookie). */
export async function signUp(client: TestClient, headers: Record<string, string> = {}) {
  const form = newUserForm();
  const res = await client.post('/api/register', form, headers);
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${res.text}`);
  return { form, user: res.body as { id: number; username: string; email: string } };
}

/** What every limit answers once exhausted (docs/security.md, "Limits"). */
export function expectTooMany(res: TestResponse, message: RegExp): void {
  expect({ status: res.status, message: res.body?.message }).toEqual({
    status: 429,
    message: expect.stringMatching(message),
  });
  expect(res.body.message).toMatch(/Try again in \d+ (second|minute|hour)s?\.$/);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}
