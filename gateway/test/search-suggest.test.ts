import { catalogService } from '@trustcircle/catalog';
import { communitiesService } from '@trustcircle/communities';
import type { Suggestions } from '@trustcircle/contracts';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { startStack, type TestClient, type TestStack } from '@trustcircle/testing';
import { expectTooMany, signUp } from './support';

/** `GET /api/search/suggest?q=` (issue 17): the top bar's suggestions, composed by the gateway. */
let stack: TestStack;
let member: TestClient;
let nextAddress = 0;
/** A client address of its own, vouched for by the trusted (loopback) test client. */
const freshAddress = () => ({ 'x-forwarded-for': `10.7.0.${++nextAddress}` });
const SUGGEST_PER_IP = 3;
const SUGGEST_PER_ACCOUNT = 2;

beforeAll(async () => {
  stack = await startStack({
    gateway: gatewayService,
    services: [identityService, communitiesService, catalogService],
    env: {
      gateway: {
        LIMITS_SCALE: '1',
        // The test client stands in for the ingress: it may say who the client is.
        TRUST_PROXY: 'loopback',
        SUGGEST_LIMIT_PER_IP: String(SUGGEST_PER_IP),
        SUGGEST_LIMIT_PER_ACCOUNT: String(SUGGEST_PER_ACCOUNT),
      },
    },
  });
  member = stack.client();
  await signUp(member);
  const tag = Date.now().toString(36);
  expect(
    (
      await stack.client().post('/api/register', {
        username: `chidi_${tag}`,
        email: `chidi_${tag}@example.com`,
        name: 'Chidi Okafor',
        password: 'correct horse battery',
        confirmPassword: 'correct horse battery',
      })
    ).status,
  ).toBe(201);
  for (const name of ['Okafor Education', 'Okafor Language Centre', 'Müller Automotive']) {
    const category = name.includes('Automotive') ? 'Automotive' : 'Education';
    expect((await member.post('/api/businesses', { name, category })).status).toBe(201);
  }
  for (let i = 1; i <= 7; i += 1) {
    expect(
      (await member.post('/api/businesses', { name: `Okafor Tutors ${i}`, category: 'Education' }))
        .status,
    ).toBe(201);
  }
  const group = await member.post('/api/groups', {
    name: 'Okafor Family Tutors',
    description: 'Parents sharing tutors, schools and music teachers.',
  });
  expect(group.status).toBe(201);
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

const suggest = async (q: string) => {
  const res = await stack
    .client()
    .get(`/api/search/suggest?q=${encodeURIComponent(q)}`, freshAddress());
  return { status: res.status, body: res.body as Suggestions & { message?: string } };
};

describe('GET /api/search/suggest', () => {
  it('answers the top five of each kind, forgiving, to anyone', async () => {
    const { status, body } = await suggest('okafr edu');
    expect(status).toBe(200);
    expect(body.query).toBe('okafr edu');
    // "edu" is also every tutor's category: the name match ranks first.
    expect(body.businesses.map((b) => b.name)[0]).toBe('Okafor Education');
    expect(body.unavailable).toEqual([]);

    const many = (await suggest('okafor')).body;
    expect(many.businesses).toHaveLength(5);
    expect(many.groups.map((g) => g.name)).toEqual(['Okafor Family Tutors']);
    expect(many.people.map((p) => [p.name, Object.keys(p).sort()])).toEqual([
      ['Chidi Okafor', ['avatar', 'id', 'isVerified', 'name', 'username']],
    ]);
    expect((await suggest('MULLER')).body.businesses.map((b) => b.name)).toEqual([
      'Müller Automotive',
    ]);
  });

  it('answers 400 JSON for a missing, blank or overlong q', async () => {
    for (const q of [null, '', '   ', 'x'.repeat(101)]) {
      const path = q === null ? '/api/search/suggest' : `/api/search/suggest?q=${q}`;
      const res = await stack.client().get(path, freshAddress());
      expect([q, res.status, res.body.issues?.[0]?.path]).toEqual([q, 400, 'q']);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('answers the kinds it can when a service is down, naming the missing one', async () => {
    await stack.stopService('communities');
    try {
      const { status, body } = await suggest('okafor');
      expect(status).toBe(200);
      expect(body.groups).toEqual([]);
      expect(body.unavailable).toEqual(['groups']);
      expect(body.businesses.length).toBeGreaterThan(0);
      expect(body.people).toHaveLength(1);
    } finally {
      await stack.startServiceAgain('communities');
    }
  });

  it('limits each visitor address, and each member whatever their address, with a JSON 429', async () => {
    const path = '/api/search/suggest?q=okafor';
    const visitor = freshAddress();
    for (let i = 0; i < SUGGEST_PER_IP; i += 1) {
      expect((await stack.client().get(path, visitor)).status).toBe(200);
    }
    expectTooMany(await stack.client().get(path, visitor), /searching faster than we allow/);
    // Another visitor's address has its own budget.
    expect((await stack.client().get(path, freshAddress())).status).toBe(200);

    // A member spends on their account, not on the (exhausted) address they come from...
    for (let i = 0; i < SUGGEST_PER_ACCOUNT; i += 1) {
      expect((await member.get(path, visitor)).status).toBe(200);
    }
    // ...and a new address does not give them a fresh budget.
    expectTooMany(await member.get(path, freshAddress()), /searching faster than we allow/);
    const other = stack.client();
    await signUp(other, freshAddress());
    expect((await other.get(path, visitor)).status).toBe(200);
  });
});
