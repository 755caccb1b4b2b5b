import {
  APPEAL_ALREADY_MADE,
  APPEAL_NOT_AUTHOR,
  APPEAL_NOT_POSSIBLE,
  NOT_IN_QUEUE,
  REVIEW_NOT_FOUND,
  type AppealRequest,
  type ModerationDecisionRequest,
  type ReviewModeration,
  type ReviewStatus,
} from '@trustcircle/contracts';
import { conflict, forbidden, notFound, type Knex } from '@trustcircle/service-kit';
import { recordDecision } from '../events/moderation-events';
import { publishReview } from '../events/review-events';
import { moderationStore } from '../store/moderation-store';
import type { ModeratedView } from '../store/review-cards';
import { reviewsStore, type ReviewFacts } from '../store/reviews-store';
import { activityStore } from '../store/activity-store';
import { enqueue } from './queue';
import { afterDecision } from './unusual-activity';
import { HOLD_THRESHOLD, moderationOf, shouldHold } from './standing';

/** The review's new status, published to catalog and communities when it changed. */
async function changeStatus(
  trx: Knex.Transaction,
  facts: ReviewFacts,
  status: ReviewStatus,
  reason: string | null,
): Promise<ReviewFacts> {
  const next = await moderationStore.setStatus(trx, facts.id, { status, reason });
  if (next.status !== facts.status) {
    await publishReview(
      trx,
      next.hidden ? 'reviews.review.hidden' : 'reviews.review.updated',
      next,
    );
  }
  return next;
}

/**
 * After a report (the review locked, published): any open report queues the review; once the
 * open reports weigh HOLD_THRESHOLD it is held until a moderator decides.
 */
export async function afterReport(trx: Knex.Transaction, facts: ReviewFacts): Promise<void> {
  await enqueue(trx, facts, 'reports', 'Reported by members');
  const weight = await moderationStore.openReportWeight(trx, facts.id);
  if (facts.status === 'published' && shouldHold(weight)) {
    const held = await changeStatus(trx, facts, 'held', null);
    await recordDecision(
      trx,
      held,
      'hold',
      `Open reports weigh ${weight.toFixed(2)} (threshold ${HOLD_THRESHOLD})`,
      null,
    );
  }
}

export function createModeration({ db }: { db: Knex }) {
  return {
    /**
     * A moderator's keep (published again, open reports rejected) or remove (reports upheld)
     * of a queued review; answers the review's new facts.
     */
    async decide(
      moderatorId: number,
      reviewId: number,
      input: ModerationDecisionRequest,
    ): Promise<ReviewFacts> {
      return db.transaction(async (trx) => {
        // The business's activity lock before the review's row lock, in the order the burst
        // consumer takes them (a decision may clear the business's flag).
        const found = await reviewsStore.find(trx, reviewId);
        if (!found) throw notFound(REVIEW_NOT_FOUND);
        await activityStore.lockBusiness(trx, found.businessId);
        const facts = (await reviewsStore.lock(trx, reviewId))!;
        if (!(await moderationStore.queued(trx, reviewId))) throw conflict(NOT_IN_QUEUE);
        const keep = input.action === 'keep';
        // A keep also overturns an earlier removal (after an appeal): its reports were wrong.
        if (keep)
          await moderationStore.decideReports(trx, reviewId, ['open', 'upheld'], 'rejected');
        else await moderationStore.decideReports(trx, reviewId, ['open'], 'upheld');
        await moderationStore.dequeue(trx, reviewId);
        const reason = input.reason || null;
        const next = await changeStatus(
          trx,
          facts,
          keep ? 'published' : 'removed',
          keep ? null : reason,
        );
        await recordDecision(trx, next, input.action, reason, moderatorId);
        await afterDecision(trx, facts.businessId);
        return next;
      });
    },

    /** The author's one appeal of a hold or removal: back to the queue (cause 'appeal'). */
    async appeal(
      userId: number,
      reviewId: number,
      input: AppealRequest,
    ): Promise<ReviewModeration> {
      return db.transaction(async (trx) => {
        const facts = await reviewsStore.lock(trx, reviewId);
        if (!facts || (facts.hidden && facts.userId !== userId)) throw notFound(REVIEW_NOT_FOUND);
        if (facts.userId !== userId) throw forbidden(APPEAL_NOT_AUTHOR);
        if (facts.status === 'published') throw conflict(APPEAL_NOT_POSSIBLE);
        const state = await moderationStore.moderationState(trx, reviewId);
        if (state.appealed) throw conflict(APPEAL_ALREADY_MADE);
        await moderationStore.markAppealed(trx, reviewId);
        await enqueue(trx, facts, 'appeal', 'Appealed by the author');
        await moderationStore.setAppeal(trx, reviewId, input.message);
        await recordDecision(trx, facts, 'appeal', input.message, userId);
        return moderationOf({ ...state, appealed: true });
      });
    },
  };
}
export type Moderation = ReturnType<typeof createModeration>;

/** The read view with `moderation` (for its author and moderators only). */
export function withModeration(view: ModeratedView): string {
  return `${view.json.slice(0, -1)},"moderation":${JSON.stringify(moderationOf(view.moderation))}}`;
}
