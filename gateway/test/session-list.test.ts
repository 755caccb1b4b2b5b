import { TestClient, type TestStack } from '@trustcircle/testing';
import { signUp, startSignInStack } from './support';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let stack: TestStack;

beforeAll(async () => {
  stack = await startSignInStack({ LOGIN_LIMIT_PER_IP: '1000', REGISTER_LIMIT_PER_IP: '1000' });
});

afterAll(async () => {
  await stack?.stop();
});

/** An account signed in on three browsers: the sign-up's, Firefox on Linux, Safari on iOS. */
async function threeBrowsers() {
  const first = stack.client();
  const { form, user } = await signUp(first, { 'user-agent': FIREFOX_LINUX });
  const signIn = async (agent: string) => {
    const client = stack.client();
    const res = await client.post(
      '/api/login',
      { username: form.username, password: form.password },
      { 'user-agent': agent },
    );
    expect(res.status).toBe(200);
    return client;
  };
  return { user, first, second: await signIn(SAFARI_IPHONE), third: await signIn(FIREFOX_LINUX) };
}

const remove = (client: TestClient, id: string) =>
  client.request('DELETE', `/api/user/sessions/${id}`);

describe('the sessions list', () => {
  it('lists the account’s sessions with browser, OS, times, and marks this one', async () => {
    const { second } = await threeBrowsers();
    const res = await second.get('/api/user/sessions');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toHaveLength(3);
    const current = res.body.filter((s: { current: boolean }) => s.current);
    expect(current).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        browser: 'Mobile Safari 17',
        os: 'iOS 17.5',
        device: 'mobile',
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
        current: true,
      },
    ]);
    const others = res.body.filter((s: { current: boolean }) => !s.current);
    expect(others.map((s: { browser: string; os: string }) => [s.browser, s.os])).toEqual([
      ['Firefox 133', 'Linux'],
      ['Firefox 133', 'Linux'],
    ]);
    // Neither the cookie nor its hash is ever shown.
    for (const cookie of [...second.cookies.values()]) expect(res.text).not.toContain(cookie);
    expect(res.text).not.toMatch(/[0-9a-f]{64}/);
  });

  it('needs a session', async () => {
    expect((await stack.client().get('/api/user/sessions')).status).toBe(401);
    const end = await stack.client().post('/api/user/sessions/end-others', {});
    expect(end.status).toBe(401);
  });
});

describe('ending sessions', () => {
  it('ends one session at once; that browser is signed out, the others are not', async () => {
    const { first, second, third } = await threeBrowsers();
    const list = (await first.get('/api/user/sessions')).body as { id: string; os: string }[];
    const iphone = list.find((s) => s.os === 'iOS 17.5')!;
    const res = await remove(first, iphone.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'The session has been signed out.' });
    expect((await second.get('/api/user')).status).toBe(401);
    expect((await first.get('/api/user')).status).toBe(200);
    expect((await third.get('/api/user')).status).toBe(200);
    expect((await remove(first, iphone.id)).status).toBe(404);
  });

  it('answers 404 for another account’s session and for ids that are not one', async () => {
    const mine = await threeBrowsers();
    const theirs = await threeBrowsers();
    const [target] = (await theirs.first.get('/api/user/sessions')).body as { id: string }[];
    const res = await remove(mine.first, target!.id);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Session not found' });
    expect((await theirs.first.get('/api/user/sessions')).body).toHaveLength(3);
    for (const id of ['not-a-session', '00000000-0000-0000-0000-000000000000', "1'%20or%201=1"]) {
      expect((await remove(mine.first, id)).status).toBe(404);
    }
  });

  it('ending the current session signs this browser out and clears the cookie', async () => {
    const { first, second } = await threeBrowsers();
    const list = (await first.get('/api/user/sessions')).body as { id: string; current: boolean }[];
    const res = await remove(first, list.find((s) => s.current)!.id);
    expect(res.status).toBe(200);
    expect(res.setCookies.some((line) => /^tc_session=;/.test(line))).toBe(true);
    expect((await first.get('/api/user')).status).toBe(401);
    expect((await second.get('/api/user')).status).toBe(200);
  });

  it('signs out everywhere else, on every gateway replica at once', async () => {
    const replica = await stack.startReplica('gateway');
    const { first, second, third } = await threeBrowsers();
    const viaReplica = (client: TestClient) =>
      new TestClient(replica.url)
        .get('/api/user', { cookie: `tc_session=${client.cookies.get('tc_session')}` })
        .then((res) => res.status);
    // Cached on the replica before the revocation.
    expect(await viaReplica(second)).toBe(200);
    expect(await viaReplica(third)).toBe(200);

    const res = await first.post('/api/user/sessions/end-others', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Signed out of 2 other sessions.', ended: 2 });
    expect((await second.get('/api/user')).status).toBe(401);
    expect((await third.get('/api/user')).status).toBe(401);
    const deadline = Date.now() + 1000;
    let statuses = [await viaReplica(second), await viaReplica(third)];
    while (statuses.some((s) => s !== 401) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      statuses = [await viaReplica(second), await viaReplica(third)];
    }
    // Well inside the cache lifetime of the test stack: NOTIFY evicted them.
    expect(statuses).toEqual([401, 401]);
    expect((await first.get('/api/user')).status).toBe(200);
    const left = (await first.get('/api/user/sessions')).body as { current: boolean }[];
    expect(left).toEqual([expect.objectContaining({ current: true })]);
  });

  it('counts the security events', async () => {
    const { first, user } = await threeBrowsers();
    await first.post('/api/user/sessions/end-others', {});
    const wrong = await stack.client().post('/api/login', {
      username: (user as { username: string }).username,
      password: 'not the password at all',
    });
    expect(wrong.status).toBe(401);
    const metrics = await fetch(`${stack.running.get('gateway')!.opsUrl}/metrics`).then((res) =>
      res.text(),
    );
    for (const event of ['signin.succeeded', 'signin.failed']) {
      expect(metrics).toMatch(
        new RegExp(`trustcircle_security_events_total\\{[^}]*event="${event}"[^}]*\\} [1-9]`),
      );
    }
    expect(metrics).toMatch(
      /trustcircle_security_events_total\{[^}]*event="sessions.revoked_others"[^}]*\} [1-9]/,
    );
  });
});
