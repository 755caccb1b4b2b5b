import type { EventEnvelope } from '@trustcircle/contracts';
import type { TestClient } from '@trustcircle/testing';
import { createVotes } from '../src/domain/votes';
import { reviewsPublished } from './support/stream';
import { createReviewsWorld, reviewBody, type ReviewsWorld } from './support/world';

let world: ReviewsWorld;
let author: { client: TestClient; id: number };
let voter: { client: TestClient; id: number };
let groupId: number;
let nextVoter = 800_000;

beforeAll(async () => {
  world = await createReviewsWorld();
  ({ groupId, ...author } = await world.member());
  voter = await world.register();
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

async function newReview(): Promise<number> {
  const businessId = await world.business();
  const res = await author.client.post('/api/reviews', reviewBody(businessId, [groupId]));
  expect(res.status).toBe(201);
  return res.body.id as number;
}

const helpful = (id: number) => `/api/reviews/${id}/helpful`;
const put = (client: TestClient, id: number) => client.request('PUT', helpful(id));
const del = (client: TestClient, id: number) => client.request('DELETE', helpful(id));
const toggle = (client: TestClient, id: number, key?: string) =>
  client.post(helpful(id), undefined, key === undefined ? {} : { 'idempotency-key': key });
const freshVoter = () => world.sessionFor(++nextVoter);

const voteRows = async (reviewId: number) =>
  Number(
    (await world.admin('helpful_votes').where({ review_id: reviewId }).count({ n: '*' }))[0]!.n,
  );
const storedCount = async (reviewId: number) =>
  (await world.admin('reviews').where({ id: reviewId }).first('helpful_count')).helpful_count;

/** Every `reviews.vote.changed` of the review, once the outbox has relayed all it holds. */
async function voteEvents(reviewId: number): Promise<EventEnvelope<'reviews.vote.changed'>[]> {
  await world.until(
    async () => Number((await world.admin('outbox').count({ n: '*' }))[0]!.n) === 0,
    'the outbox relayed',
  );
  const events = await reviewsPublished(world);
  return events.filter(
    (event): event is EventEnvelope<'reviews.vote.changed'> =>
      event.type === 'reviews.vote.changed' && event.data.reviewId === reviewId,
  );
}

describe('PUT and DELETE /api/reviews/{id}/helpful', () => {
  it('set and unset idempotently, answering { voted, helpfulCount }, one event per change', async () => {
    const id = await newReview();
    const answers = [
      await put(voter.client, id),
      await put(voter.client, id),
      await del(voter.client, id),
      await del(voter.client, id),
      await put(voter.client, id),
    ];
    expect(answers.map((a) => [a.status, a.body])).toEqual([
      [200, { voted: true, helpfulCount: 1 }],
      [200, { voted: true, helpfulCount: 1 }],
      [200, { voted: false, helpfulCount: 0 }],
      [200, { voted: false, helpfulCount: 0 }],
      [200, { voted: true, helpfulCount: 1 }],
    ]);
    expect(await voteRows(id)).toBe(1);
    expect((await voter.client.get(`/api/reviews/${id}`)).body).toMatchObject({
      helpfulCount: 1,
      hasVoted: true,
    });
    const events = await voteEvents(id);
    const vote = { reviewId: id, businessId: expect.any(Number), voterId: voter.id };
    expect(events.map((event) => event.data)).toEqual([
      // The voter and their vote's state: social's "found your review helpful".
      { ...vote, helpfulCount: 1, version: 2, voted: true },
      { ...vote, helpfulCount: 0, version: 3, voted: false },
      { ...vote, helpfulCount: 1, version: 4, voted: true },
    ]);
  });

  it('keeps one vote for 50 parallel PUTs by one user, and none after 50 parallel DELETEs', async () => {
    const id = await newReview();
    const client = await freshVoter();
    const puts = await Promise.all(Array.from({ length: 50 }, () => put(client, id)));
    expect(new Set(puts.map((a) => JSON.stringify([a.status, a.body])))).toEqual(
      new Set([JSON.stringify([200, { voted: true, helpfulCount: 1 }])]),
    );
    expect(await voteRows(id)).toBe(1);
    expect(await storedCount(id)).toBe(1);
    const dels = await Promise.all(Array.from({ length: 50 }, () => del(client, id)));
    expect(dels.every((a) => a.status === 200 && a.body.voted === false)).toBe(true);
    expect(await voteRows(id)).toBe(0);
    expect(await storedCount(id)).toBe(0);
    expect((await voteEvents(id)).map((event) => event.data.helpfulCount)).toEqual([1, 0]);
  });

  it('follows the toggle rules: 403 own review, 404 unknown or held, 401 anonymous', async () => {
    const id = await newReview();
    for (const send of [put, del]) {
      const own = await send(author.client, id);
      expect([own.status, own.body]).toEqual([
        403,
        { message: 'You cannot vote on your own review' },
      ]);
      const unknown = await send(voter.client, 99_999_999);
      expect([unknown.status, unknown.body]).toEqual([404, { message: 'Review not found' }]);
      expect((await send(voter.client, 'abc' as unknown as number)).status).toBe(404);
      expect((await send(world.stack.client(), id)).status).toBe(401);
    }
    await world.admin('reviews').where({ id }).update({ hidden: true, status: 'held' });
    expect((await put(voter.client, id)).status).toBe(404);
    expect((await del(voter.client, id)).status).toBe(404);
    // A refused vote leaves nothing: no vote row, no count, no event (the add is rolled back).
    expect(await voteRows(id)).toBe(0);
    expect(await storedCount(id)).toBe(0);
    expect(await voteEvents(id)).toEqual([]);
  });
});

describe('POST /api/reviews/{id}/helpful', () => {
  it('toggles without a key; 403 own, 404 unknown, 401 anonymous', async () => {
    const id = await newReview();
    expect((await toggle(voter.client, id)).body).toEqual({ voted: true, helpfulCount: 1 });
    expect((await toggle(voter.client, id)).body).toEqual({ voted: false, helpfulCount: 0 });
    expect((await toggle(author.client, id)).status).toBe(403);
    expect((await toggle(voter.client, 99_999_999)).status).toBe(404);
    expect((await toggle(world.stack.client(), id)).status).toBe(401);
    expect(await voteRows(id)).toBe(0);
    expect(await storedCount(id)).toBe(0);
    expect((await voteEvents(id)).map((event) => event.data.voted)).toEqual([true, false]);
  });

  it('stays consistent under 50 parallel toggles by one user', async () => {
    const id = await newReview();
    const client = await freshVoter();
    const answers = await Promise.all(Array.from({ length: 50 }, () => toggle(client, id)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // An even number of toggles ends where it started.
    expect(await voteRows(id)).toBe(0);
    expect(await storedCount(id)).toBe(0);
    expect(answers.filter((a) => a.body.voted).length).toBe(25);
  });

  it('counts 200 parallel votes by different users exactly', async () => {
    const id = await newReview();
    const voters = await Promise.all(Array.from({ length: 200 }, () => freshVoter()));
    const answers = await Promise.all(voters.map((v) => toggle(v, id)));
    expect(
      answers.filter((a) => a.status !== 200 || !a.body.voted).map((a) => [a.status, a.body]),
    ).toEqual([]);
    expect(await voteRows(id)).toBe(200);
    expect(await storedCount(id)).toBe(200);
    const counts = answers.map((a) => a.body.helpfulCount).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect((await voter.client.get(`/api/reviews/${id}`)).body.helpfulCount).toBe(200);
  }, 30_000);
});

describe('POST /api/reviews/{id}/helpful with an Idempotency-Key', () => {
  it('changes once per key and answers the first answer again; another key toggles again', async () => {
    const id = await newReview();
    const client = await freshVoter();
    const first = await toggle(client, id, 'key-1');
    expect([first.status, first.body]).toEqual([200, { voted: true, helpfulCount: 1 }]);
    // Someone else's vote moves the count; the repeat still answers what the first did.
    expect((await toggle(voter.client, id)).body).toEqual({ voted: true, helpfulCount: 2 });
    for (let i = 0; i < 3; i += 1) {
      expect((await toggle(client, id, 'key-1')).body).toEqual({ voted: true, helpfulCount: 1 });
    }
    expect(await voteRows(id)).toBe(2);
    expect((await toggle(client, id, 'key-2')).body).toEqual({ voted: false, helpfulCount: 1 });
    expect((await toggle(client, id, 'key-2')).body).toEqual({ voted: false, helpfulCount: 1 });
    expect(await voteRows(id)).toBe(1);
    // Keys are the caller's own: another user's same key is a new request.
    const other = await freshVoter();
    expect((await toggle(other, id, 'key-1')).body).toEqual({ voted: true, helpfulCount: 2 });
    expect((await voteEvents(id)).map((event) => event.data.helpfulCount)).toEqual([1, 2, 1, 2]);
  });

  it('applies a key once when its requests arrive in parallel', async () => {
    const id = await newReview();
    const client = await freshVoter();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => toggle(client, id, 'parallel')),
    );
    expect(new Set(answers.map((a) => JSON.stringify([a.status, a.body])))).toEqual(
      new Set([JSON.stringify([200, { voted: true, helpfulCount: 1 }])]),
    );
    const mixed = await Promise.all(
      Array.from({ length: 30 }, (_, i) => toggle(client, id, `mixed-${i % 3}`)),
    );
    expect(mixed.every((a) => a.status === 200)).toBe(true);
    // Three new keys: three toggles, from voted to not voted.
    expect(await voteRows(id)).toBe(0);
    expect(await storedCount(id)).toBe(0);
    expect(await voteEvents(id)).toHaveLength(4);
  });

  it('refuses a key used on another review (409) and a refused first attempt keeps no key', async () => {
    const [a, b] = [await newReview(), await newReview()];
    const client = await freshVoter();
    expect((await toggle(client, a, 'one-review')).status).toBe(200);
    const reused = await toggle(client, b, 'one-review');
    expect([reused.status, reused.body]).toEqual([
      409,
      { message: 'This Idempotency-Key was already used for another review' },
    ]);
    expect(await voteRows(b)).toBe(0);
    expect((await toggle(client, 99_999_999, 'unknown-first')).status).toBe(404);
    expect((await toggle(client, b, 'unknown-first')).body).toEqual({
      voted: true,
      helpfulCount: 1,
    });
  });

  it('forgets a key after 24 hours: it toggles again, and the sweeper deletes it', async () => {
    const id = await newReview();
    const client = await freshVoter();
    expect((await toggle(client, id, 'daily')).body.voted).toBe(true);
    await world
      .admin('vote_keys')
      .where({ key: 'daily' })
      .update({
        expires_at: world.admin.raw("now() - interval '1 second'"),
      });
    expect((await toggle(client, id, 'daily')).body).toEqual({ voted: false, helpfulCount: 0 });
    expect((await toggle(client, id, 'daily')).body).toEqual({ voted: false, helpfulCount: 0 });
    await world
      .admin('vote_keys')
      .where({ key: 'daily' })
      .update({
        expires_at: world.admin.raw("now() - interval '1 second'"),
      });
    expect(await createVotes({ db: world.admin }).sweepKeys()).toBeGreaterThanOrEqual(1);
    expect(await world.admin('vote_keys').where({ key: 'daily' }).first()).toBeUndefined();
  });

  it('refuses a malformed key with a 400 JSON answer and changes nothing', async () => {
    const id = await newReview();
    for (const key of ['', 'k'.repeat(201), 'clé', 'tab\there']) {
      const res = await toggle(voter.client, id, key);
      expect([key, res.status, res.body.message]).toEqual([
        key,
        400,
        'Idempotency-Key must be 1 to 200 printable characters',
      ]);
    }
    expect((await toggle(voter.client, id, 'k'.repeat(200))).status).toBe(200);
    expect(await voteRows(id)).toBe(1);
  });
});
