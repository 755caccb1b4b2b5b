import { catalogService } from '@trustcircle/catalog';
import { communitiesService } from '@trustcircle/communities';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { reviewsService } from '@trustcircle/reviews';
import { startStack, TestClient, type TestStack } from '@trustcircle/testing';
import { expectTooMany, signUp } from './support';

let stack: TestStack;
let nextAddress = 0;
/** A client address of its own, vouched for by the trusted (loopback) test client. */
const freshAddress = () => ({
  'x-forwarded-for': `10.9.${Math.floor(++nextAddress / 250)}.${nextAddress % 250}`,
});

const PER_ACCOUNT = 2;
const PER_IP = 4;

beforeAll(async () => {
  const names = [
    ...['REVIEWS', 'VOTES', 'REPORTS', 'GROUPS', 'MEMBERSHIPS', 'BUSINESSES', 'PHOTOS'],
    'ACCOUNT_MAIL',
    'EXPORTS',
  ];
  stack = await startStack({
    gateway: gatewayService,
    services: [identityService, communitiesService, catalogService, reviewsService],
    env: {
      gateway: {
        LIMITS_SCALE: '1',
        // The test client stands in for the ingress: it may say who the client is.
        TRUST_PROXY: 'loopback',
        REGISTER_LIMIT_PER_IP: '3',
        ...Object.fromEntries(
          names.flatMap((name) => [
            [`LIMIT_${name}_PER_ACCOUNT`, String(PER_ACCOUNT)],
            [`LIMIT_${name}_PER_IP`, String(PER_IP)],
          ]),
        ),
        LIMIT_PHOTO_BYTES_PER_ACCOUNT: '5000',
        LIMIT_OTHER_WRITES_PER_ACCOUNT: String(PER_ACCOUNT),
      },
    },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

type Write = (
  client: TestClient,
  headers: Record<string, string>,
) => ReturnType<TestClient['request']>;

/** A small multipart upload of `size` bytes, through the gateway like a browser's. */
async function uploadPhoto(client: TestClient, headers: Record<string, string>, size = 200) {
  const form = new FormData();
  form.append('photos', new Blob([new Uint8Array(size)], { type: 'image/png' }), 'p.png');
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(new URL('/api/photos', client.baseUrl), {
    method: 'POST',
    headers: { ...headers, cookie },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text), setCookies: [] };
}

const WRITES: [string, RegExp, Write][] = [
  ['review create', /writing reviews/, (c, h) => c.post('/api/reviews', { businessId: 1 }, h)],
  ['review update', /writing reviews/, (c, h) => c.patch('/api/reviews/1', { rating: 4 }, h)],
  ['helpful POST', /voting/, (c, h) => c.post('/api/reviews/1/helpful', undefined, h)],
  ['helpful PUT', /voting/, (c, h) => c.request('PUT', '/api/reviews/1/helpful', { headers: h })],
  [
    'helpful DELETE',
    /voting/,
    (c, h) => c.request('DELETE', '/api/reviews/1/helpful', { headers: h }),
  ],
  ['report', /reporting reviews/, (c, h) => c.post('/api/reviews/1/report', { reason: 'spam' }, h)],
  [
    'group create',
    /creating groups/,
    (c, h) =>
      c.post(
        '/api/groups',
        { name: `Group ${Math.random()}`, description: 'A group to test limits' },
        h,
      ),
  ],
  ['group join', /joining and leaving/, (c, h) => c.post('/api/groups/join', { groupId: 1 }, h)],
  [
    'group leave by id',
    /joining and leaving/,
    (c, h) => c.post('/api/groups/1/leave', undefined, h),
  ],
  [
    'business create',
    /adding businesses/,
    (c, h) =>
      c.post('/api/businesses', { name: `Biz ${Math.random()}`, category: 'Restaurants' }, h),
  ],
  ['photo upload', /uploading photos/, (c, h) => uploadPhoto(c, h)],
  [
    'password reset mail',
    /asked for many emails/,
    (c, h) => c.post('/api/password/forgot', { email: 'someone@example.com' }, h),
  ],
  [
    'confirmation mail',
    /asked for many emails/,
    (c, h) => c.post('/api/user/email/confirmation', undefined, h),
  ],
  [
    'e-mail change mail',
    /asked for many emails/,
    (c, h) => c.post('/api/user/email', { newEmail: 'x@example.com', password: 'wrong' }, h),
  ],
  ['data export', /downloaded your data/, (c, h) => c.get('/api/user/export', h)],
  [
    'sign out everywhere else (other writes)',
    /making changes/,
    (c, h) => c.post('/api/user/sessions/end-others', undefined, h),
  ],
  [
    'profile change (other writes)',
    /making changes/,
    (c, h) => c.patch('/api/user', { bio: 'x' }, h),
  ],
];

describe('write limits', () => {
  it.each(WRITES)(
    '%s: per account, 429 with Retry-After and a clear message',
    async (_, message, write) => {
      const client = stack.client();
      await signUp(client, freshAddress());
      // Each attempt from another address: only the account's budget is spent twice.
      for (let i = 0; i < PER_ACCOUNT; i += 1) {
        expect((await write(client, freshAddress())).status).not.toBe(429);
      }
      expectTooMany(await write(client, freshAddress()), message);
    },
  );

  it('counts per client address across accounts', async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_IP / PER_ACCOUNT; i += 1) {
      const client = stack.client();
      await signUp(client, freshAddress());
      for (let j = 0; j < PER_ACCOUNT; j += 1) {
        expect((await client.post('/api/reviews/1/helpful', undefined, address)).status).not.toBe(
          429,
        );
      }
    }
    const another = stack.client();
    await signUp(another, freshAddress());
    expectTooMany(await another.post('/api/reviews/1/helpful', undefined, address), /voting/);
    expect(
      (await another.post('/api/reviews/1/helpful', undefined, freshAddress())).status,
    ).not.toBe(429);
  });

  it('limits password reset mails per client address without a session', async () => {
    const address = freshAddress();
    const ask = () =>
      stack.client().post('/api/password/forgot', { email: 'someone@example.com' }, address);
    for (let i = 0; i < PER_IP; i += 1) expect((await ask()).status).toBe(202);
    expectTooMany(await ask(), /asked for many emails/);
  });

  it('limits photo bytes by Content-Length', async () => {
    const client = stack.client();
    await signUp(client, freshAddress());
    expect((await uploadPhoto(client, freshAddress(), 2000)).status).not.toBe(429);
    expectTooMany(await uploadPhoto(client, freshAddress(), 4000), /more photo data/);
  });

  it('limits sign-ups per client address', async () => {
    const address = freshAddress();
    for (let i = 0; i < 3; i += 1) await signUp(stack.client(), address);
    const res = await stack.client().post('/api/register', { username: 'x' }, address);
    expectTooMany(res, /Too many sign-up attempts/);
  });

  it('never limits reads', async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_IP * 3; i += 1) {
      expect((await stack.client().get('/api/groups', address)).status).toBe(200);
    }
  });
});

describe('the shared counters', () => {
  const vote = (client: TestClient, headers: Record<string, string>) =>
    client.request('PUT', '/api/reviews/1/helpful', { headers });

  it('are shared by two gateway replicas on one database', async () => {
    const replica = await stack.startReplica('gateway');
    const first = stack.client();
    await signUp(first, freshAddress());
    const second = new TestClient(replica.url);
    for (const [name, value] of first.cookies) second.cookies.set(name, value);

    expect((await vote(first, freshAddress())).status).not.toBe(429);
    expect((await vote(second, freshAddress())).status).not.toBe(429);
    expectTooMany(await vote(first, freshAddress()), /voting/);
    expectTooMany(await vote(second, freshAddress()), /voting/);
  });

  it('are kept across a gateway restart', async () => {
    const client = stack.client();
    await signUp(client, freshAddress());
    for (let i = 0; i < PER_ACCOUNT; i += 1) {
      expect((await vote(client, freshAddress())).status).not.toBe(429);
    }
    await stack.stopService('gateway');
    await stack.startServiceAgain('gateway');
    expectTooMany(await vote(client, freshAddress()), /voting/);
  });
});

describe('the client address', () => {
  it('ignores a forged X-Forwarded-For from a peer it does not trust', async () => {
    // Default TRUST_PROXY: nobody, so every request below counts on the socket's 127.0.0.1.
    const untrusted = await stack.startReplica('gateway', { TRUST_PROXY: '' });
    const forged = () => ({ 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}` });
    const clients = [new TestClient(untrusted.url), new TestClient(untrusted.url)];
    for (const client of clients) await signUp(client, forged());
    for (const client of clients) {
      for (let i = 0; i < PER_ACCOUNT; i += 1) {
        expect((await client.post('/api/reviews/1/helpful', undefined, forged())).status).not.toBe(
          429,
        );
      }
    }
    const third = new TestClient(untrusted.url);
    await signUp(third, forged());
    expectTooMany(await third.post('/api/reviews/1/helpful', undefined, forged()), /voting/);
    // Sign-ups too: the three above filled REGISTER_LIMIT_PER_IP (3) of 127.0.0.1.
    expectTooMany(
      await new TestClient(untrusted.url).post('/api/register', { username: 'x' }, forged()),
      /sign-up/,
    );
  });
});
