import type { ModerationDecidedEventData, ReviewModeratedPayload } from '@trustcircle/contracts';

/**
 * What an author hears of a moderation decision on their review: a hold (their review is out
 * of sight until a moderator looks), and a moderator's keep or removal. Being queued changes
 * nothing they can see, and an appeal is their own doing: neither is news to them.
 */
export function moderationNotice(
  decision: ModerationDecidedEventData,
): ReviewModeratedPayload | null {
  const { action } = decision;
  if (action !== 'hold' && action !== 'keep' && action !== 'remove') return null;
  // A keep or removal without a moderator would be automatic: none exists, so none is told.
  if (action !== 'hold' && decision.actorId === null) return null;
  return {
    reviewId: decision.reviewId,
    businessId: decision.businessId,
    action,
    reason: action === 'remove' ? decision.reason : null,
  };
}
