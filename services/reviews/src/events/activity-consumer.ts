import { createEventConsumer, type EventsContext } from '@trustcircle/service-kit';
import { applyReviewCreated } from '../domain/unusual-activity';

/**
 * Reviews' own `reviews.review.created`, off the request path: the burst rule per business
 * (durable `reviews-activity`).
 */
export function createActivityConsumer(ctx: EventsContext, minReviews: number) {
  return createEventConsumer(ctx, {
    purpose: 'activity',
    subjects: ['reviews.review.created'],
    concurrency: 4,
    handle: (trx, event) => applyReviewCreated(trx, event.data, minReviews),
  });
}
