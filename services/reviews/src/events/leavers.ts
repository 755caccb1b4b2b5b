import type { UserDeletedEventData } from '@trustcircle/contracts';
import { publish, type Knex } from '@trustcircle/service-kit';
import { leaversStore } from '../store/leavers-store';
import { repliesStore } from '../store/replies-store';
import { reviewsStore } from '../store/reviews-store';
import { votesStore } from '../store/votes-store';
import { publishReview, publishVoteChanged } from './review-events';

/**
 * A member left the platform (docs/events.md, `identity.user.deleted`). Their helpful votes
 * and reports go (the reviews they were on publish their new counts, as any vote change does),
 * their reviews either go with their photos (each published as `reviews.review.deleted`, so
 * scores and group counts follow) or stay as by "Former member" (republished, so scores weigh
 * them as an unknown author's), and their projection rows go.
 */
export async function forgetUser(trx: Knex.Transaction, user: UserDeletedEventData) {
  // The renames' lock (migration 004): no card of theirs is rendered half-way through this.
  await trx.raw(`select pg_advisory_xact_lock(card_lock_key('user'), ?)`, [user.id]);
  for (const reviewId of await leaversStore.deleteVotesBy(trx, user.id)) {
    const facts = await reviewsStore.lock(trx, reviewId);
    if (!facts) continue;
    await publishVoteChanged(trx, await votesStore.moveCount(trx, reviewId, -1), {
      voterId: user.id,
      voted: false,
    });
  }
  await leaversStore.deleteReportsBy(trx, user.id);
  await repliesStore.forget(trx, user.id);

  const own = await leaversStore.reviewIdsOf(trx, user.id);
  if (user.reviews === 'delete') {
    for (const reviewId of own) {
      const facts = await reviewsStore.bumpVersion(trx, reviewId);
      await publish(trx, 'reviews.review.deleted', {
        id: facts.id,
        businessId: facts.businessId,
        version: facts.version,
      });
      await leaversStore.deleteReview(trx, reviewId);
    }
  }
  await leaversStore.deleteUnattachedPhotosOf(trx, user.id);
  await leaversStore.deleteProjections(trx, user.id);
  if (user.reviews === 'keep') {
    await leaversStore.markAuthorLeft(trx, user.id);
    // Without an author, a kept review weighs as an unknown author's (not verified, not a new
    // account): a new version tells catalog, as a verification change does.
    for (const reviewId of own) {
      await publishReview(
        trx,
        'reviews.review.updated',
        await reviewsStore.bumpVersion(trx, reviewId),
      );
    }
  }
}
