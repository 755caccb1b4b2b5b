import type { ReviewEventData } from '@trustcircle/contracts';

/**
 * A review as reviews publishes it (`reviews.review.created`): a first version, shown, with no
 * votes yet. Type imports only, so the bench (plain Node, ES modules) can import this file by
 * its path as well as jest through `@trustcircle/testing`.
 */
export function reviewEvent(
  review: Pick<ReviewEventData, 'id' | 'userId'> & Partial<ReviewEventData>,
): ReviewEventData {
  return {
    businessId: 7,
    rating: 4,
    groupIds: [1],
    helpfulCount: 0,
    authorVerified: false,
    createdAt: new Date().toISOString(),
    hidden: false,
    version: 1,
    ...review,
  };
}
