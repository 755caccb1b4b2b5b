import { CHANGE_CHANNEL, parseChangeNotice } from '@trustcircle/service-kit';
import type { TestClient } from '@trustcircle/testing';
import { Client } from 'pg';
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

it("ends the gateway's kept answers of the voted review's business alone", async () => {
  const author = await world.member();
  const shown = await reviewedBusiness(author, author.groupId);
  const voted = await reviewedBusiness(author, author.groupId);
  await world.until(
    async () => Number((await world.admin('outbox').count({ n: '*' }))[0]!.n) === 0,
    'the outbox relayed',
  );
  const reader = world.stack.client();
  const helpfulOn = async (businessId: number) => {
    const res = await reader.get(`/api/businesses/${businessId}/reviews`);
    expect(res.status).toBe(200);
    return (res.body as { helpfulCount: number }[])[0]?.helpfulCount;
  };
  const voter = await world.sessionFor(920_001);
  let round = 0;
  // A round counts only when nothing announced the whole of reviews meanwhile (the events of
  // the reviews just written still land for a moment, and rightly end every kept answer).
  await world.until(async () => {
    round += 1;
    const before = wholeReviews;
    await helpfulOn(shown.businessId);
    const kept = await helpfulOn(shown.businessId); // kept from its second load
    await silently(shown.reviewId, 100 + round);
    if ((await helpfulOn(shown.businessId)) !== kept) return false;

    const vote = await voter.request('PUT', `/api/reviews/${voted.reviewId}/helpful`);
    expect(vote.status).toBe(200);
    expect(vote.headers.get('tc-changed-parts')).toBeNull();
    await voter.request('DELETE', `/api/reviews/${voted.reviewId}/helpful`);
    const after = await helpfulOn(shown.businessId);
    await notices.query('select 1'); // notices committed so far are delivered before this answer
    if (wholeReviews !== before) return false;
    // Fails when the vote's answer ends every kept answer of reviews: 100 + round is read.
    expect(after).toBe(kept);
    return true;
  }, 'a round in which nothing announced the whole of reviews');

  // A vote on this business's review ends its kept answer as the vote's answer leaves.
  const vote = await voter.request('PUT', `/api/reviews/${shown.reviewId}/helpful`);
  expect(vote.status).toBe(200);
  expect(await helpfulOn(shown.businessId)).toBe(100 + round + 1);
  await voter.request('DELETE', `/api/reviews/${shown.reviewId}/helpful`);
  await world.admin('reviews').where({ id: shown.reviewId }).update({ helpful_count: 0 });
});
