import {
  REPLY_BODY_REQUIRED,
  REPLY_EXISTS,
  REPLY_NOT_FOUND,
  REPLY_NOT_YOURS,
  REPLY_OWNERS_ONLY,
  REVIEW_NOT_FOUND,
  ReviewSchema,
} from '@trustcircle/contracts';
import { readStream } from './support/stream';
import { createReviewsWorld, reviewBody, type ReviewsWorld } from './support/world';

/**
 * Owners' replies (issue 18): one public reply per review by an owner of its business (owners
 * come from catalog's `catalog.owner.approved`), shown in every read view of the review, edited
 * and deleted by its writer, each change published through the outbox.
 */
let world: ReviewsWorld;
let prefix: string;
let claimId = 0;

beforeAll(async () => {
  world = await createReviewsWorld();
  prefix = world.stack.running.get('reviews')!.ctx.config.EVENTS_PREFIX;
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

/** A business with a review by a member, and an owner as catalog announces one. */
async function reviewedBusiness() {
  const businessId = await world.business('Riverside Bikes');
  const author = await world.member();
  const created = await author.client.post(
    '/api/reviews',
    reviewBody(businessId, [author.groupId]),
  );
  expect(created.status).toBe(201);
  const owner = await world.register();
  await world.emit('catalog.owner.approved', {
    businessId,
    userId: owner.id,
    claimId: (claimId += 1),
    approvedAt: new Date().toISOString(),
  });
  await world.until(
    () =>
      world.admin('business_owners').where({ business_id: businessId, user_id: owner.id }).first(),
    'the owner projected',
  );
  return { businessId, author, owner, reviewId: created.body.id as number };
}

const replyEvents = async (reviewId: number) =>
  (await readStream(prefix, 'reviews')).filter(
    (event) =>
      event.type.startsWith('reviews.reply.') &&
      (event.data as { reviewId: number }).reviewId === reviewId,
  );

describe('an owner’s reply', () => {
  it('is written once, shown under the review everywhere, edited and deleted by its owner', async () => {
    const { businessId, author, owner, reviewId } = await reviewedBusiness();
    const path = `/api/reviews/${reviewId}/reply`;
    const res = await owner.client.post(path, { body: '  Thank you, see you soon!  ' });
    expect(res.status).toBe(201);
    const reply = {
      body: 'Thank you, see you soon!',
      owner: { id: owner.id, username: expect.any(String), name: expect.stringMatching(/^Name /) },
      createdAt: expect.any(String),
      editedAt: null,
    };
    expect(res.body).toEqual(reply);

    const single = await world.stack.client().get(`/api/reviews/${reviewId}`);
    expect(single.body.reply).toEqual(reply);
    expect(ReviewSchema.parse(single.body).reply).toEqual(res.body);
    const page = await author.client.get(`/api/businesses/${businessId}/reviews`);
    expect(page.body[0].reply).toEqual(reply);
    const feed = await author.client.get('/api/reviews/feed');
    expect(feed.body.find((r: { id: number }) => r.id === reviewId).reply).toEqual(reply);

    const second = await owner.client.post(path, { body: 'Again' });
    expect([second.status, second.body]).toEqual([409, { message: REPLY_EXISTS }]);

    const edited = await owner.client.patch(path, { body: 'Thanks for the kind words!' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      body: 'Thanks for the kind words!',
      editedAt: expect.any(String),
    });

    const gone = await owner.client.request('DELETE', path);
    expect(gone.status).toBe(204);
    expect((await author.client.get(`/api/reviews/${reviewId}`)).body.reply).toBeNull();
    expect((await owner.client.request('DELETE', path)).status).toBe(404);
    // After a deletion the owner may write again.
    expect((await owner.client.post(path, { body: 'Welcome back' })).status).toBe(201);

    const events = await world.until(async () => {
      const found = await replyEvents(reviewId);
      return found.length >= 4 ? found : null;
    }, 'the reply events');
    expect(events.map((e) => [e.type, (e.data as { version: number }).version])).toEqual([
      ['reviews.reply.created', 1],
      ['reviews.reply.updated', 2],
      ['reviews.reply.deleted', 3],
      ['reviews.reply.created', 4],
    ]);
    expect(events[0]!.data).toEqual({
      reviewId,
      businessId,
      reviewAuthorId: author.id,
      ownerId: owner.id,
      version: 1,
      at: expect.any(String),
    });
  });

  it('answers 400 for a bad body and 401 to visitors', async () => {
    const { owner, reviewId } = await reviewedBusiness();
    const path = `/api/reviews/${reviewId}/reply`;
    for (const body of [
      {},
      { body: '' },
      { body: '   ' },
      { body: 5 },
      { body: 'x'.repeat(2001) },
    ]) {
      const res = await owner.client.post(path, body);
      expect([res.status, res.body.message]).toEqual([400, expect.any(String)]);
    }
    expect((await owner.client.post(path, { body: '' })).body.issues).toEqual([
      { path: 'body', message: REPLY_BODY_REQUIRED },
    ]);
    expect((await owner.client.post(path, { body: 'x'.repeat(2000) })).status).toBe(201);
    expect((await owner.client.patch(path, { body: '' })).status).toBe(400);
    const visitor = world.stack.client();
    expect((await visitor.post(path, { body: 'Hi' })).status).toBe(401);
    expect((await visitor.patch(path, { body: 'Hi' })).status).toBe(401);
    expect((await visitor.request('DELETE', path)).status).toBe(401);
  });

  it('answers 403 to members who do not own the business or did not write the reply', async () => {
    const { businessId, author, owner, reviewId } = await reviewedBusiness();
    const path = `/api/reviews/${reviewId}/reply`;
    const stranger = await world.register();
    const notOwner = await stranger.client.post(path, { body: 'Hi' });
    expect([notOwner.status, notOwner.body]).toEqual([403, { message: REPLY_OWNERS_ONLY }]);
    expect((await author.client.post(path, { body: 'Hi' })).status).toBe(403);

    await owner.client.post(path, { body: 'Ours' });
    const coOwner = await world.register();
    await world.emit('catalog.owner.approved', {
      businessId,
      userId: coOwner.id,
      claimId: (claimId += 1),
      approvedAt: new Date().toISOString(),
    });
    await world.until(
      () => world.admin('business_owners').where({ user_id: coOwner.id }).first(),
      'the co-owner',
    );
    const edit = await coOwner.client.patch(path, { body: 'Mine now' });
    expect([edit.status, edit.body]).toEqual([403, { message: REPLY_NOT_YOURS }]);
    expect((await coOwner.client.request('DELETE', path)).status).toBe(403);
    expect((await author.client.get(`/api/reviews/${reviewId}`)).body.reply.body).toBe('Ours');
  });

  it('answers 404 for unknown, deleted and hidden reviews, and for a reply that is not there', async () => {
    const { owner, reviewId, author } = await reviewedBusiness();
    for (const id of ['999999', 'abc']) {
      const res = await owner.client.post(`/api/reviews/${id}/reply`, { body: 'Hi' });
      expect([res.status, res.body]).toEqual([404, { message: REVIEW_NOT_FOUND }]);
    }
    const none = await owner.client.patch(`/api/reviews/${reviewId}/reply`, { body: 'Hi' });
    expect([none.status, none.body]).toEqual([404, { message: REPLY_NOT_FOUND }]);

    // A review a moderator removed takes no reply (as the moderation decision leaves it).
    await world
      .admin('reviews')
      .where({ id: reviewId })
      .update({ hidden: true, status: 'removed' });
    expect((await owner.client.post(`/api/reviews/${reviewId}/reply`, { body: 'Hi' })).status).toBe(
      404,
    );
    await world
      .admin('reviews')
      .where({ id: reviewId })
      .update({ hidden: false, status: 'published' });

    expect((await author.client.request('DELETE', `/api/reviews/${reviewId}`)).status).toBe(204);
    expect((await owner.client.post(`/api/reviews/${reviewId}/reply`, { body: 'Hi' })).status).toBe(
      404,
    );
  });
});
