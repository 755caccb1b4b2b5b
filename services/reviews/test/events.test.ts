import {
  ModeratedReviewSchema,
  parseEventEnvelope,
  type EventEnvelope,
} from '@trustcircle/contracts';
import { reviewsPublished } from './support/stream';
import { createReviewsWorld, reviewBody, type ReviewsWorld } from './support/world';

let world: ReviewsWorld;

beforeAll(async () => {
  world = await createReviewsWorld();
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

const reviewEvents = async (reviewId: number, count: number) =>
  world.until(async () => {
    const events = (await reviewsPublished(world)).filter((event) =>
      event.type === 'reviews.vote.changed'
        ? event.data.reviewId === reviewId
        : event.type.startsWith('reviews.review.') &&
          (event.data as { id: number }).id === reviewId,
    );
    return events.length >= count ? events : null;
  }, `${count} events of review ${reviewId}`);

describe('reviews events', () => {
  it('publishes what catalog and communities need: created, vote.changed, updated, hidden', async () => {
    const author = await world.register();
    const voter = await world.register();
    const groupId = await world.group('Coffee lovers');
    const otherGroup = await world.group('Night owls');
    await world.join(author.id, groupId);
    await world.join(author.id, otherGroup);
    const businessId = await world.business('Bean There', 'Restaurants');

    const created = await author.client.post('/api/reviews', reviewBody(businessId, [groupId]));
    const id = created.body.id as number;
    await voter.client.post(`/api/reviews/${id}/helpful`);
    await author.client.patch(`/api/reviews/${id}`, { rating: 5, groupIds: [groupId, otherGroup] });
    // Two established accounts' reports (0.5 each) hold the review.
    for (const reporter of [await world.register(), await world.register()]) {
      await world.admin('users').where({ id: reporter.id }).update({ created_at: '2020-01-01' });
      await reporter.client.post(`/api/reviews/${id}/report`, { reason: 'spam' });
    }

    const events = await reviewEvents(id, 4);
    expect(events.map((event) => event.type)).toEqual([
      'reviews.review.created',
      'reviews.vote.changed',
      'reviews.review.updated',
      'reviews.review.hidden',
    ]);
    const [create, vote, update, hidden] = events as [
      EventEnvelope<'reviews.review.created'>,
      EventEnvelope<'reviews.vote.changed'>,
      EventEnvelope<'reviews.review.updated'>,
      EventEnvelope<'reviews.review.hidden'>,
    ];
    expect(create.producer).toBe('reviews');
    expect(create.data).toEqual({
      id,
      businessId,
      userId: author.id,
      rating: 4,
      groupIds: [groupId],
      helpfulCount: 0,
      authorVerified: false,
      createdAt: created.body.createdAt,
      hidden: false,
      version: 1,
      status: 'published',
      authorNewAccount: true,
      businessCategory: 'Restaurants',
    });
    // Written by the review's own statement (store/new-review-statement.ts), not a checked object.
    expect(parseEventEnvelope(create)).toMatchObject({ ok: true, envelope: create });
    expect(vote.data).toEqual({
      reviewId: id,
      businessId,
      helpfulCount: 1,
      version: 2,
      voterId: voter.id,
      voted: true,
    });
    expect(parseEventEnvelope(vote)).toMatchObject({ ok: true, envelope: vote });
    expect(vote.producer).toBe('reviews');
    expect(update.data).toMatchObject({
      rating: 5,
      groupIds: [groupId, otherGroup].sort((a, b) => a - b),
      helpfulCount: 1,
      version: 3,
    });
    expect(hidden.data).toMatchObject({
      hidden: true,
      status: 'held',
      version: 4,
      helpfulCount: 1,
    });
  });

  it('projects users, groups, businesses and memberships order-safely by version', async () => {
    await world.emit('catalog.business.updated', {
      id: 4242,
      name: 'New name',
      category: 'Automotive',
      image: null,
      version: 3,
    });
    await world.emit('catalog.business.created', {
      id: 4242,
      name: 'Old name',
      category: 'Automotive',
      image: null,
      version: 1,
    });
    await world.emit('communities.group.created', {
      id: 4343,
      name: 'Later',
      color: null,
      icon: null,
      creatorId: 1,
      createdAt: new Date().toISOString(),
      version: 2,
    });
    await world.emit('communities.group.created', {
      id: 4343,
      name: 'Earlier',
      color: null,
      icon: null,
      creatorId: 1,
      createdAt: new Date().toISOString(),
      version: 1,
    });
    // Left after joined, delivered in the opposite order.
    await world.emit('communities.member.left', {
      groupId: 4343,
      userId: 77,
      leftAt: '2026-01-01T10:00:01.000Z',
    });
    await world.emit('communities.member.joined', {
      groupId: 4343,
      userId: 77,
      joinedAt: '2026-01-01T10:00:00.000Z',
    });
    await world.emit('identity.user.updated', {
      id: 78,
      username: 'newer',
      name: 'Newer',
      avatar: null,
      isVerified: true,
      createdAt: new Date().toISOString(),
      version: 2,
    });
    await world.emit('identity.user.registered', {
      id: 78,
      username: 'older',
      name: 'Older',
      avatar: null,
      isVerified: false,
      createdAt: new Date().toISOString(),
      version: 1,
    });
    // A marker emitted last: once it is projected, everything before it has been seen.
    const marker = await world.business('Marker');
    expect(marker).toBeGreaterThan(0);
    // Consumers of different producers run independently, and one consumer's handlers run
    // concurrently: wait for the state every delivery order must end in (or time out).
    await world.until(
      async () =>
        (await world.admin('users').where({ id: 78, version: 2 }).first()) &&
        (await world.admin('memberships').where({ user_id: 77, member: false }).first()) &&
        (await world.admin('groups').where({ id: 4343, version: 2 }).first()) &&
        (await world.admin('businesses').where({ id: 4242, version: 3 }).first()),
      'all projected',
    );
    expect(await world.admin('businesses').where({ id: 4242 }).first()).toMatchObject({
      name: 'New name',
      version: 3,
    });
    expect(await world.admin('groups').where({ id: 4343 }).first()).toMatchObject({
      name: 'Later',
      version: 2,
    });
    expect(await world.admin('memberships').where({ user_id: 77 }).first()).toMatchObject({
      member: false,
    });
    expect(await world.admin('users').where({ id: 78 }).first()).toMatchObject({
      username: 'newer',
      is_verified: true,
      version: 2,
    });
  });

  it('keeps every read view current as the names it shows change or arrive late', async () => {
    const author = await world.register('cardauthor');
    const reader = await world.register();
    // A membership whose group has not been projected yet: the review still answers.
    const groupId = 4500;
    await world.join(author.id, groupId);
    await world.join(reader.id, groupId);
    const businessId = await world.business('Before Bistro');
    const created = await author.client.post('/api/reviews', reviewBody(businessId, [groupId]));
    expect(created.status).toBe(201);
    expect(created.body.groups).toEqual([{ id: groupId, name: `Group #${groupId}` }]);
    expect(created.body.businessName).toBe('Before Bistro');
    const id = created.body.id as number;

    await world.emit('communities.group.created', {
      id: groupId,
      name: 'Late Group',
      color: null,
      icon: null,
      creatorId: author.id,
      createdAt: new Date().toISOString(),
      version: 1,
    });
    await world.emit('catalog.business.updated', {
      id: businessId,
      name: 'After Bistro',
      category: 'Restaurants',
      image: null,
      version: 2,
    });
    await world.emit('identity.user.updated', {
      id: author.id,
      username: 'cardauthor',
      name: 'Renamed Author',
      avatar: '/avatars/renamed.png',
      isVerified: false,
      createdAt: new Date().toISOString(),
      version: 9,
    });
    const renamed = {
      id,
      businessName: 'After Bistro',
      groups: [{ id: groupId, name: 'Late Group' }],
      user: { id: author.id, name: 'Renamed Author', avatar: '/avatars/renamed.png' },
    };
    await world.until(async () => {
      const read = await reader.client.get(`/api/reviews/${id}`);
      return (
        read.body.businessName === 'After Bistro' &&
        read.body.groups[0]?.name === 'Late Group' &&
        read.body.user.name === 'Renamed Author'
      );
    }, 'renamed read view');

    const lists = await Promise.all([
      reader.client.get(`/api/reviews/${id}`),
      reader.client.get('/api/reviews/feed'),
      reader.client.get(`/api/groups/${groupId}/reviews`),
      reader.client.get(`/api/businesses/${businessId}/reviews`),
      author.client.get('/api/reviews/user'),
    ]);
    for (const list of lists) {
      expect(list.status).toBe(200);
      expect(list.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const reviews = Array.isArray(list.body) ? list.body : [list.body];
      const review = reviews.find((item: { id: number }) => item.id === id);
      expect(review).toMatchObject(renamed);
      // Exactly the contract's shape, the live fields included (`moderation` for the author).
      expect(ModeratedReviewSchema.strict().parse(review)).toEqual(review);
      expect(review.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    // The viewer's own fields are live, not part of what is kept rendered.
    const voted = await reader.client.post(`/api/reviews/${id}/helpful`);
    expect(voted.body).toEqual({ voted: true, helpfulCount: 1 });
    const after = await reader.client.get(`/api/reviews/${id}`);
    expect(after.body).toMatchObject({ ...renamed, helpfulCount: 1, hasVoted: true });
    expect((await author.client.get(`/api/reviews/${id}`)).body.hasVoted).toBe(false);
  });

  it('republishes the author’s reviews when their verification changes', async () => {
    const author = await world.register();
    const groupId = await world.group();
    await world.join(author.id, groupId);
    const businessId = await world.business();
    const id = (await author.client.post('/api/reviews', reviewBody(businessId, [groupId]))).body
      .id as number;
    const verified = await author.client.post('/api/user/verify', { token: 'CLR-ABC123' });
    expect(verified.status).toBe(200);
    const events = await reviewEvents(id, 2);
    expect(events[1]).toMatchObject({
      type: 'reviews.review.updated',
      data: { id, authorVerified: true, version: 2 },
    });
    const read = await author.client.get(`/api/reviews/${id}`);
    expect(read.body.user.isVerified).toBe(true);
    // The card carries identity's verification date (the badge's title shows it).
    expect(read.body.user.verifiedAt).toBe(verified.body.verifiedAt);
    expect(read.body.user.verifiedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});
