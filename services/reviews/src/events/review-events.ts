import type { ReviewEventData } from '@trustcircle/contracts';
import { publish, type Knex } from '@trustcircle/service-kit';
import { writtenByNewAccount } from '../domain/standing';
import { projectionsStore } from '../store/projections-store';
import { reviewsStore, type ReviewFacts } from '../store/reviews-store';

type ReviewSubject = 'reviews.review.created' | 'reviews.review.updated' | 'reviews.review.hidden';

/**
 * What catalog (trust scores, trending) and communities (group review counts, top
 * categories) project of a review: its facts, never its text.
 */
export async function reviewEventData(trx: Knex, facts: ReviewFacts): Promise<ReviewEventData> {
  const [groupIds, author, business] = [
    await reviewsStore.tagsOf(trx, facts.id),
    await projectionsStore.standingFacts(trx, facts.userId),
    await projectionsStore.findBusiness(trx, facts.businessId),
  ];
  return {
    id: facts.id,
    businessId: facts.businessId,
    userId: facts.userId,
    rating: facts.rating,
    groupIds,
    helpfulCount: facts.helpfulCount,
    authorVerified: author.isVerified,
    createdAt: facts.createdAt.toISOString(),
    hidden: facts.hidden,
    version: facts.version,
    status: facts.status,
    authorNewAccount: writtenByNewAccount(author.createdAt, facts.createdAt),
    ...(business ? { businessCategory: business.category } : {}),
  };
}

export async function publishReview(
  trx: Knex.Transaction,
  subject: ReviewSubject,
  facts: ReviewFacts,
): Promise<void> {
  await publish(trx, subject, await reviewEventData(trx, facts));
}

/**
 * What catalog projects of a vote (the review's new count and version), and who voted which
 * way, for social's "found your review helpful".
 */
export async function publishVoteChanged(
  trx: Knex.Transaction,
  facts: ReviewFacts,
  vote: { voterId: number; voted: boolean },
): Promise<void> {
  await publish(trx, 'reviews.vote.changed', {
    reviewId: facts.id,
    businessId: facts.businessId,
    helpfulCount: facts.helpfulCount,
    version: facts.version,
    voterId: vote.voterId,
    voted: vote.voted,
  });
}
