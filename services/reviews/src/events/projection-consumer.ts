import { USER_SUBJECTS, type EventEnvelope, type EventSubject } from '@trustcircle/contracts';
import { createEventConsumer, type EventsContext, type Knex } from '@trustcircle/service-kit';
import { projectionsStore } from '../store/projections-store';
import { repliesStore } from '../store/replies-store';
import { reviewsStore } from '../store/reviews-store';
import { forgetUser } from './leavers';
import { publishReview } from './review-events';

export const PROJECTED_SUBJECTS = [
  ...USER_SUBJECTS,
  'communities.group.created',
  'communities.group.updated',
  'communities.member.joined',
  'communities.member.left',
  'catalog.business.created',
  'catalog.business.updated',
  'catalog.owner.approved',
  'social.follow.created',
  'social.follow.removed',
] as const satisfies readonly EventSubject[];
type Projected = (typeof PROJECTED_SUBJECTS)[number];

/** Applies one event to the projections; runs in the consumer's inbox transaction. */
export async function applyProjectedEvent(
  trx: Knex.Transaction,
  event: EventEnvelope<Projected>,
): Promise<void> {
  switch (event.type) {
    case 'identity.user.registered':
    case 'identity.user.updated': {
      const { changed, wasVerified } = await projectionsStore.upsertUser(trx, event.data);
      // A verification changes how much the author's reviews weigh in trust scores, and so
      // does the account's age once it is first known: tell catalog through a new version of
      // each review (the user's review count is small).
      if (changed && (wasVerified === null || wasVerified !== event.data.isVerified)) {
        for (const id of await reviewsStore.idsByUser(trx, event.data.id)) {
          const facts = await reviewsStore.lock(trx, id);
          if (!facts || facts.hidden) continue;
          await publishReview(
            trx,
            'reviews.review.updated',
            await reviewsStore.bumpVersion(trx, id),
          );
        }
      }
      return;
    }
    case 'identity.user.deleted':
      return forgetUser(trx, event.data);
    case 'communities.group.created':
    case 'communities.group.updated':
      return projectionsStore.upsertGroup(trx, event.data);
    case 'communities.member.joined':
      return projectionsStore.memberJoined(trx, event.data);
    case 'communities.member.left':
      return projectionsStore.memberLeft(trx, event.data);
    case 'catalog.business.created':
    case 'catalog.business.updated':
      return projectionsStore.upsertBusiness(trx, event.data);
    case 'catalog.owner.approved':
      return repliesStore.addOwner(trx, event.data);
    case 'social.follow.created':
      return projectionsStore.followed(trx, event.data);
    case 'social.follow.removed':
      return projectionsStore.unfollowed(trx, event.data);
  }
}

export function createProjectionConsumer(ctx: EventsContext) {
  return createEventConsumer(ctx, {
    purpose: 'projections',
    subjects: PROJECTED_SUBJECTS,
    handle: applyProjectedEvent,
  });
}
