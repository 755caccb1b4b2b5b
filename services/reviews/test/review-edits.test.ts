import sharp from 'sharp';
import { reviewsPublished } from './support/stream';
import { uploadPhotos } from './support/photos';
import { createReviewsWorld, reviewBody, type ReviewsWorld } from './support/world';

/**
 * The author's own review (issue 17): "Edited" only after their own change, the wizard's
 * lookup of their review of one business, and deleting it for good.
 */
let world: ReviewsWorld;

beforeAll(async () => {
  world = await createReviewsWorld();
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#009688' } })
    .png()
    .toBuffer();

describe('editedAt', () => {
  it('is null until the author changes the review, and a vote does not set it', async () => {
    const author = await world.member();
    const voter = await world.register();
    const businessId = await world.business();
    const created = await author.client.post(
      '/api/reviews',
      reviewBody(businessId, [author.groupId]),
    );
    expect(created.status).toBe(201);
    expect(created.body.editedAt).toBeNull();
    const id = created.body.id as number;

    await voter.client.request('PUT', `/api/reviews/${id}/helpful`);
    expect((await voter.client.get(`/api/reviews/${id}`)).body.editedAt).toBeNull();

    const edited = await author.client.patch(`/api/reviews/${id}`, { rating: 2 });
    expect(edited.status).toBe(200);
    expect(Date.parse(edited.body.editedAt)).toBeGreaterThanOrEqual(
      Date.parse(created.body.createdAt),
    );
    const listed = await voter.client.get(`/api/businesses/${businessId}/reviews`);
    expect(listed.body[0].editedAt).toBe(edited.body.editedAt);
  });
});

describe('GET /api/reviews/user?businessId=', () => {
  it("answers the caller's one review of that business, or none; 400 for a bad id", async () => {
    const author = await world.member();
    const [first, second] = [await world.business(), await world.business()];
    const mine = await author.client.post('/api/reviews', reviewBody(first, [author.groupId]));
    await author.client.post('/api/reviews', reviewBody(second, [author.groupId]));

    const found = await author.client.get(`/api/reviews/user?businessId=${first}`);
    expect(found.status).toBe(200);
    expect(found.body.map((r: { id: number }) => r.id)).toEqual([mine.body.id]);
    expect(found.body[0].moderation).toMatchObject({ status: 'published' });

    const other = await world.register();
    expect((await other.client.get(`/api/reviews/user?businessId=${first}`)).body).toEqual([]);
    expect((await author.client.get('/api/reviews/user')).body).toHaveLength(2);
    const bad = await author.client.get('/api/reviews/user?businessId=abc');
    expect([bad.status, bad.body.issues[0].message]).toEqual([
      400,
      'businessId must be a business id',
    ]);
  });
});

describe('DELETE /api/reviews/{id}', () => {
  it('deletes the review with its photos and votes, publishes it, and lets the author write again', async () => {
    const author = await world.member();
    const voter = await world.register();
    const stranger = await world.register();
    const businessId = await world.business();
    const upload = await uploadPhotos(world.stack.gatewayUrl, author.client, [
      ['a.png', 'image/png', await png()],
    ]);
    expect(upload.status).toBe(201);
    const photoUrl = upload.body[0].url as string;
    const created = await author.client.post(
      '/api/reviews',
      reviewBody(businessId, [author.groupId], { photos: [photoUrl] }),
    );
    const id = created.body.id as number;
    await voter.client.request('PUT', `/api/reviews/${id}/helpful`);

    const anonymous = await world.stack.client().request('DELETE', `/api/reviews/${id}`);
    expect(anonymous.status).toBe(401);
    const refused = await stranger.client.request('DELETE', `/api/reviews/${id}`);
    expect([refused.status, refused.body.message]).toEqual([
      403,
      'Only the author can delete this review',
    ]);

    const deleted = await author.client.request('DELETE', `/api/reviews/${id}`);
    expect([deleted.status, deleted.text]).toEqual([204, '']);
    expect((await author.client.get(`/api/reviews/${id}`)).status).toBe(404);
    expect((await author.client.request('DELETE', `/api/reviews/${id}`)).status).toBe(404);
    expect((await world.stack.client().get(photoUrl)).status).toBe(404);
    expect(await world.admin('helpful_votes').where({ review_id: id }).first()).toBeUndefined();
    const listed = await voter.client.get(`/api/businesses/${businessId}/reviews`);
    expect([listed.status, listed.body]).toEqual([200, []]);

    const events = await world.until(async () => {
      const all = await reviewsPublished(world);
      const found = all.filter(
        (event) =>
          event.type === 'reviews.review.deleted' && (event.data as { id: number }).id === id,
      );
      return found.length ? found : null;
    }, 'the deleted event');
    expect(events[0]!.data).toEqual({ id, businessId, version: expect.any(Number) });

    const again = await author.client.post(
      '/api/reviews',
      reviewBody(businessId, [author.groupId]),
    );
    expect(again.status).toBe(201);
  });
});
