import { CHANGE_CHANNEL, parseChangeNotice, silenceChanges } from '@trustcircle/service-kit';
import type { TestClient } from '@trustcircle/testing';
import { Client } from 'pg';
import sharp from 'sharp';
import { uploadPhotos } from './support/photos';
import { createReviewsWorld, reviewBody, type ReviewsWorld } from './support/world';

/**
 * A vote answered through the gateway names the business it changed (`tc-changed-parts`,
 * service-kit changed-parts.ts): the gateway's kept answers of other businesses outlive it, its
 * own business's end as the answer leaves, and the header never reaches the client. Reviews'
 * own kept pages are off here, so that every read the gateway does not answer shows the rows.
 */
let world: ReviewsWorld;
let notices: Client;
/** Notices heard for the whole of reviews (any part may have changed). */
let wholeReviews = 0;

beforeAll(async () => {
  world = await createReviewsWorld({ reviewsEnv: { KEPT_PAGES_MB: '0' } });
  notices = new Client({ connectionString: world.stack.db.adminUrl });
  await notices.connect();
  notices.on('notification', ({ payload = '' }) => {
    const { service, scope } = parseChangeNotice(payload);
    if (service === 'reviews' && scope === null) wholeReviews += 1;
  });
  await notices.query(`listen ${CHANGE_CHANNEL}`);
}, 60_000);

afterAll(async () => {
  await notices?.end();
  await world?.stop();
});

async function reviewedBusiness(author: { client: TestClient }, groupId: number) {
  const businessId = await world.business();
  const res = await author.client.post('/api/reviews', reviewBody(businessId, [groupId]));
  expect(res.status).toBe(201);
  return { businessId, reviewId: res.body.id as number };
}

/** The review's count as stored, changed where no trigger sees it: nothing is announced. */
const silently = (reviewId: number, helpfulCount: number) =>
  world.admin.transaction(async (trx) => {
    await trx.raw('set local session_replication_role = replica');
    await trx('reviews').where({ id: reviewId }).update({ helpful_count: helpfulCount });
  });

/** Two businesses with a review each by a new member, once their events have gone out. */
async function twoReviewedBusinesses() {
  const author = await world.member();
  const shown = await reviewedBusiness(author, author.groupId);
  const written = await reviewedBusiness(author, author.groupId);
  await world.until(
    async () => Number((await world.admin('outbox').count({ n: '*' }))[0]!.n) === 0,
    'the outbox relayed',
  );
  return { shown, written };
}

const reader = () => world.stack.client();

async function helpfulOn(client: TestClient, businessId: number) {
  const res = await client.get(`/api/businesses/${businessId}/reviews`);
  expect(res.status).toBe(200);
  return (res.body as { helpfulCount: number }[])[0]?.helpfulCount;
}

/**
 * Rounds of: `shown`'s page kept by the gateway, its count changed where nothing announces it,
 * then `writes` (on another business) through the gateway. A round counts only when nothing
 * announced the whole of reviews meanwhile (the events of the reviews just written still land
 * for a moment, and rightly end every kept answer); the gateway must then still answer the kept
 * page. A write announced as the whole service never lets a round count: the wait times out.
 * Answers the last round's number.
 */
async function keptThrough(
  shown: { businessId: number; reviewId: number },
  writes: (round: number) => Promise<void>,
): Promise<number> {
  const client = reader();
  let round = 0;
  await world.until(async () => {
    round += 1;
    const before = wholeReviews;
    await helpfulOn(client, shown.businessId);
    const kept = await helpfulOn(client, shown.businessId); // kept from its second load
    await silently(shown.reviewId, 100 + round);
    if ((await helpfulOn(client, shown.businessId)) !== kept) return false;
    await writes(round);
    const after = await helpfulOn(client, shown.businessId);
    await notices.query('select 1'); // notices committed so far are delivered before this answer
    if (wholeReviews !== before) return false;
    // Fails when the writes' answers end every kept answer of reviews: 100 + round is read.
    expect(after).toBe(kept);
    return true;
  }, 'a round in which nothing announced the whole of reviews');
  return round;
}

it("ends the gateway's kept answers of the voted review's business alone", async () => {
  const { shown, written } = await twoReviewedBusinesses();
  const voter = await world.sessionFor(920_001);
  const round = await keptThrough(shown, async () => {
    const vote = await voter.request('PUT', `/api/reviews/${written.reviewId}/helpful`);
    expect(vote.status).toBe(200);
    expect(vote.headers.get('tc-changed-parts')).toBeNull();
    await voter.request('DELETE', `/api/reviews/${written.reviewId}/helpful`);
  });

  // A vote on this business's review ends its kept answer as the vote's answer leaves.
  const vote = await voter.request('PUT', `/api/reviews/${shown.reviewId}/helpful`);
  expect(vote.status).toBe(200);
  expect(await helpfulOn(reader(), shown.businessId)).toBe(100 + round + 1);
  await voter.request('DELETE', `/api/reviews/${shown.reviewId}/helpful`);
  await world.admin('reviews').where({ id: shown.reviewId }).update({ helpful_count: 0 });
});

it("keeps other businesses' answers through a report and a keyed toggle, and announces their business alone", async () => {
  const { shown, written } = await twoReviewedBusinesses();
  const round = await keptThrough(shown, async (round) => {
    // A report can be made once a member: a new reporter each round. Its toggles go first: ten
    // reports from new accounts hold the review, after which it cannot be voted on.
    const reporter = await world.sessionFor(930_000 + round);
    for (const key of [`on-${round}`, `off-${round}`]) {
      const toggle = await reporter.post(`/api/reviews/${written.reviewId}/helpful`, undefined, {
        'Idempotency-Key': key,
      });
      expect(toggle.status).toBe(200);
    }
    const report = await reporter.post(`/api/reviews/${written.reviewId}/report`, {
      reason: 'spam',
    });
    expect(report.status).toBe(201);
    expect(report.headers.get('tc-changed-parts')).toBeNull();
  });

  // A report on this business's review ends its kept answer as the report's answer leaves.
  const reporter = await world.sessionFor(939_999);
  const report = await reporter.post(`/api/reviews/${shown.reviewId}/report`, { reason: 'fake' });
  expect(report.status).toBe(201);
  await silently(shown.reviewId, 100 + round + 1);
  expect(await helpfulOn(reader(), shown.businessId)).toBe(100 + round + 1);
  await world.admin('reviews').where({ id: shown.reviewId }).update({ helpful_count: 0 });
});

it("ends only the written business's kept answers with a new review, its edit and its deletion", async () => {
  const { shown } = await twoReviewedBusinesses();
  const author = await world.member();
  const written = await world.business();
  await keptThrough(shown, async () => {
    const created = await author.client.post('/api/reviews', reviewBody(written, [author.groupId]));
    expect(created.status).toBe(201);
    expect(created.headers.get('tc-changed-parts')).toBeNull();
    const path = `/api/reviews/${created.body.id as number}`;
    expect((await author.client.patch(path, { rating: 3 })).status).toBe(200);
    expect((await author.client.request('DELETE', path)).status).toBe(204);
  });

  // A new review of this business ends its kept answer as the review's answer leaves.
  const created = await author.client.post(
    '/api/reviews',
    reviewBody(shown.businessId, [author.groupId]),
  );
  expect(created.status).toBe(201);
  const page = await reader().get(`/api/businesses/${shown.businessId}/reviews`);
  expect((page.body as { id: number }[])[0]?.id).toBe(created.body.id);
  await world.admin('reviews').where({ id: shown.reviewId }).update({ helpful_count: 0 });
});

it("keeps reviews' answers through photo uploads, which announce nothing", async () => {
  const { shown } = await twoReviewedBusinesses();
  const uploader = await world.sessionFor(940_001);
  const photo = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 150, b: 136 } },
  })
    .png()
    .toBuffer();
  await keptThrough(shown, async () => {
    const res = await uploadPhotos(world.stack.gatewayUrl, uploader, [
      ['a.png', 'image/png', photo],
    ]);
    expect(res.status).toBe(201);
    expect(res.headers.get('tc-changed-parts')).toBeNull();
  });
  // Fails when the photos table is announced: each upload then ends every kept answer.
  const { rows } = await world.admin.raw<{ rows: unknown[] }>(
    `select 1 from pg_trigger t join pg_class c on c.oid = t.tgrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'reviews' and c.relname = 'photos' and t.tgname like 'tc_changed%'`,
  );
  expect(rows).toEqual([]);
  await world.admin('reviews').where({ id: shown.reviewId }).update({ helpful_count: 0 });
});

it('announces votes by business again when it starts on a schema a bulk load silenced', async () => {
  // The scale loader migrates without announcing (no notice per loaded row), which drops the
  // triggers 017 and 018 made; the service's start must put them back, not the whole schema's.
  await silenceChanges(world.admin, 'reviews');
  await world.stack.stopService('reviews');
  await world.stack.startServiceAgain('reviews');
  const { shown, written } = await twoReviewedBusinesses();
  const voter = await world.sessionFor(940_001);
  await keptThrough(shown, async () => {
    expect((await voter.request('PUT', `/api/reviews/${written.reviewId}/helpful`)).status).toBe(
      200,
    );
    await voter.request('DELETE', `/api/reviews/${written.reviewId}/helpful`);
  });
});
