import { randomUUID } from 'node:crypto';
import type { EventPayload } from '@trustcircle/contracts';
import { buildEnvelope, eventNaming } from '@trustcircle/service-kit';
import { TEST_NATS_URL } from '@trustcircle/testing';
import { connect } from 'nats';
import { startSocialWorld, type Member, type SocialWorld } from './support';

/**
 * Issue 18: "an owner replied to your review" and "a moderation decision on your review",
 * projected from reviews' events into the author's notifications.
 */
let world: SocialWorld;

beforeAll(async () => {
  world = await startSocialWorld();
  await world.emit('catalog.business.created', {
    id: 44,
    name: 'Harbour Books',
    category: 'Education',
    image: null,
    version: 1,
  });
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

let nextReply = 0;
const reply = (author: Member, owner: Member, reviewId: number) => ({
  reviewId,
  businessId: 44,
  reviewAuthorId: author.id,
  ownerId: owner.id,
  version: (nextReply += 1),
  at: new Date().toISOString(),
});

let nextDecision = 0;
const decision = (
  author: Member,
  reviewId: number,
  over: Partial<EventPayload<'reviews.moderation.decided'>>,
): EventPayload<'reviews.moderation.decided'> => ({
  id: (nextDecision += 1),
  reviewId,
  businessId: 44,
  userId: author.id,
  action: 'keep',
  reason: null,
  actorId: 1,
  status: 'published',
  createdAt: new Date().toISOString(),
  ...over,
});

/** Waits until the event is in social's inbox, then a little longer for anything stray. */
async function applied(eventCount: number) {
  await world.until(
    async () => Number((await world.admin('inbox').count('* as n'))[0]!.n) >= eventCount,
    `${eventCount} events applied`,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
}

const inboxSize = async () => Number((await world.admin('inbox').count('* as n'))[0]!.n);

describe('an owner replied to your review', () => {
  it('tells the author who replied and where; edits, deletions and own replies tell no one', async () => {
    const [author, owner] = [
      await world.register('Rita Reviewer'),
      await world.register('Otto Owner'),
    ];
    const reviewId = await world.review(author.id, { businessId: 44 });
    await world.emit('reviews.reply.created', reply(author, owner, reviewId));
    await world.until(async () => (await world.notifications(author)).length === 1, 'the reply');
    const [n] = await world.notifications(author);
    expect(n).toMatchObject({
      kind: 'owner_reply',
      payload: { reviewId, businessId: 44 },
      actor: { id: owner.id, username: owner.username, name: 'Otto Owner' },
      business: { id: 44, name: 'Harbour Books' },
      readAt: null,
    });

    const before = await inboxSize();
    await world.emit('reviews.reply.updated', reply(author, owner, reviewId));
    await world.emit('reviews.reply.deleted', reply(author, owner, reviewId));
    const own = await world.review(owner.id, { businessId: 44 });
    await world.emit('reviews.reply.created', reply(owner, owner, own));
    await applied(before + 2);
    expect(await world.notifications(author)).toHaveLength(1);
    expect(await world.notifications(owner)).toHaveLength(0);
  });

  it('is applied once when the event is delivered twice', async () => {
    const [author, owner] = [await world.register(), await world.register()];
    const reviewId = await world.review(author.id, { businessId: 44 });
    const envelope = buildEnvelope('reviews.reply.created', reply(author, owner, reviewId));
    const nc = await connect({ servers: TEST_NATS_URL });
    try {
      const js = nc.jetstream();
      const subject = eventNaming(world.stack.eventsPrefix).wireSubject('reviews.reply.created');
      // Two stream messages (distinct Nats-Msg-Id) carrying one event: a producer's retry.
      for (let i = 0; i < 2; i += 1) {
        await js.publish(subject, JSON.stringify(envelope), { msgID: randomUUID() });
      }
    } finally {
      await nc.close();
    }
    await world.until(
      async () =>
        (await world.admin('inbox').where({ event_id: envelope.id }).first()) !== undefined,
      'the event applied',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await world.notifications(author)).map((n) => n.kind)).toEqual(['owner_reply']);
  });

  it('is not written when the author switched the kind off', async () => {
    const [author, owner] = [await world.register(), await world.register()];
    const put = await author.client.request('PUT', '/api/notifications/preferences', {
      body: { owner_reply: false },
    });
    expect(put.body).toMatchObject({ owner_reply: false, review_moderated: true });
    const reviewId = await world.review(author.id, { businessId: 44 });
    const before = await inboxSize();
    await world.emit('reviews.reply.created', reply(author, owner, reviewId));
    await applied(before + 1);
    expect(await world.notifications(author)).toHaveLength(0);
    const bad = await author.client.request('PUT', '/api/notifications/preferences', {
      body: { owner_reply: 'off' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('a moderation decision on your review', () => {
  it("tells the author of a hold and a moderator's keep or removal, nothing else", async () => {
    const author = await world.register();
    const reviewId = await world.review(author.id, { businessId: 44 });
    const before = await inboxSize();
    await world.emit(
      'reviews.moderation.decided',
      decision(author, reviewId, { action: 'queue', actorId: null }),
    );
    await world.emit(
      'reviews.moderation.decided',
      decision(author, reviewId, { action: 'hold', actorId: null, status: 'held' }),
    );
    await world.emit(
      'reviews.moderation.decided',
      decision(author, reviewId, { action: 'appeal', actorId: author.id, status: 'held' }),
    );
    await world.emit(
      'reviews.moderation.decided',
      decision(author, reviewId, { action: 'remove', reason: 'Spam', status: 'removed' }),
    );
    await applied(before + 2);
    const list = await world.notifications(author);
    expect(list.map((n) => [n.kind, n.payload.action, n.payload.reason])).toEqual([
      ['review_moderated', 'remove', 'Spam'],
      ['review_moderated', 'hold', null],
    ]);
    // Which moderator decided is not shown to the author.
    expect(list.map((n) => n.actor)).toEqual([null, null]);
    expect(list[0].business).toEqual({ id: 44, name: 'Harbour Books' });
  });

  it('is applied once when redelivered, and honours the preference', async () => {
    const [author, quiet] = [await world.register(), await world.register()];
    await quiet.client.request('PUT', '/api/notifications/preferences', {
      body: { review_moderated: false },
    });
    const reviewId = await world.review(author.id, { businessId: 44 });
    const quietReview = await world.review(quiet.id, { businessId: 44 });
    const envelope = buildEnvelope(
      'reviews.moderation.decided',
      decision(author, reviewId, { action: 'keep' }),
    );
    const nc = await connect({ servers: TEST_NATS_URL });
    try {
      const js = nc.jetstream();
      const subject = eventNaming(world.stack.eventsPrefix).wireSubject(
        'reviews.moderation.decided',
      );
      for (let i = 0; i < 2; i += 1) {
        await js.publish(subject, JSON.stringify(envelope), { msgID: randomUUID() });
      }
    } finally {
      await nc.close();
    }
    const before = await inboxSize();
    await world.emit(
      'reviews.moderation.decided',
      decision(quiet, quietReview, { action: 'keep' }),
    );
    await applied(before + 1);
    await world.until(
      async () =>
        (await world.admin('inbox').where({ event_id: envelope.id }).first()) !== undefined,
      'the event applied',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await world.notifications(author)).map((n) => n.payload.action)).toEqual(['keep']);
    expect(await world.notifications(quiet)).toHaveLength(0);
  });
});
