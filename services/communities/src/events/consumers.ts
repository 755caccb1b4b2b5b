import { REVIEW_SUBJECTS, USER_SUBJECTS, type ReviewEventData } from '@trustcircle/contracts';
import { createEventConsumer, type EventsContext, type Knex } from '@trustcircle/service-kit';
import { desiredGroups, tagChanges } from '../domain/review-tags';
import { projectionsStore } from '../store/projections-store';
import { dropReview, forgetUser } from './account-events';

/**
 * Applies one review state to the group counts. Order-safe: the review's row is locked and an
 * event not newer than the version already applied changes nothing; the inbox (around this)
 * makes a redelivery of the same event a no-op as well.
 */
export async function applyReviewState(trx: Knex.Transaction, review: ReviewEventData) {
  const { version } = await projectionsStore.lockReview(trx, review.id);
  if (review.version <= version) return;
  const { current, existing } = await projectionsStore.lockTags(
    trx,
    review.id,
    desiredGroups(review),
  );
  await projectionsStore.retag(trx, review.id, tagChanges(current, existing), {
    version: review.version,
    hidden: review.hidden,
  });
}

/** Users (creator display data) and review tags (group review counts), design §2. */
export function createProjectionsConsumer(ctx: EventsContext) {
  return createEventConsumer(ctx, {
    purpose: 'projections',
    subjects: [...USER_SUBJECTS, ...REVIEW_SUBJECTS],
    async handle(trx, event) {
      switch (event.type) {
        case 'identity.user.registered':
        case 'identity.user.updated':
          await projectionsStore.upsertUser(trx, event.data);
          return;
        case 'identity.user.deleted':
          await forgetUser(trx, event.data);
          return;
        case 'reviews.review.deleted':
          await dropReview(trx, event.data);
          return;
        case 'reviews.review.created':
        case 'reviews.review.updated':
          await applyReviewState(trx, event.data);
          return;
        case 'reviews.review.hidden':
          // Whatever the payload says, a hide event takes the review out of every count.
          await applyReviewState(trx, { ...event.data, hidden: true });
          return;
      }
    },
  });
}
