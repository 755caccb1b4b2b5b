import type { ReviewEventData } from '@trustcircle/contracts';
import type { Knex } from '@trustcircle/service-kit';
import { publishActivity } from '../events/activity-events';
import { activityStore } from '../store/activity-store';
import { reviewsStore } from '../store/reviews-store';
import { activityRanges, flagExpired, isBurst } from './burst';
import { enqueue } from './queue';

async function queueForActivity(trx: Knex.Transaction, reviewId: number, count: number) {
  const facts = await reviewsStore.lock(trx, reviewId);
  if (facts && facts.status !== 'removed') {
    await enqueue(trx, facts, 'unusual-activity', `Unusual activity: ${count} reviews in 24 h`);
  }
}

/**
 * A new review of a business (from reviews' own `reviews.review.created`, off the request
 * path, one business at a time): while the business is flagged it joins the queue; otherwise
 * the burst rule decides whether this review starts a burst.
 */
export async function applyReviewCreated(
  trx: Knex.Transaction,
  review: ReviewEventData,
  minReviews: number,
) {
  await activityStore.lockBusiness(trx, review.businessId);
  // Events carry milliseconds, the table microseconds: the review's own row must fall inside.
  const at = new Date(Date.parse(review.createdAt) + 1);
  const { windowStart, baselineStart } = activityRanges(at);
  const { active, counts } = await activityStore.activeAndCounts(trx, review.businessId, {
    baselineStart,
    windowStart,
    at,
  });
  if (active) {
    await queueForActivity(trx, review.id, active.review_count + 1);
    await publishActivity(
      trx,
      await activityStore.setCount(trx, review.businessId, active.review_count + 1),
    );
    return;
  }
  if (!isBurst(counts, minReviews)) return;
  const burst = await activityStore.windowReviews(trx, review.businessId, { windowStart, at });
  if (burst.length === 0) return;
  for (const { id } of burst) await queueForActivity(trx, id, burst.length);
  const flagged = await activityStore.flag(trx, {
    businessId: review.businessId,
    since: burst[0]!.created_at,
    reviewCount: burst.length,
  });
  await publishActivity(trx, flagged);
}

/** After a moderator's decision: the flag clears once the burst's reviews are all decided. */
export async function afterDecision(trx: Knex.Transaction, businessId: number): Promise<void> {
  // The caller holds the business's activity lock.
  if (!(await activityStore.active(trx, businessId))) return;
  if ((await activityStore.pendingBurstReviews(trx, businessId)) > 0) return;
  await publishActivity(trx, await activityStore.clear(trx, businessId));
}

/** Clears the flags raised `flagHours` or more before `now`; answers how many. */
export async function clearExpiredFlags(db: Knex, now: Date, flagHours: number): Promise<number> {
  let cleared = 0;
  for (const flag of await activityStore.flaggedBusinesses(db)) {
    if (!flagExpired(flag.flagged_at, now, flagHours)) continue;
    await db.transaction(async (trx) => {
      await activityStore.lockBusiness(trx, flag.business_id);
      const active = await activityStore.active(trx, flag.business_id);
      if (!active || !flagExpired(active.flagged_at, now, flagHours)) return;
      await publishActivity(trx, await activityStore.clear(trx, flag.business_id));
      cleared += 1;
    });
  }
  return cleared;
}
