import { catalogService } from '@trustcircle/catalog';
import {
  ALREADY_OWNER,
  CLAIM_ALREADY_DECIDED,
  CLAIM_MESSAGE_REQUIRED,
  CLAIM_NOT_FOUND,
  CLAIM_PENDING,
  MODERATORS_ONLY,
} from '@trustcircle/contracts';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { reviewsService } from '@trustcircle/reviews';
import { createDb, type Knex } from '@trustcircle/service-kit';
import { eventually, startStack, type TestClient, type TestStack } from '@trustcircle/testing';
import { signUp } from '../../../gateway/test/support';
import { applyGrant, parseGrantArgs } from '../../identity/src/operator/grant';

/**
 * Issue 18: claiming a business (members), the claims queue and decisions (moderators), and the
 * owners an approval makes, through the real gateway; reviews projects the owners it needs.
 */
let stack: TestStack;
let admin: Knex;
let moderator: TestClient;
let businessId: number;

async function member() {
  const client = stack.client();
  const { user, form } = await signUp(client);
  // Catalog's people projection names claimants: wait until identity's event is in.
  await eventually(() => admin('catalog.people').where({ id: user.id }).first(), Boolean, {
    timeoutMs: 5000,
  });
  return { client, id: user.id, username: form.username, name: form.name };
}

beforeAll(async () => {
  stack = await startStack({
    gateway: gatewayService,
    services: [identityService, catalogService, reviewsService],
    env: {
      gateway: {
        REGISTER_LIMIT_PER_IP: '10000',
        LOGIN_LIMIT_PER_IP: '10000',
        LIMITS_SCALE: '1',
        LIMIT_CLAIMS_PER_ACCOUNT: '8',
        LIMIT_CLAIMS_PER_IP: '1000',
        LIMIT_OTHER_WRITES_PER_IP: '1000',
      },
    },
  });
  admin = createDb({ url: stack.db.adminUrl, schema: 'public', poolMax: 2 });
  moderator = stack.client();
  const { form } = await signUp(moderator);
  const identity = createDb({ url: stack.db.adminUrl, schema: 'identity', poolMax: 1 });
  const gateway = createDb({ url: stack.db.adminUrl, schema: 'gateway', poolMax: 1 });
  try {
    await applyGrant({ identity, gateway }, parseGrantArgs(['moderator', form.username]), {
      settleMs: 0,
    });
  } finally {
    await identity.destroy();
    await gateway.destroy();
  }
  const created = await moderator.post('/api/businesses', {
    name: 'Lighthouse Coffee',
    category: 'Restaurants',
  });
  businessId = created.body.id;
}, 60_000);

afterAll(async () => {
  await admin?.destroy();
  await stack?.stop();
});

describe('claiming a business', () => {
  it('opens one pending claim, shown to its claimant and in the moderators’ queue', async () => {
    const ann = await member();
    const res = await ann.client.post(`/api/businesses/${businessId}/claims`, {
      message: '  I run the café since 2019.  ',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      businessId,
      status: 'pending',
      message: 'I run the café since 2019.',
      reason: null,
      createdAt: expect.any(String),
      decidedAt: null,
    });
    const again = await ann.client.post(`/api/businesses/${businessId}/claims`, {
      message: 'Me again',
    });
    expect([again.status, again.body]).toEqual([409, { message: CLAIM_PENDING }]);

    const mine = await ann.client.get(`/api/businesses/${businessId}/owners`);
    expect(mine.body).toEqual({ owners: [], isOwner: false, claim: res.body });
    expect(mine.headers.get('cache-control')).toBe('private, no-store');

    const queue = await moderator.get('/api/moderation/claims');
    expect(queue.status).toBe(200);
    expect(queue.body).toContainEqual({
      ...res.body,
      business: { id: businessId, name: 'Lighthouse Coffee' },
      claimant: { id: ann.id, username: ann.username, name: ann.name, reviewCount: 0 },
    });
  });

  it('answers 400, 401 and 404 for bad messages, visitors and unknown businesses', async () => {
    const bob = await member();
    for (const body of [{}, { message: '   ' }, { message: 7 }]) {
      const res = await bob.client.post(`/api/businesses/${businessId}/claims`, body);
      expect([res.status, res.body.message]).toEqual([400, expect.any(String)]);
    }
    const empty = await bob.client.post(`/api/businesses/${businessId}/claims`, { message: '' });
    expect(empty.body.issues).toEqual([{ path: 'message', message: CLAIM_MESSAGE_REQUIRED }]);
    const long = await bob.client.post(`/api/businesses/${businessId}/claims`, {
      message: 'x'.repeat(1001),
    });
    expect(long.body.issues).toEqual([
      { path: 'message', message: 'Message must be at most 1000 characters' },
    ]);
    const visitor = stack.client();
    expect(
      (await visitor.post(`/api/businesses/${businessId}/claims`, { message: 'hi' })).status,
    ).toBe(401);
    for (const id of ['999999', 'abc']) {
      const res = await bob.client.post(`/api/businesses/${id}/claims`, { message: 'hi' });
      expect([res.status, res.body]).toEqual([404, { message: 'Business not found' }]);
      expect((await visitor.get(`/api/businesses/${id}/owners`)).status).toBe(404);
    }
    // Nothing was written by the refused requests.
    expect((await bob.client.get(`/api/businesses/${businessId}/owners`)).body.claim).toBeNull();
  });
});

describe('deciding a claim', () => {
  it('approves: the claimant owns the business, reviews knows, a second claim is a 409', async () => {
    const cat = await member();
    const claim = (
      await cat.client.post(`/api/businesses/${businessId}/claims`, { message: 'Owner here' })
    ).body;
    const res = await moderator.post(`/api/moderation/claims/${claim.id}/decision`, {
      action: 'approve',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: claim.id,
      status: 'approved',
      decidedAt: expect.any(String),
    });

    const owners = await stack.client().get(`/api/businesses/${businessId}/owners`);
    expect(owners.body).toEqual({
      owners: [{ id: cat.id, username: cat.username, name: cat.name }],
      isOwner: false,
      claim: null,
    });
    const mine = await cat.client.get(`/api/businesses/${businessId}/owners`);
    expect(mine.body).toMatchObject({ isOwner: true, claim: { status: 'approved' } });

    const again = await cat.client.post(`/api/businesses/${businessId}/claims`, { message: 'x' });
    expect([again.status, again.body]).toEqual([409, { message: ALREADY_OWNER }]);
    const twice = await moderator.post(`/api/moderation/claims/${claim.id}/decision`, {
      action: 'reject',
    });
    expect([twice.status, twice.body]).toEqual([409, { message: CLAIM_ALREADY_DECIDED }]);
    expect(
      (await moderator.get('/api/moderation/claims')).body.map((c: { id: number }) => c.id),
    ).not.toContain(claim.id);

    // catalog.owner.approved reached reviews' projection (who may reply).
    const projected = await eventually(
      () =>
        admin('reviews.business_owners')
          .where({ business_id: businessId, user_id: cat.id })
          .first(),
      Boolean,
      { timeoutMs: 5000 },
    );
    expect(projected).toBeTruthy();
  });

  it('rejects with a reason; the claimant may claim again', async () => {
    const dan = await member();
    const claim = (
      await dan.client.post(`/api/businesses/${businessId}/claims`, { message: 'Mine' })
    ).body;
    const res = await moderator.post(`/api/moderation/claims/${claim.id}/decision`, {
      action: 'reject',
      reason: 'We could not confirm this',
    });
    expect(res.body).toMatchObject({ status: 'rejected', reason: 'We could not confirm this' });
    const mine = await dan.client.get(`/api/businesses/${businessId}/owners`);
    expect(mine.body).toMatchObject({ isOwner: false, claim: { status: 'rejected' } });
    expect(
      (await dan.client.post(`/api/businesses/${businessId}/claims`, { message: 'Proof' })).status,
    ).toBe(201);
  });

  it('is for moderators only, and answers 400 and 404 for bad decisions', async () => {
    const eve = await member();
    const claim = (
      await eve.client.post(`/api/businesses/${businessId}/claims`, { message: 'Hello' })
    ).body;
    const path = `/api/moderation/claims/${claim.id}/decision`;
    expect((await stack.client().post(path, { action: 'approve' })).status).toBe(401);
    expect((await stack.client().get('/api/moderation/claims')).status).toBe(401);
    const self = await eve.client.post(path, { action: 'approve' });
    expect([self.status, self.body]).toEqual([403, { message: MODERATORS_ONLY }]);
    expect((await eve.client.get('/api/moderation/claims')).status).toBe(403);
    for (const body of [{}, { action: 'maybe' }, { action: 'reject', reason: 'x'.repeat(501) }]) {
      expect((await moderator.post(path, body)).status).toBe(400);
    }
    expect((await moderator.get('/api/moderation/claims?limit=0')).status).toBe(400);
    expect((await moderator.get('/api/moderation/claims?cursor=nope')).status).toBe(400);
    const missing = await moderator.post('/api/moderation/claims/999999/decision', {
      action: 'approve',
    });
    expect([missing.status, missing.body]).toEqual([404, { message: CLAIM_NOT_FOUND }]);
    expect((await eve.client.get(`/api/businesses/${businessId}/owners`)).body.claim.status).toBe(
      'pending',
    );
  });

  it('pages the queue oldest first', async () => {
    const [a, b] = [await member(), await member()];
    for (const who of [a, b]) {
      await who.client.post(`/api/businesses/${businessId}/claims`, { message: 'Page me' });
    }
    const first = await moderator.get('/api/moderation/claims?limit=1');
    expect(first.body).toHaveLength(1);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const next = await moderator.get(`/api/moderation/claims?limit=100&cursor=${cursor}`);
    const ids = [first.body[0].id, ...next.body.map((c: { id: number }) => c.id)];
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
  });
});

describe('the claims limit', () => {
  it('spends the shared write limit per account (429 past it)', async () => {
    const fay = await member();
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      statuses.push(
        (await fay.client.post(`/api/businesses/${businessId}/claims`, { message: `try ${i}` }))
          .status,
      );
    }
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 429]);
  });
});
