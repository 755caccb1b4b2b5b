import type { ModerationLogEntry } from '@trustcircle/contracts';
import { publish, type Knex } from '@trustcircle/service-kit';
import { moderationStore } from '../store/moderation-store';
import type { ReviewFacts } from '../store/reviews-store';

/**
 * Every moderation decision is an audit-log row and a `reviews.moderation.decided` event,
 * written in the decision's transaction (docs/events.md). `actorId` is null for automatic
 * ones (queueing, holding).
 */
export async function recordDecision(
  trx: Knex.Transaction,
  review: ReviewFacts,
  action: ModerationLogEntry['action'],
  reason: string | null,
  actorId: number | null,
): Promise<void> {
  const row = await moderationStore.log(trx, {
    reviewId: review.id,
    businessId: review.businessId,
    action,
    reason,
    actorId,
  });
  await publish(trx, 'reviews.moderation.decided', {
    id: row.id,
    reviewId: review.id,
    businessId: review.businessId,
    userId: review.userId,
    action,
    reason,
    actorId,
    status: review.status,
    createdAt: row.createdAt.toISOString(),
  });
}
