import { TestClient, type TestStack } from '@trustcircle/testing';
import { newUserForm as newUser, startSignInStack } from './support';

let stack: TestStack;

async function registered(client: TestClient, overrides: Record<string, unknown> = {}) {
  const form = newUser(overrides);
  const res = await client.post('/api/register', form);
  expect(res.status).toBe(201);
  return { form, user: res.body };
}

beforeAll(async () => {
  stack = await startSignInStack({
    LOGIN_FAILURES_PER_ACCOUNT: '5',
    LOGIN_LIMIT_PER_IP: '1000',
    REGISTER_LIMIT_PER_IP: '1000',
  });
});

afterAll(async () => {
  await stack?.stop();
});

describe('registration', () => {
  it('registers, sets the session cookie and answers the user without secrets', async () => {
    const client = stack.client();
    const form = newUser();
    const res = await client.post('/api/register', form);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username: form.username,
      email: form.email,
      name: form.name,
      isVerified: false,
      clearMeId: null,
    });
    expect(res.body).not.toHaveProperty('password');
    expect(res.body).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(res.body)).not.toContain('argon2');

    const cookie = res.setCookies.find((line) => line.startsWith('tc_session='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//i);

    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(form.username);
  });

  it('answers the spec messages for invalid forms', async () => {
    const client = stack.client();
    const mismatch = await client.post(
      '/api/register',
      newUser({ confirmPassword: 'something else' }),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.issues).toContainEqual({
      path: 'confirmPassword',
      message: "Passwords don't match",
    });

    const missing = await client.post('/api/register', { email: 'x@example.com' });
    expect(missing.status).toBe(400);
    const paths = missing.body.issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['username', 'name', 'password']));
    expect(missing.body.issues).toContainEqual({
      path: 'username',
      message: 'Username is required',
    });
    expect(missing.body.issues).toContainEqual({
      path: 'password',
      message: 'Password is required',
    });

    const badEmail = await client.post('/api/register', newUser({ email: 'not-an-email' }));
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.issues).toContainEqual({
      path: 'email',
      message: 'Enter a valid email address',
    });
    expect(client.cookies.size).toBe(0);
  });

  it('refuses a duplicate username in any letter case with 409; a taken email is not told', async () => {
    const client = stack.client();
    const { form } = await registered(client);
    const sameName = await stack
      .client()
      .post('/api/register', newUser({ username: form.username.toUpperCase() }));
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe('Username already taken');

    const sameEmail = await stack
      .client()
      .post('/api/register', newUser({ email: form.email.toUpperCase() }));
    // Issue 19: the answer of any sign-up; the address's owner is mailed instead
    // (services/identity/test/account-mail.test.ts).
    expect(sameEmail.status).toBe(201);
    expect(sameEmail.body.email).toBe(form.email.toUpperCase());
  });

  it('never trusts the client-sent verification flag', async () => {
    const res = await stack.client().post('/api/register', newUser({ isVerified: true }));
    expect(res.status).toBe(201);
    expect(res.body.isVerified).toBe(false);
  });

  it('verifies only with a valid sandbox token, at sign-up or later', async () => {
    const bad = await stack
      .client()
      .post('/api/register', newUser({ useClearMe: true, clearMeToken: 'nope', isVerified: true }));
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toContainEqual({
      path: 'clearMeToken',
      message: 'Verification token is invalid',
    });

    const good = await stack
      .client()
      .post('/api/register', newUser({ isVerified: true, clearMeId: 'CLR-ABC123' }));
    expect(good.status).toBe(201);
    expect(good.body).toMatchObject({ isVerified: true, clearMeId: 'CLR-ABC123' });

    const client = stack.client();
    await registered(client);
    const refused = await client.post('/api/user/verify', { token: 'CLR-1' });
    expect(refused.status).toBe(400);
    expect((await client.get('/api/user')).body.isVerified).toBe(false);
    const accepted = await client.post('/api/user/verify', { token: 'CLR-LATER42' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ isVerified: true, clearMeId: 'CLR-LATER42' });
  });
});

describe('login and logout', () => {
  it('signs in by username and by email', async () => {
    const { form } = await registered(stack.client());
    const byName = stack.client();
    const res = await byName.post('/api/login', {
      username: form.username,
      password: form.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe(form.username);
    expect((await byName.get('/api/user')).status).toBe(200);

    const byEmail = stack.client();
    const res2 = await byEmail.post('/api/login', {
      username: form.email.toUpperCase(),
      password: form.password,
    });
    expect(res2.status).toBe(200);
    expect(res2.body.email).toBe(form.email);
  });

  it('answers the spec messages for missing credentials', async () => {
    const res = await stack.client().post('/api/login', {});
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'username', message: 'Username is required' },
        { path: 'password', message: 'Password is required' },
      ]),
    );
  });

  it('gives the same 401 for a wrong password and an unknown user', async () => {
    const { form } = await registered(stack.client());
    const wrong = await stack
      .client()
      .post('/api/login', { username: form.username, password: 'wrong password' });
    const unknown = await stack
      .client()
      .post('/api/login', { username: 'nobody_here', password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('issues a new session id at every login', async () => {
    const client = stack.client();
    const { form } = await registered(client);
    const first = client.cookies.get('tc_session');
    await client.post('/api/login', { username: form.username, password: form.password });
    const second = client.cookies.get('tc_session');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    // The replaced session is gone.
    const stale = await stack.client().get('/api/user', { cookie: `tc_session=${first}` });
    expect(stale.status).toBe(401);
  });

  it('logs out; the old cookie no longer works', async () => {
    const client = stack.client();
    await registered(client);
    const cookie = client.cookies.get('tc_session');
    expect((await client.get('/api/user')).status).toBe(200);
    const out = await client.post('/api/logout');
    expect(out.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
    const replay = await stack.client().get('/api/user', { cookie: `tc_session=${cookie}` });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ message: 'Not signed in' });
  });

  it('revokes a session on every gateway replica at once', async () => {
    const replica = await stack.startReplica('gateway');
    const client = stack.client();
    await registered(client);
    const cookie = `tc_session=${client.cookies.get('tc_session')}`;
    const viaReplica = () =>
      fetch(`${replica.url}/api/user`, { headers: { cookie } }).then((res) => res.status);
    expect(await viaReplica()).toBe(200); // now cached on the replica
    await client.post('/api/logout');
    const deadline = Date.now() + 1000;
    let status = await viaReplica();
    while (status !== 401 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = await viaReplica();
    }
    // Well inside the 2 s cache lifetime of the test stack: NOTIFY evicted it.
    expect(status).toBe(401);
  });

  it('limits repeated failed logins per account with 429 and Retry-After', async () => {
    const { form } = await registered(stack.client());
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await stack
        .client()
        .post('/api/login', { username: form.username, password: `bad-${i}` });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(res.body.message).toMatch(/Too many failed sign-in attempts/);
      }
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('edge protections', () => {
  it('ignores a client-sent Authorization header', async () => {
    const anonymous = await stack
      .client()
      .get('/api/user', { authorization: 'Bearer forged.token.value' });
    expect(anonymous.status).toBe(401);

    const client = stack.client();
    const { user } = await registered(client);
    const me = await client.get('/api/user', { authorization: 'Bearer forged.token.value' });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
  });

  it('refuses cross-origin state changes with 403', async () => {
    const form = newUser();
    const res = await stack
      .client()
      .post('/api/register', form, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    const site = await stack.client().post(
      '/api/login',
      { username: form.username, password: 'x' },
      {
        'sec-fetch-site': 'cross-site',
      },
    );
    expect(site.status).toBe(403);
    const same = await stack.client().post('/api/register', form, { origin: stack.gatewayUrl });
    expect(same.status).toBe(201);
  });

  it('answers JSON errors for unknown paths, non-JSON bodies and oversized bodies', async () => {
    const client = stack.client();
    const unknown = await client.get('/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Not found' });

    const form = await client.request('POST', '/api/login', {
      rawBody: 'username=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.body.message).toBeDefined();

    const huge = await client.post('/api/register', newUser({ bio: 'x'.repeat(1_100_000) }));
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: 'Request body is too large' });

    const broken = await client.request('POST', '/api/login', {
      rawBody: '{"username": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ message: 'Request body is not valid JSON' });
  });

  it('publishes its public keys', async () => {
    const res = await stack.client().get('/.well-known/jwks.json');
    expect(res.status).toBe(200);
    expect(res.body.keys[0]).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      kid: stack.signingKey.kid,
      alg: 'ES256',
    });
    expect(res.body.keys[0]).not.toHaveProperty('d');
  });

  it('serves the OpenAPI document of every operation', async () => {
    const res = await stack.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/register', '/api/login', '/api/logout', '/api/user']),
    );
    const register = res.body.paths['/api/register'].post;
    expect(register.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['username', 'email', 'name', 'password']),
    );
  });

  it('serves health, readiness and metrics on its ops port', async () => {
    const client = new TestClient(stack.running.get('gateway')!.opsUrl);
    expect((await client.get('/healthz')).status).toBe(200);
    const ready = await client.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks.postgres).toBe('ok');
    const metrics = await client.get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain('http_requests_total');
    expect(metrics.text).toContain('http_request_duration_seconds_bucket');
  });
});

describe('profile', () => {
  it('saves name and bio through PATCH /api/user and keeps them', async () => {
    const client = stack.client();
    await registered(client);
    const res = await client.patch('/api/user', {
      name: 'Renamed Person',
      bio: 'I review coffee shops.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed Person', bio: 'I review coffee shops.' });
    expect((await client.get('/api/user')).body.bio).toBe('I review coffee shops.');

    const bad = await client.patch('/api/user', { email: 'nope' });
    expect(bad.status).toBe(400);
    const { form: other } = await registered(stack.client());
    // The address changes only through POST /api/user/email: a taken one is never told.
    const taken = await client.patch('/api/user', { email: other.email.toUpperCase() });
    expect(taken.status).toBe(400);
    expect(taken.body.issues).toEqual([
      { path: 'email', message: expect.stringMatching(/needs your password/) },
    ]);
    const anonymous = await stack.client().patch('/api/user', { name: 'Nobody' });
    expect(anonymous.status).toBe(401);
  });
});

describe('a service that is down', () => {
  it('answers 503 JSON within 2 s and recovers without restarting the gateway', async () => {
    const { form } = await registered(stack.client());
    await stack.stopService('identity');
    try {
      const started = Date.now();
      const res = await stack
        .client()
        .post('/api/login', { username: form.username, password: form.password });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body.message).toMatch(/unavailable/);

      const proxied = await stack.client().patch('/api/user', { name: 'x' });
      expect([401, 503]).toContain(proxied.status);
    } finally {
      await stack.startServiceAgain('identity');
    }
    const again = await stack
      .client()
      .post('/api/login', { username: form.username, password: form.password });
    expect(again.status).toBe(200);
  });
});
