import type { ReviewEventData } from '@trustcircle/contracts';
import { publish, type Knex } from '@trustcircle/service-kit';
import { writtenByNewAccount } from '../domain/standing';
import { projectionsStore, type AuthorAndBusinessFacts } from '../store/projections-store';
import { reviewsStore, type ReviewFacts } from '../store/reviews-store';

type ReviewSubject = 'reviews.review.created' | 'reviews.review.updated' | 'reviews.review.hidden';

/**
 * What the caller knows already of a review's event (it just wrote the review), else read:
 * `groupIds`, the groups it is tagged with; `known`, its author's and business's facts.
 */
export interface KnownEventParts {
  groupIds?: readonly number[];
  known?: AuthorAndBusinessFacts;
}

/**
 * What catalog (trust scores, trending) and communities (group review counts, top
 * categories) project of a review: its facts, never its text.
 */
export async function reviewEventData(
  trx: Knex,
  facts: ReviewFacts,
  { groupIds, known: given }: KnownEventParts = {},
): Promise<ReviewEventData> {
  const tags = groupIds
    ? [...new Set(groupIds)].sort((a, b) => a - b)
    : await reviewsStore.tagsOf(trx, facts.id);
  const known = given ?? (await projectionsStore.eventFacts(trx, facts.userId, facts.businessId));
  return {
    id: facts.id,
    businessId: facts.businessId,
    userId: facts.userId,
    rating: facts.rating,
    groupIds: tags,
    helpfulCount: facts.helpfulCount,
    authorVerified: known.isVerified,
    createdAt: facts.createdAt.toISOString(),
    hidden: facts.hidden,
    version: facts.version,
    status: facts.status,
    authorNewAccount: writtenByNewAccount(known.createdAt, facts.createdAt),
    ...(known.businessCategory !== null ? { businessCategory: known.businessCategory } : {}),
  };
}

export async function publishReview(
  trx: Knex.Transaction,
  subject: ReviewSubject,
  facts: ReviewFacts,
  parts?: KnownEventParts,
): Promise<void> {
  await publish(trx, subject, await reviewEventData(trx, facts, parts));
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
