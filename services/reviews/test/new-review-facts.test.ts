import { newReviewFacts } from '../src/store/new-review-facts';
import { reviewsPublished } from './support/stream';
import { createReviewsWorld, reviewBody, type ReviewsWorld } from './support/world';

/**
 * What a new review is checked against, read in one statement (store/new-review-facts.ts):
 * each part as the separate reads answered it, for known and unknown rows alike.
 */
let world: ReviewsWorld;

beforeAll(async () => {
  world = await createReviewsWorld();
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

it('answers the author’s review, the business, each group’s membership in the order asked, and the event’s facts', async () => {
  const { client, id: authorId, groupId: joined } = await world.member();
  const left = await world.group();
  await world.join(authorId, left);
  await world.leave(authorId, left);
  const notJoined = await world.group();
  const businessId = await world.business(undefined, 'Cafes');
  await world.admin('users').where({ id: authorId }).update({ is_verified: true });
  const neverCreated = 99_999_999;

  const asked = [notJoined, neverCreated, joined, left];
  const before = await newReviewFacts(world.admin, authorId, businessId, asked);
  const highestGroup = (await world.admin('groups').max('id as id').first())!.id;
  const highestBusiness = (await world.admin('businesses').max('id as id').first())!.id;
  expect(before).toEqual({
    reviewed: false,
    business: { known: true, highestBusinessId: highestBusiness },
    memberships: {
      rows: [
        { groupId: notJoined, member: null, groupKnown: true },
        { groupId: neverCreated, member: null, groupKnown: false },
        { groupId: joined, member: true, groupKnown: true },
        { groupId: left, member: false, groupKnown: true },
      ],
      highestGroupId: highestGroup,
    },
    event: { isVerified: true, createdAt: expect.any(Date), businessCategory: 'Cafes' },
  });

  const created = await client.post('/api/reviews', reviewBody(businessId, [joined]));
  expect(created.status).toBe(201);
  expect((await newReviewFacts(world.admin, authorId, businessId, [joined])).reviewed).toBe(true);
  // The review's event carries the facts read with the checks.
  const event = await world.until(
    async () =>
      (await reviewsPublished(world)).find(
        (e) => e.type === 'reviews.review.created' && e.data.id === created.body.id,
      ),
    'the review’s event',
  );
  expect(event.data).toMatchObject({
    authorVerified: true,
    authorNewAccount: true,
    businessCategory: 'Cafes',
  });
  // Another business of the same author is not reviewed.
  const other = await world.business();
  expect((await newReviewFacts(world.admin, authorId, other, [joined])).reviewed).toBe(false);
});

it('answers an unknown author and business as unverified, new and without a category', async () => {
  const facts = await newReviewFacts(world.admin, 88_888_888, 77_777_777, []);
  expect(facts).toMatchObject({
    reviewed: false,
    business: { known: false },
    memberships: { rows: [] },
    event: { isVerified: false, createdAt: null, businessCategory: null },
  });
});
