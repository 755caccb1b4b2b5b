import {
  IDENTITY_ALREADY_USED,
  VERIFICATION_TOKEN_INVALID,
  VERIFICATION_UNAVAILABLE,
} from '@trustcircle/contracts';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import {
  PROVIDER_VERIFIED_AT,
  startStack,
  startVerificationProvider,
  type TestClient,
  type TestStack,
  type VerificationProvider,
} from '@trustcircle/testing';

const SECRET = 'a-shared-secret-of-at-least-32-characters';
const TIMEOUT_MS = 400;

let provider: VerificationProvider;
let stack: TestStack;
let serial = 0;

beforeAll(async () => {
  provider = await startVerificationProvider(SECRET);
  stack = await startStack({
    gateway: gatewayService,
    services: [identityService],
    env: {
      identity: {
        VERIFICATION_PROVIDER: 'http',
        VERIFICATION_URL: provider.url,
        VERIFICATION_SECRET: SECRET,
        VERIFICATION_TIMEOUT_MS: String(TIMEOUT_MS),
      },
    },
  });
});

afterAll(async () => {
  await stack?.stop();
  await provider?.close();
});

afterEach(() => {
  provider.secret = SECRET;
});

function form(extra: Record<string, unknown> = {}) {
  serial += 1;
  const username = `ver_${serial}_${Date.now().toString(36)}`;
  return {
    username,
    email: `${username}@example.com`,
    name: 'Verifying Person',
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
    ...extra,
  };
}

async function signedUp(): Promise<TestClient> {
  const client = stack.client();
  expect((await client.post('/api/register', form())).status).toBe(201);
  return client;
}

async function expectUnverified(client: TestClient) {
  const me = await client.get('/api/user');
  expect(me.body).toMatchObject({ isVerified: false, clearMeId: null, verifiedAt: null });
}

describe('the HTTP verification provider', () => {
  it('verifies with the provider: id and date come from its signed answer', async () => {
    const client = await signedUp();
    const res = await client.post('/api/user/verify', { token: 'person:alice' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      isVerified: true,
      clearMeId: 'person-alice',
      verifiedAt: PROVIDER_VERIFIED_AT,
    });
    expect((await client.get('/api/user')).body.verifiedAt).toBe(PROVIDER_VERIFIED_AT);
  });

  it('answers the invalid-token message when the provider refuses', async () => {
    const client = await signedUp();
    const res = await client.post('/api/user/verify', { token: 'refuse' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: VERIFICATION_TOKEN_INVALID,
      issues: [{ path: 'token', message: VERIFICATION_TOKEN_INVALID }],
    });
    await expectUnverified(client);
  });

  it('answers a 503 with Retry-After after a timeout and its retry, and verifies nothing', async () => {
    provider.slowMs = TIMEOUT_MS * 3;
    const client = await signedUp();
    const res = await client.post('/api/user/verify', { token: 'slow:bob' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: VERIFICATION_UNAVAILABLE });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(provider.calls.get('slow:bob')).toBe(2);
    await expectUnverified(client);
  });

  it('answers a 503 when the provider keeps failing', async () => {
    const client = await signedUp();
    const res = await client.post('/api/user/verify', { token: 'down' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).not.toBeNull();
    expect(provider.calls.get('down')).toBe(2);
    await expectUnverified(client);
  });

  it('creates no account when the provider cannot answer a sign-up with a token', async () => {
    const body = form({ clearMeToken: 'down' });
    const res = await stack.client().post('/api/register', body);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: VERIFICATION_UNAVAILABLE });
    expect(res.headers.get('retry-after')).not.toBeNull();
    const login = await stack
      .client()
      .post('/api/login', { username: body.username, password: body.password });
    expect(login.status).toBe(401);
  });

  it('retries once after a 5xx and then verifies', async () => {
    const client = await signedUp();
    const res = await client.post('/api/user/verify', { token: 'flaky:carol' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isVerified: true, clearMeId: 'person-carol' });
    expect(provider.calls.get('flaky:carol')).toBe(2);
  });

  it('signs its requests: a provider expecting another secret refuses them, nothing verified', async () => {
    provider.secret = 'the-provider-was-given-another-secret-value';
    const unsignedBefore = provider.unsigned;
    const client = await signedUp();
    const res = await client.post('/api/user/verify', { token: 'person:dave' });
    expect(res.status).toBe(503);
    expect(provider.unsigned).toBe(unsignedBefore + 1);
    await expectUnverified(client);
  });

  it('rejects answers with a wrong signature or for another request', async () => {
    const client = await signedUp();
    for (const token of ['badsig:erin', 'replay:erin']) {
      const res = await client.post('/api/user/verify', { token });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: VERIFICATION_UNAVAILABLE });
    }
    await expectUnverified(client);
  });
});

describe('one verified identity verifies one account', () => {
  it('refuses a second account with 409, whatever token names the same person', async () => {
    const first = await signedUp();
    expect((await first.post('/api/user/verify', { token: 'person:frank:1' })).status).toBe(200);
    const second = await signedUp();
    const res = await second.post('/api/user/verify', { token: 'person:frank:2' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(IDENTITY_ALREADY_USED);
    await expectUnverified(second);
    // Verifying the same account again with the same person is fine.
    expect((await first.post('/api/user/verify', { token: 'person:frank:3' })).status).toBe(200);
  });

  it('refuses a sign-up with an identity that verifies another account, creating nothing', async () => {
    const first = await signedUp();
    expect((await first.post('/api/user/verify', { token: 'person:gina' })).status).toBe(200);
    const body = form({ clearMeToken: 'person:gina:again' });
    const res = await stack.client().post('/api/register', body);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(IDENTITY_ALREADY_USED);
    const login = await stack
      .client()
      .post('/api/login', { username: body.username, password: body.password });
    expect(login.status).toBe(401);
  });

  it('lets exactly one of two racing verifications win', async () => {
    const [a, b, c, d] = await Promise.all([signedUp(), signedUp(), signedUp(), signedUp()]);
    const answers = await Promise.all(
      [a, b, c, d].map((client, i) =>
        client!.post('/api/user/verify', { token: `person:hal:${i}` }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409, 409]);
    const verified = await Promise.all([a, b, c, d].map((client) => client!.get('/api/user')));
    expect(verified.filter((me) => me.body.isVerified)).toHaveLength(1);
  });
});
