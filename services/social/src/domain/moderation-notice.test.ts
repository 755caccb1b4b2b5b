import type { ModerationDecidedEventData } from '@trustcircle/contracts';
import { moderationNotice } from './moderation-notice';

const decision = (over: Partial<ModerationDecidedEventData>): ModerationDecidedEventData => ({
  id: 1,
  reviewId: 2,
  businessId: 3,
  userId: 4,
  action: 'keep',
  reason: null,
  actorId: 9,
  status: 'published',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('moderationNotice', () => {
  it("tells the author of a moderator's keep and removal, with a removal's reason", () => {
    expect(moderationNotice(decision({ action: 'keep', reason: 'fine' }))).toEqual({
      reviewId: 2,
      businessId: 3,
      action: 'keep',
      reason: null,
    });
    expect(
      moderationNotice(decision({ action: 'remove', reason: 'Spam', status: 'removed' })),
    ).toEqual({ reviewId: 2, businessId: 3, action: 'remove', reason: 'Spam' });
  });

  it('tells of an automatic hold', () => {
    expect(moderationNotice(decision({ action: 'hold', actorId: null, status: 'held' }))).toEqual({
      reviewId: 2,
      businessId: 3,
      action: 'hold',
      reason: null,
    });
  });

  it('keeps quiet about queueing and the author’s own appeal', () => {
    expect(moderationNotice(decision({ action: 'queue', actorId: null }))).toBeNull();
    expect(moderationNotice(decision({ action: 'appeal', actorId: 4 }))).toBeNull();
  });
});
