import { REVIEW_SUBJECTS, USER_SUBJECTS, VOTE_BATCH_WAIT_MS } from '@trustcircle/contracts';
import { afterCommit, createEventConsumer, type EventsContext } from '@trustcircle/service-kit';
import { scoring } from '../domain/scoring';
import { ownersStore } from '../store/owners-store';
import { projectionsStore } from '../store/projections-store';

export const CONSUMED_SUBJECTS = [
  ...REVIEW_SUBJECTS,
  'reviews.vote.changed',
  'reviews.activity.changed',
  ...USER_SUBJECTS,
  'communities.group.created',
  'communities.group.updated',
] as const;

/**
 * Review facts, authors' verification and group names (design §2), each event applied in the
 * inbox transaction together with the recomputed scores. Votes, the busiest subject, are
 * applied in batches (one transaction, each touched business rescored once). `reviewsChanged`
 * runs once a review's change has committed (trending reads the facts).
 */
export function createProjectionsConsumer(
  ctx: EventsContext,
  { reviewsChanged }: { reviewsChanged: () => void },
) {
  return createEventConsumer(ctx, {
    purpose: 'projections',
    subjects: CONSUMED_SUBJECTS,
    batch: {
      subjects: ['reviews.vote.changed'],
      concurrency: 1,
      // A vote's effect may come a moment later; batches of one cost a transaction each.
      waitMs: VOTE_BATCH_WAIT_MS,
      async handle(trx, events) {
        await scoring.applyVotes(
          trx,
          events.flatMap((event) => (event.type === 'reviews.vote.changed' ? [event.data] : [])),
        );
      },
    },
    async handle(trx, event) {
      switch (event.type) {
        case 'reviews.review.created':
        case 'reviews.review.updated':
        case 'reviews.review.hidden':
          await scoring.applyReview(trx, event.data);
          afterCommit(trx, reviewsChanged);
          return;
        case 'reviews.review.deleted':
          await scoring.dropReview(trx, event.data);
          afterCommit(trx, reviewsChanged);
          return;
        case 'reviews.vote.changed':
          await scoring.applyVotes(trx, [event.data]);
          return;
        case 'reviews.activity.changed':
          await projectionsStore.upsertActivity(trx, event.data);
          return;
        case 'identity.user.registered':
        case 'identity.user.updated':
          await scoring.applyAuthor(trx, event.data);
          await ownersStore.upsertPerson(trx, event.data);
          return;
        case 'identity.user.deleted':
          await scoring.forgetAuthor(trx, event.data);
          await ownersStore.forget(trx, event.data.id);
          return;
        case 'communities.group.created':
        case 'communities.group.updated':
          await scoring.applyGroup(trx, event.data);
          return;
      }
    },
  });
}
