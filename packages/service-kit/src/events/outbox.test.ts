import { parseEventEnvelope } from '@trustcircle/contracts';
import { buildEnvelope } from './outbox';

describe('buildEnvelope', () => {
  const review = {
    id: 7,
    businessId: 3,
    userId: 9,
    rating: 4,
    groupIds: [1, 2],
    helpfulCount: 0,
    authorVerified: true,
    createdAt: '2026-01-02T03:04:05.000Z',
    hidden: false,
    version: 1,
  };

  it('wraps a valid payload in an envelope its consumers can parse back', () => {
    const envelope = buildEnvelope('reviews.review.created', review, {
      occurredAt: new Date('2026-01-02T03:04:06.000Z'),
    });
    expect(envelope).toMatchObject({
      type: 'reviews.review.created',
      producer: 'reviews',
      occurredAt: '2026-01-02T03:04:06.000Z',
      version: 1,
      data: review,
    });
    expect(parseEventEnvelope(JSON.parse(JSON.stringify(envelope)))).toEqual({
      ok: true,
      envelope,
    });
  });

  it('drops fields outside the contract and refuses a payload that breaks it', () => {
    const extra = { ...review, passwordHash: 'x' } as typeof review;
    expect(buildEnvelope('reviews.review.created', extra).data).not.toHaveProperty('passwordHash');
    expect(() => buildEnvelope('reviews.review.created', { ...review, rating: 6 })).toThrow();
  });
});

describe('parseEventEnvelope', () => {
  it('names what is wrong', () => {
    expect(parseEventEnvelope('nope')).toMatchObject({ ok: false, reason: 'invalid envelope' });
    const base = {
      id: '6f1c1d7e-3b0a-4c55-9a53-2f7c0d1e9b11',
      producer: 'x',
      occurredAt: '2026-01-02T03:04:05.000Z',
      version: 1,
    };
    expect(parseEventEnvelope({ ...base, type: 'x.y.z', data: {} })).toEqual({
      ok: false,
      reason: 'unknown event type x.y.z',
    });
    expect(
      parseEventEnvelope({ ...base, type: 'communities.member.joined', data: { groupId: 1 } }),
    ).toMatchObject({ ok: false, reason: 'invalid communities.member.joined payload' });
  });
});
