import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { catalogService } from '@trustcircle/catalog';
import type { ReviewEventData } from '@trustcircle/contracts';
import { gatewayService } from '@trustcircle/gateway';
import { identityService } from '@trustcircle/identity';
import { connect } from 'nats';
import { Client } from 'pg';
import {
  eventually,
  startStack,
  TEST_NATS_URL,
  waitFor,
  type TestClient,
  type TestStack,
} from '@trustcircle/testing';
import { TestEventBus } from './support/events';

let stack: TestStack;
let bus: TestEventBus;
let member: TestClient;
let fakeReviews: http.Server;
let reviewsMode: 'ok' | 'long' | 'fail' = 'ok';
// A long review makes the composed page large enough to be compressed (over 1 kB).
const LONG_OR_SHORT = () =>
  reviewsMode === 'long' ? 'Lovely place. '.repeat(200) : 'Lovely place';
const reviewsAuth: (string | undefined)[] = [];
let seq = 0;

const DAY = 86_400_000;
const NOW = Date.now();

async function signedIn(): Promise<TestClient> {
  seq += 1;
  const client = stack.client();
  const tag = `${Date.now().toString(36)}${seq}`;
  const res = await client.post('/api/register', {
    username: `cat_${tag}`,
    email: `cat_${tag}@example.com`,
    name: `Catalog Tester ${seq}`,
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
  });
  expect(res.status).toBe(201);
  return client;
}

async function createBusiness(fields: Record<string, unknown>) {
  const res = await member.post('/api/businesses', {
    description: 'A place in town',
    ...fields,
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string; category: string };
}

beforeAll(async () => {
  // A stand-in for the reviews service: the gateway composes its first page into the detail.
  fakeReviews = http.createServer((req, res) => {
    reviewsAuth.push(req.headers.authorization);
    if (reviewsMode === 'fail') {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"boom"}');
      return;
    }
    const id = /\/api\/businesses\/(\d+)\/reviews/.exec(req.url ?? '')?.[1];
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify([{ id: 1, businessId: Number(id), content: LONG_OR_SHORT() }]));
  });
  await new Promise<void>((resolve) => fakeReviews.listen(0, '127.0.0.1', resolve));
  const reviewsUrl = `http://127.0.0.1:${(fakeReviews.address() as AddressInfo).port}`;

  bus = await TestEventBus.connect(TEST_NATS_URL);
  stack = await startStack({
    gateway: gatewayService,
    services: [identityService, catalogService],
    env: {
      identity: { EVENTS_PREFIX: bus.prefix },
      catalog: { EVENTS_PREFIX: bus.prefix },
      gateway: { REVIEWS_URL: reviewsUrl, REGISTER_LIMIT_PER_IP: '1000' },
    },
  });
  member = await signedIn();
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await bus?.close();
  fakeReviews?.closeAllConnections();
  await new Promise((resolve) => fakeReviews?.close(resolve));
});

describe('GET /api/categories', () => {
  it('answers the ten categories in a stable order', async () => {
    const res = await stack.client().get('/api/categories');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      'Restaurants',
      'Electronics',
      'Home Services',
      'Beauty & Spa',
      'Automotive',
      'Clothing',
      'Financial Services',
      'Health & Fitness',
      'Entertainment',
      'Education',
    ]);
  });
});

describe('PATCH /api/businesses/{id}', () => {
  it('lets whoever added the business edit it, and tells the other services', async () => {
    const business = await createBusiness({ name: 'Corner Bakery', category: 'Restaurants' });
    const res = await member.patch(`/api/businesses/${business.id}`, {
      description: 'Sourdough and pastries since 1998',
      phone: '+44 20 7946 0000',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: business.id,
      name: 'Corner Bakery',
      description: 'Sourdough and pastries since 1998',
      phone: '+44 20 7946 0000',
    });
    expect((await member.get(`/api/businesses/${business.id}`)).body.phone).toBe(
      '+44 20 7946 0000',
    );

    const nc = await connect({ servers: TEST_NATS_URL });
    try {
      const jsm = await nc.jetstreamManager();
      // The relay publishes after commit: wait for it.
      let envelope: { data: unknown } | null = null;
      await waitFor(
        async () => {
          const message = await jsm.streams
            .getMessage(`${bus.prefix.toUpperCase()}_CATALOG`, {
              last_by_subj: `${bus.prefix}.catalog.business.updated`,
            })
            .catch(() => null);
          envelope = message ? JSON.parse(new TextDecoder().decode(message.data)) : null;
          return (envelope?.data as { id?: number } | undefined)?.id === business.id;
        },
        { what: 'catalog.business.updated' },
      );
      expect(envelope!.data).toMatchObject({ id: business.id, name: 'Corner Bakery', version: 2 });
    } finally {
      await nc.close();
    }
  });

  it('answers 401, 403, 404, 400 and 409 where it must', async () => {
    const business = await createBusiness({ name: 'Tidy Tailors', category: 'Clothing' });
    await createBusiness({ name: 'Neat Needles', category: 'Clothing' });
    const path = `/api/businesses/${business.id}`;
    expect((await stack.client().patch(path, { name: 'Anonymous' })).status).toBe(401);
    const stranger = await signedIn();
    const forbidden = await stranger.patch(path, { name: 'Hijacked' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('Only the person who added this business can edit it');
    expect((await member.patch('/api/businesses/99999999', { name: 'Ghost' })).status).toBe(404);
    expect((await member.patch('/api/businesses/abc', { name: 'Ghost' })).status).toBe(404);
    const empty = await member.patch(path, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Nothing to update');
    const invalid = await member.patch(path, { category: 'Pets' });
    expect(invalid.body.issues).toContainEqual({
      path: 'category',
      message: 'Choose one of the categories',
    });
    const clash = await member.patch(path, { name: 'NEAT NEEDLES' });
    expect(clash.status).toBe(409);
    expect((await member.get(path)).body.name).toBe('Tidy Tailors');
  });
});

describe('POST /api/businesses', () => {
  it('needs a session', async () => {
    const res = await stack.client().post('/api/businesses', { name: 'X', category: 'Education' });
    expect(res.status).toBe(401);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('names the field of each validation error', async () => {
    const missing = await member.post('/api/businesses', { category: 'Education' });
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toContainEqual({ path: 'name', message: 'Name is required' });

    const category = await member.post('/api/businesses', { name: 'Shop', category: 'Pets' });
    expect(category.status).toBe(400);
    expect(category.body.issues).toContainEqual({
      path: 'category',
      message: 'Choose one of the categories',
    });

    const web = await member.post('/api/businesses', {
      name: 'Shop',
      category: 'Clothing',
      website: 'javascript:alert(1)',
      image: 'not a url',
    });
    expect(web.status).toBe(400);
    expect(web.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'image',
      'website',
    ]);
  });

  it('creates a business with its optional details, and refuses the same name in a category', async () => {
    const res = await member.post('/api/businesses', {
      name: 'Corner Bakery Unique',
      category: 'Restaurants',
      description: 'Sourdough and croissants every morning',
      image: 'https://example.com/bakery.jpg',
      address: '1 Main Street',
      phone: '+1 555 0100',
      website: 'https://bakery.example.com',
      openingHours: 'Mon-Sat 7-15',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      name: 'Corner Bakery Unique',
      category: 'Restaurants',
      image: 'https://example.com/bakery.jpg',
      globalTrustScore: 0,
      reviewCount: 0,
      communityRating: 0,
      groupTrustScores: [],
      communityCount: 0,
      address: '1 Main Street',
      phone: '+1 555 0100',
      website: 'https://bakery.example.com',
      openingHours: 'Mon-Sat 7-15',
    });

    const again = await member.post('/api/businesses', {
      name: 'corner BAKERY unique',
      category: 'Restaurants',
    });
    expect(again.status).toBe(409);
    expect(again.body.issues).toEqual([{ path: 'name', message: again.body.message }]);

    const elsewhere = await member.post('/api/businesses', {
      name: 'Corner Bakery Unique',
      category: 'Education',
    });
    expect(elsewhere.status).toBe(201);
  });
});

describe('GET /api/businesses', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push((await createBusiness({ name: `Paging Motors ${i}`, category: 'Automotive' })).id);
    }
  });

  it('lists with the summary fields and pages with X-Next-Cursor', async () => {
    const client = stack.client();
    const first = await client.get('/api/businesses?category=Automotive&limit=2');
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(2);
    expect(Object.keys(first.body[0]).sort()).toEqual(
      [
        'category',
        'createdAt',
        'description',
        'globalTrustScore',
        'id',
        'image',
        'name',
        'reviewCount',
      ].sort(),
    );
    const seen: number[] = first.body.map((b: { id: number }) => b.id);
    let cursor = first.headers.get('x-next-cursor');
    while (cursor) {
      const page = await client.get(
        `/api/businesses?category=Automotive&limit=2&cursor=${encodeURIComponent(cursor)}`,
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.map((b: { id: number }) => b.id));
      cursor = page.headers.get('x-next-cursor');
    }
    expect(seen).toEqual(ids);
  });

  it('answers an empty list for an unknown category, 400 for a bad limit or cursor', async () => {
    const client = stack.client();
    const unknown = await client.get('/api/businesses?category=Spaceships');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual([]);
    const limit = await client.get('/api/businesses?limit=1000');
    expect(limit.status).toBe(400);
    expect(limit.body.issues[0].path).toBe('limit');
    const cursor = await client.get('/api/businesses?cursor=%27%3B--');
    expect(cursor.status).toBe(400);
    expect(cursor.body.issues[0].path).toBe('cursor');
  });
});

/** Design §6, computed here independently of the service's module. */
function expectedScores(reviews: ReviewEventData[], verified: Map<number, boolean> = new Map()) {
  const counted = reviews.filter((r) => !r.hidden);
  if (counted.length === 0) return { global: 0, groups: new Map<number, number>() };
  const newest = Math.max(...counted.map((r) => Date.parse(r.createdAt)));
  const weight = (r: ReviewEventData) =>
    ((verified.get(r.userId) ?? r.authorVerified) ? 1.5 : 1) *
    (r.authorNewAccount ? 0.5 : 1) *
    (1 + Math.log10(1 + r.helpfulCount)) *
    0.5 ** ((newest - Date.parse(r.createdAt)) / DAY / 180);
  const bayes = (m: number, c: number, rs: ReviewEventData[]) =>
    (m * c + rs.reduce((s, r) => s + weight(r) * r.rating, 0)) /
    (m + rs.reduce((s, r) => s + weight(r), 0));
  const global = bayes(3, 3.5, counted);
  const groups = new Map<number, number>();
  for (const g of new Set(counted.flatMap((r) => r.groupIds))) {
    groups.set(
      g,
      bayes(
        2,
        global,
        counted.filter((r) => r.groupIds.includes(g)),
      ),
    );
  }
  return { global, groups };
}

function shuffle<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i -= 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('trust scores from review events', () => {
  type Step =
    | {
        subject: 'reviews.review.created' | 'reviews.review.updated' | 'reviews.review.hidden';
        data: ReviewEventData;
      }
    | {
        subject: 'reviews.vote.changed';
        data: { reviewId: number; businessId: number; helpfulCount: number; version: number };
      };

  /** One business's history: creations, an edit, votes and a hidden review. */
  function history(
    businessId: number,
    firstReviewId: number,
    firstAuthorId = 9000,
  ): { steps: Step[]; final: ReviewEventData[] } {
    const steps: Step[] = [];
    const final: ReviewEventData[] = [];
    const ratings = [5, 4, 2, 5, 3, 1, 4, 5, 4, 3];
    ratings.forEach((rating, i) => {
      const id = firstReviewId + i;
      const review: ReviewEventData = {
        id,
        businessId,
        userId: firstAuthorId + (i % 4),
        rating,
        groupIds: i % 3 === 0 ? [501] : i % 3 === 1 ? [501, 502] : [],
        helpfulCount: 0,
        authorVerified: i % 4 === 0,
        createdAt: new Date(NOW - i * 37 * DAY).toISOString(),
        hidden: false,
        version: 1,
        // Written from accounts younger than 7 days: half weight (absent means false).
        ...(i % 3 === 2 ? { authorNewAccount: true } : {}),
      };
      steps.push({ subject: 'reviews.review.created', data: review });
      let current = review;
      if (i % 2 === 0) {
        // Two votes: helpful count 1 (v2) then 3 (v3).
        steps.push({
          subject: 'reviews.vote.changed',
          data: { reviewId: id, businessId, helpfulCount: 1, version: 2 },
        });
        steps.push({
          subject: 'reviews.vote.changed',
          data: { reviewId: id, businessId, helpfulCount: 3, version: 3 },
        });
        current = { ...current, helpfulCount: 3, version: 3 };
      }
      if (i === 1) {
        current = { ...current, rating: 1, version: current.version + 1 };
        steps.push({ subject: 'reviews.review.updated', data: current });
      }
      if (i === 5) {
        current = { ...current, hidden: true, version: current.version + 1 };
        steps.push({ subject: 'reviews.review.hidden', data: current });
      }
      final.push(current);
    });
    return { steps, final };
  }

  async function detail(id: number) {
    return (await member.get(`/api/businesses/${id}`)).body as {
      globalTrustScore: number;
      reviewCount: number;
      communityRating: number;
      groupTrustScores: {
        groupId: number;
        groupName: string;
        score: number;
        reviewCount: number;
      }[];
    };
  }

  async function settled(id: number, expected: ReturnType<typeof expectedScores>, count: number) {
    return eventually(
      () => detail(id),
      (d) =>
        d.reviewCount === count &&
        Math.abs(d.globalTrustScore - expected.global) < 1e-9 &&
        d.groupTrustScores.every((g) => Math.abs(g.score - expected.groups.get(g.groupId)!) < 1e-9),
    );
  }

  it('equals the formula, in order, shuffled and replayed twice', async () => {
    await bus.publish('communities.group.created', {
      id: 501,
      name: 'Foodies',
      color: '#009688',
      icon: 'users',
      creatorId: 1,
      createdAt: new Date().toISOString(),
      version: 1,
    });
    const inOrder = await createBusiness({ name: 'Score In Order', category: 'Restaurants' });
    const shuffled = await createBusiness({ name: 'Score Shuffled', category: 'Restaurants' });
    const a = history(inOrder.id, 100_000);
    const b = history(shuffled.id, 200_000);

    for (const step of a.steps) await bus.publish(step.subject, step.data as never);
    // The other business gets the same history shuffled, then every event again, reshuffled.
    for (const step of [...shuffle(b.steps, 7), ...shuffle(b.steps, 99)]) {
      await bus.publish(step.subject, step.data as never);
    }

    const expected = expectedScores(a.final);
    expect(expectedScores(b.final)).toEqual(expected);
    const counted = a.final.filter((r) => !r.hidden);
    const dA = await settled(inOrder.id, expected, counted.length);
    const dB = await settled(shuffled.id, expected, counted.length);
    for (const d of [dA, dB]) {
      expect(d.reviewCount).toBe(counted.length);
      expect(Math.abs(d.globalTrustScore - expected.global)).toBeLessThan(1e-9);
      expect(d.communityRating).toBe(
        Math.round((100 * counted.filter((r) => r.rating >= 4).length) / counted.length),
      );
      expect(d.groupTrustScores.map((g) => g.groupId).sort()).toEqual([501, 502]);
      for (const g of d.groupTrustScores) {
        expect(Math.abs(g.score - expected.groups.get(g.groupId)!)).toBeLessThan(1e-9);
        expect(g.reviewCount).toBe(counted.filter((r) => r.groupIds.includes(g.groupId)).length);
      }
      expect(d.groupTrustScores.find((g) => g.groupId === 501)?.groupName).toBe('Foodies');
      expect(d.groupTrustScores.find((g) => g.groupId === 502)?.groupName).toBe('Group #502');
    }

    // Replaying the in-order history once more (new envelope ids) changes nothing.
    for (const step of shuffle(a.steps, 3)) await bus.publish(step.subject, step.data as never);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(Math.abs((await detail(inOrder.id)).globalTrustScore - expected.global)).toBeLessThan(
      1e-9,
    );

    // An author becoming verified re-weighs their reviews; an older user version is ignored.
    const author = a.final[1]!.userId;
    const user = {
      id: author,
      username: 'author',
      name: 'Author',
      avatar: null,
      createdAt: new Date().toISOString(),
    };
    await bus.publish('identity.user.updated', { ...user, isVerified: true, version: 5 });
    await bus.publish('identity.user.updated', { ...user, isVerified: false, version: 4 });
    const reweighed = expectedScores(a.final, new Map([[author, true]]));
    expect(reweighed.global).not.toBeCloseTo(expected.global, 6);
    const dV = await settled(inOrder.id, reweighed, counted.length);
    expect(Math.abs(dV.globalTrustScore - reweighed.global)).toBeLessThan(1e-9);

    // A later edit whose payload still says unverified: the author's verification as heard
    // from identity is what weighs.
    const edited = { ...a.final[1]!, rating: 5, authorVerified: false };
    edited.version += 1;
    await bus.publish('reviews.review.updated', edited);
    const afterEdit = expectedScores(
      a.final.map((review) => (review.id === edited.id ? edited : review)),
      new Map([[author, true]]),
    );
    expect(afterEdit.global).not.toBeCloseTo(reweighed.global, 6);
    expect(afterEdit.global).not.toBeCloseTo(
      expectedScores(a.final.map((review) => (review.id === edited.id ? edited : review))).global,
      6,
    );
    const dE = await settled(inOrder.id, afterEdit, counted.length);
    expect(Math.abs(dE.globalTrustScore - afterEdit.global)).toBeLessThan(1e-9);
  });

  // Votes move the stored sums by the voted review alone (trust-score.ts rescoreHelpful): after
  // hundreds of them, in batches, out of order, some stale and some on a hidden review, the
  // scores still equal the formula over the final counts.
  it('stays equal to the formula through a stream of votes applied to its stored sums', async () => {
    const business = await createBusiness({ name: 'Score Under Votes', category: 'Restaurants' });
    // Review ids and authors of its own: the test above verifies one of the default authors.
    const { steps, final } = history(business.id, 500_000, 9400);
    for (const step of steps) await bus.publish(step.subject, step.data as never);
    const counted = final.filter((r) => !r.hidden);
    await settled(business.id, expectedScores(final), counted.length);

    const current = final.map((r) => ({ ...r }));
    const votes: Step[] = [];
    for (let n = 0; n < 300; n += 1) {
      const review = current[(n * 7) % current.length]!;
      review.version += 1;
      review.helpfulCount = (n * 13) % 40;
      const vote = {
        reviewId: review.id,
        businessId: business.id,
        helpfulCount: review.helpfulCount,
        version: review.version,
      };
      votes.push({ subject: 'reviews.vote.changed', data: vote });
      // A stale copy of the vote before it (an older version) changes nothing.
      if (n % 10 === 0) {
        votes.push({
          subject: 'reviews.vote.changed',
          data: { ...vote, helpfulCount: 999, version: vote.version - 1 },
        });
      }
    }
    await Promise.all(shuffle(votes, 5).map((v) => bus.publish(v.subject, v.data as never)));
    const expected = expectedScores(current);
    expect(expected.global).not.toBeCloseTo(expectedScores(final).global, 6);
    const after = await settled(business.id, expected, counted.length);
    expect(Math.abs(after.globalTrustScore - expected.global)).toBeLessThan(1e-9);

    // A business whose sums were never stored, or whose score a release without sums wrote
    // (a rollout), is recomputed from its facts at its next vote.
    const admin = new Client({ connectionString: stack.db.adminUrl });
    await admin.connect();
    const voteAgain = async () => {
      const review = current[0]!;
      review.version += 1;
      review.helpfulCount += 5;
      await bus.publish('reviews.vote.changed', {
        reviewId: review.id,
        businessId: business.id,
        helpfulCount: review.helpfulCount,
        version: review.version,
      } as never);
      const again = await settled(business.id, expectedScores(current), counted.length);
      expect(Math.abs(again.globalTrustScore - expectedScores(current).global)).toBeLessThan(1e-9);
    };
    try {
      await admin.query(
        `update catalog.businesses
            set score_newest_at = null, score_weight = 0, score_weighted_rating = 0
          where id = $1`,
        [business.id],
      );
      await voteAgain();
      // The score stays, its sums are left behind (what a recompute by the previous release
      // leaves: it writes the score, never the sums).
      await admin.query(
        'update catalog.businesses set score_weight = score_weight * 2 where id = $1',
        [business.id],
      );
      await voteAgain();
    } finally {
      await admin.end();
    }
  });

  // A newer review moves the business's decay reference; its groups' sums stay relative to a
  // time of their own (trust-score.ts `groupSumsAt`), so only the review's own groups' rows are
  // written, and every group still reads what the formula gives at the new reference.
  it("writes only a new review's own groups, and reads every group at the new reference", async () => {
    const business = await createBusiness({ name: 'Score Moving On', category: 'Restaurants' });
    const reviews: ReviewEventData[] = [0, 1, 2, 3].map((i) => ({
      id: 700_000 + i,
      businessId: business.id,
      userId: 9500 + i,
      rating: [5, 2, 4, 1][i]!,
      groupIds: i === 0 ? [601, 602, 603] : i % 2 ? [601] : [602],
      helpfulCount: i,
      authorVerified: i === 2,
      // Oldest first: each review is the business's newest when it arrives.
      createdAt: new Date(NOW - (400 - i * 120) * DAY).toISOString(),
      hidden: false,
      version: 1,
    }));
    const publishAndSettle = async (list: ReviewEventData[]) => {
      const expected = expectedScores(list);
      const d = await settled(business.id, expected, list.length);
      // The Communities tab's page reads them as the detail does.
      const page = (await member.get(`/api/businesses/${business.id}/group-scores`)).body as {
        groupId: number;
        score: number;
      }[];
      expect(page).toHaveLength(expected.groups.size);
      for (const g of [...d.groupTrustScores, ...page]) {
        expect(Math.abs(g.score - expected.groups.get(g.groupId)!)).toBeLessThan(1e-9);
      }
      return expected;
    };
    const admin = new Client({ connectionString: stack.db.adminUrl });
    await admin.connect();
    const versionOf603 = async () =>
      (
        await admin.query<{ xmin: string }>(
          `select xmin::text from catalog.business_group_scores
            where business_id = $1 and group_id = 603`,
          [business.id],
        )
      ).rows[0]!.xmin;
    try {
      await bus.publish('reviews.review.created', reviews[0]! as never);
      await publishAndSettle(reviews.slice(0, 1));
      const untouched = await versionOf603();
      for (let n = 2; n <= reviews.length; n += 1) {
        await bus.publish('reviews.review.created', reviews[n - 1]! as never);
        await publishAndSettle(reviews.slice(0, n));
      }
      // Three newer reviews, none in group 603: its row was never written again, yet its score
      // moved with the business's (its sums decayed 360 days, its prior is the new global).
      expect(await versionOf603()).toBe(untouched);
      const { rows } = await admin.query<{ lag_days: number }>(
        `select date_part('epoch', score_newest_at - group_sums_at) / 86400 as lag_days
           from catalog.businesses where id = $1`,
        [business.id],
      );
      expect(Math.round(rows[0]!.lag_days)).toBe(360);
      // Votes on it move the groups' sums relative to the same time.
      const voted = { ...reviews[0]!, helpfulCount: 12, version: 2 };
      await bus.publish('reviews.vote.changed', {
        reviewId: voted.id,
        businessId: business.id,
        helpfulCount: voted.helpfulCount,
        version: voted.version,
      } as never);
      await publishAndSettle([voted, ...reviews.slice(1)]);
    } finally {
      await admin.end();
    }
  });

  it('ranks trending by reviews of the last 7 days, with reviewsThisWeek', async () => {
    const busy = await createBusiness({ name: 'Trend Busy', category: 'Entertainment' });
    const calm = await createBusiness({ name: 'Trend Calm', category: 'Entertainment' });
    const review = (id: number, businessId: number, daysAgo: number): ReviewEventData => ({
      id,
      businessId,
      userId: 9100,
      rating: 4,
      groupIds: [],
      helpfulCount: 0,
      authorVerified: false,
      createdAt: new Date(NOW - daysAgo * DAY).toISOString(),
      hidden: false,
      version: 1,
    });
    const events = [
      ...[1, 2, 3, 4, 5, 6].map((n) => review(300_000 + n, busy.id, n % 3)),
      review(300_100, calm.id, 1),
      review(300_101, calm.id, 2),
      review(300_102, calm.id, 30), // not this week
    ];
    for (const data of events) await bus.publish('reviews.review.created', data);
    const trending = await eventually(
      async () => (await stack.client().get('/api/businesses/trending')).body,
      (list: { id: number; reviewsThisWeek: number }[]) =>
        list.some((b) => b.id === calm.id && b.reviewsThisWeek === 2) &&
        list.some((b) => b.id === busy.id && b.reviewsThisWeek === 6),
    );
    expect(trending.length).toBeLessThanOrEqual(5);
    const ids = trending.map((b: { id: number }) => b.id);
    expect(ids.indexOf(busy.id)).toBeLessThan(ids.indexOf(calm.id));
    expect(trending.find((b: { id: number }) => b.id === busy.id)).toMatchObject({
      name: 'Trend Busy',
      reviewsThisWeek: 6,
      globalTrustScore: expect.any(Number),
    });
  });
  it('reuses trending for seconds, and reads it afresh within a second of a review applied here', async () => {
    const quiet = await createBusiness({ name: 'Trend Quiet Riser', category: 'Education' });
    const trending = async () =>
      (await stack.client().get('/api/businesses/trending')).body as { id: number }[];
    await trending();
    // Facts written behind the consumer's back: the reused answer does not show them...
    const admin = new Client({ connectionString: stack.db.adminUrl });
    await admin.connect();
    try {
      await admin.query(
        `insert into catalog.review_facts (review_id, business_id, user_id, rating, group_ids,
           helpful_count, author_verified, created_at, hidden, version, facts_version,
           helpful_version)
         select 310000 + i, $1, 9200 + i, 5, '{}', 0, false, now(), false, 1, 1, 1
           from generate_series(1, 40) i`,
        [quiet.id],
      );
    } finally {
      await admin.end();
    }
    expect((await trending()).map((b) => b.id)).not.toContain(quiet.id);
    // ...until this replica applies a review (any business): well before the 10 s reuse ends.
    await bus.publish('reviews.review.created', {
      id: 310_100,
      businessId: quiet.id,
      userId: 9300,
      rating: 5,
      groupIds: [],
      helpfulCount: 0,
      authorVerified: false,
      createdAt: new Date().toISOString(),
      hidden: false,
      version: 1,
    });
    const fresh = await eventually(trending, (list) => list.some((b) => b.id === quiet.id), {
      timeoutMs: 5000,
    });
    expect(fresh[0]).toMatchObject({ id: quiet.id, reviewsThisWeek: 41 });
  });
});

describe('GET /api/businesses/{id} (composed by the gateway)', () => {
  it('merges the first page of reviews and forwards the session token to both', async () => {
    const business = await createBusiness({ name: 'Composed Cafe', category: 'Restaurants' });
    reviewsMode = 'ok';
    reviewsAuth.length = 0;
    const res = await member.get(`/api/businesses/${business.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: business.id,
      name: 'Composed Cafe',
      reviewsUnavailable: false,
      reviews: [{ id: 1, businessId: business.id, content: 'Lovely place' }],
    });
    expect(reviewsAuth[0]).toMatch(/^Bearer /);
    // A member's page is written as its parts: its length is the whole body's, and HEAD
    // answers the same length without the body.
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(res.text));
    const head = await member.request('HEAD', `/api/businesses/${business.id}`);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(res.headers.get('content-length'));
    expect(head.text).toBe('');
    const gzipped = await member.get(`/api/businesses/${business.id}`, {
      'accept-encoding': 'gzip',
    });
    expect(gzipped.body).toEqual(res.body);
    // Compressed, the parts go out chunked, whole and in order.
    reviewsMode = 'long';
    const other = await createBusiness({ name: 'Wordy Cafe', category: 'Restaurants' });
    const large = await member.get(`/api/businesses/${other.id}`, { 'accept-encoding': 'gzip' });
    reviewsMode = 'ok';
    expect(large.headers.get('content-encoding')).toBe('gzip');
    expect(large.body).toMatchObject({ reviews: [{ content: 'Lovely place. '.repeat(200) }] });
  });

  it('still answers the business when reviews fails', async () => {
    const business = await createBusiness({ name: 'Lonely Cafe', category: 'Restaurants' });
    reviewsMode = 'fail';
    const res = await stack.client().get(`/api/businesses/${business.id}`);
    reviewsMode = 'ok';
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Lonely Cafe', reviews: [], reviewsUnavailable: true });
  });

  it('answers 404 JSON for unknown and malformed ids', async () => {
    for (const path of ['/api/businesses/999999', '/api/businesses/abc', '/api/businesses/0']) {
      const res = await stack.client().get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
    expect((await stack.client().get('/api/businesses/999999/similar')).status).toBe(404);
  });
});

describe('unusual activity from reviews.activity.changed', () => {
  it('shows the newest flag, whatever the delivery order', async () => {
    const business = await createBusiness({ name: 'Burst Bakery', category: 'Restaurants' });
    const since = new Date(NOW - DAY / 2).toISOString();
    const detail = async () => (await member.get(`/api/businesses/${business.id}`)).body;
    expect((await detail()).unusualActivity).toBeNull();
    await bus.publish('reviews.activity.changed', {
      businessId: business.id,
      unusualActivity: { since, reviewCount: 14 },
      version: 1,
    });
    const flagged = await eventually(detail, (d) => d.unusualActivity !== null);
    expect(flagged.unusualActivity).toEqual({ since, reviewCount: 14 });
    // Cleared (v3) before a stale count (v2) arrives: stays cleared.
    await bus.publish('reviews.activity.changed', {
      businessId: business.id,
      unusualActivity: null,
      version: 3,
    });
    const stale = await bus.publish('reviews.activity.changed', {
      businessId: business.id,
      unusualActivity: { since, reviewCount: 15 },
      version: 2,
    });
    await waitFor(async () => (await detail()).unusualActivity === null, { what: 'cleared' });
    const pg = new Client({ connectionString: stack.db.adminUrl });
    await pg.connect();
    try {
      await waitFor(
        async () =>
          (await pg.query('select 1 from catalog.inbox where event_id = $1', [stale])).rowCount ===
          1,
        { what: 'the stale event applied' },
      );
    } finally {
      await pg.end();
    }
    expect((await detail()).unusualActivity).toBeNull();
  });
});

describe('GET /api/businesses/{id}/similar', () => {
  it('answers up to 4 others of the category, best score first', async () => {
    const base = await createBusiness({ name: 'Similar Base', category: 'Financial Services' });
    const others = [];
    for (let i = 0; i < 5; i += 1) {
      others.push(await createBusiness({ name: `Similar ${i}`, category: 'Financial Services' }));
    }
    await bus.publish('reviews.review.created', {
      id: 400_001,
      businessId: others[3]!.id,
      userId: 9200,
      rating: 5,
      groupIds: [],
      helpfulCount: 0,
      authorVerified: true,
      createdAt: new Date().toISOString(),
      hidden: false,
      version: 1,
    });
    const similar = await eventually(
      async () => (await stack.client().get(`/api/businesses/${base.id}/similar`)).body,
      (list: { id: number }[]) => list[0]?.id === others[3]!.id,
    );
    expect(similar).toHaveLength(4);
    expect(similar[0].id).toBe(others[3]!.id);
    expect(similar.map((b: { id: number }) => b.id)).not.toContain(base.id);
    for (const b of similar) expect(b.category).toBe('Financial Services');
  });
});

describe('when catalog is down', () => {
  it('answers 503 JSON for the business and its list', async () => {
    await stack.stopService('catalog');
    try {
      const detail = await stack.client().get('/api/businesses/1');
      expect(detail.status).toBe(503);
      expect(detail.body.message).toMatch(/unavailable/);
      const list = await stack.client().get('/api/businesses');
      expect(list.status).toBe(503);
    } finally {
      await stack.startServiceAgain('catalog');
    }
  });
});
