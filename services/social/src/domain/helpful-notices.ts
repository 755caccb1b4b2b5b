import type { VoteChangedEventData } from '@trustcircle/contracts';

/** A person who found a review helpful, as the author's notification counts them. */
export interface HelpfulVoter {
  reviewId: number;
  businessId: number;
  voterId: number;
  authorId: number;
}

/** One review's unread "found helpful" notification: `count` more people to add. */
export interface HelpfulBump {
  userId: number;
  reviewId: number;
  businessId: number;
  count: number;
}

/**
 * The votes that may tell an author: given (not taken back), on a review whose author is known,
 * by someone else; each person once per review however often the batch repeats them.
 */
export function voterCandidates(
  votes: readonly VoteChangedEventData[],
  authors: ReadonlyMap<number, number>,
): HelpfulVoter[] {
  const seen = new Set<string>();
  const voters: HelpfulVoter[] = [];
  for (const vote of votes) {
    if (vote.voted !== true || vote.voterId === undefined) continue;
    const authorId = authors.get(vote.reviewId);
    if (authorId === undefined || authorId === vote.voterId) continue;
    const key = `${vote.reviewId}:${vote.voterId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    voters.push({
      reviewId: vote.reviewId,
      businessId: vote.businessId,
      voterId: vote.voterId,
      authorId,
    });
  }
  return voters;
}

/** The people counted for the first time, one bump per review, in review order. */
export function helpfulBumps(counted: readonly HelpfulVoter[]): HelpfulBump[] {
  const byReview = new Map<number, HelpfulBump>();
  for (const voter of counted) {
    const bump = byReview.get(voter.reviewId);
    if (bump) bump.count += 1;
    else
      byReview.set(voter.reviewId, {
        userId: voter.authorId,
        reviewId: voter.reviewId,
        businessId: voter.businessId,
        count: 1,
      });
  }
  return [...byReview.values()].sort((a, b) => a.reviewId - b.reviewId);
}
