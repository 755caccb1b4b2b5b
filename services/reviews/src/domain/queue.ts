import type { QueueCause } from '@trustcircle/contracts';
import type { Knex } from '@trustcircle/service-kit';
import { recordDecision } from '../events/moderation-events';
import { moderationStore } from '../store/moderation-store';
import type { ReviewFacts } from '../store/reviews-store';

/** Queues the review for a cause (logged the first time it enters the queue). */
export async function enqueue(
  trx: Knex.Transaction,
  facts: ReviewFacts,
  cause: QueueCause,
  reason: string,
): Promise<void> {
  const reportWeight = await moderationStore.openReportWeight(trx, facts.id);
  const added = await moderationStore.enqueue(trx, {
    reviewId: facts.id,
    businessId: facts.businessId,
    cause,
    reportWeight,
  });
  if (added) await recordDecision(trx, facts, 'queue', reason, null);
}
