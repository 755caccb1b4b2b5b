import {
  IDEMPOTENCY_KEY_REUSED,
  IDEMPOTENCY_KEY_TTL_MS,
  REVIEW_NOT_FOUND,
  REVIEW_OWN_VOTE,
  type HelpfulVoteResponse,
} from '@trustcircle/contracts';
import { conflict, forbidden, notFound, type Knex } from '@trustcircle/service-kit';
import { publishVoteChanged } from '../events/review-events';
import { reviewsStore, type ReviewFacts } from '../store/reviews-store';
import { votesStore, type StoredVoteKey, type VoteStep } from '../store/votes-store';

/** `PUT` sets the caller's vote, `DELETE` unsets it, the spec's `POST` toggles it. */
export type VoteIntent = 'set' | 'unset' | 'toggle';

/** Nobody votes on an unknown or hidden review (404), nor on their own (403). */
export function checkVoter(
  review: ReviewFacts | null,
  voterId: number,
): asserts review is ReviewFacts {
  if (!review || review.hidden) throw notFound(REVIEW_NOT_FOUND);
  if (review.userId === voterId) throw forbidden(REVIEW_OWN_VOTE);
}

/**
 * The changes a request tries, in order, stopping at the first that changes something: a
 * toggle adds the caller's vote, or removes the one they had.
 */
export function voteSteps(intent: VoteIntent): readonly VoteStep[] {
  if (intent === 'set') return ['add'];
  if (intent === 'unset') return ['remove'];
  return ['add', 'remove'];
}

/** The vote a request leaves: the change it made, or what it asked for when nothing changed. */
export function votedAfter(intent: VoteIntent, changed: VoteStep | null): boolean {
  return changed === null ? intent === 'set' : changed === 'add';
}

/** A key used before answers its first answer again, and only for the review it was used on. */
export function replayed(stored: StoredVoteKey | null, reviewId: number): HelpfulVoteResponse {
  // A key that is not ours to take is live and committed, and commits with its answer.
  if (!stored?.answer) throw new Error('a live idempotency key without its answer');
  if (stored.reviewId !== reviewId) throw conflict(IDEMPOTENCY_KEY_REUSED);
  return stored.answer;
}

/** A vote request's answer, and the business whose review's votes it changed (null: none). */
export interface VoteOutcome {
  answer: HelpfulVoteResponse;
  changedBusiness: number | null;
}

export interface VotesDeps {
  db: Knex;
  now?: () => Date;
}

/**
 * Helpful votes (spec §4), one per user per review. Each request is one transaction that locks
 * the review first, so votes on one review apply one after another: the caller's vote is read
 * after every earlier change committed, and `helpfulCount` always equals the vote rows. A
 * change publishes `reviews.vote.changed` in the same transaction; a request that changes
 * nothing publishes nothing. An add, the commonest vote, is a transaction of one statement
 * (`addFirst`).
 */
export function createVotes({ db, now = () => new Date() }: VotesDeps) {
  async function apply(
    trx: Knex.Transaction,
    voterId: number,
    reviewId: number,
    intent: VoteIntent,
  ): Promise<VoteOutcome> {
    const steps = voteSteps(intent);
    // An add rides on the lock's statement; a refused voter rolls it back with the transaction.
    const locked =
      steps[0] === 'add'
        ? await votesStore.lockAndAdd(trx, reviewId, voterId)
        : { review: await reviewsStore.lock(trx, reviewId), added: null };
    const review = locked.review;
    checkVoter(review, voterId);
    if (locked.added) return changed(trx, locked.added, voterId, intent, 'add');
    if (steps.includes('remove')) {
      const facts = await votesStore.remove(trx, reviewId, voterId);
      if (facts) return changed(trx, facts, voterId, intent, 'remove');
    }
    const answer = { voted: votedAfter(intent, null), helpfulCount: review.helpfulCount };
    return { answer, changedBusiness: null };
  }

  /** A change made: its event, in the same transaction, and the answer. */
  async function changed(
    trx: Knex.Transaction,
    facts: ReviewFacts,
    voterId: number,
    intent: VoteIntent,
    step: VoteStep,
  ): Promise<VoteOutcome> {
    const voted = votedAfter(intent, step);
    await publishVoteChanged(trx, facts, { voterId, voted });
    return {
      answer: { voted, helpfulCount: facts.helpfulCount },
      changedBusiness: facts.businessId,
    };
  }

  const run = (voterId: number, reviewId: number, intent: VoteIntent) =>
    db.transaction((trx) => apply(trx, voterId, reviewId, intent));

  /**
   * A request whose first step is an add tries it alone first, its event in the same
   * statement (votesStore `addAnnounced`); only a toggle of a vote already there goes on to
   * the transaction, which removes it.
   */
  async function addFirst(voterId: number, reviewId: number, intent: 'set' | 'toggle') {
    const { review, added } = await votesStore.addAnnounced(db, reviewId, voterId);
    checkVoter(review, voterId);
    if (added) {
      return {
        answer: { voted: votedAfter(intent, 'add'), helpfulCount: added.helpfulCount },
        changedBusiness: added.businessId,
      };
    }
    if (intent === 'toggle') return run(voterId, reviewId, 'toggle');
    const answer = { voted: votedAfter(intent, null), helpfulCount: review.helpfulCount };
    return { answer, changedBusiness: null };
  }

  return {
    set: (voterId: number, reviewId: number) => addFirst(voterId, reviewId, 'set'),
    unset: (voterId: number, reviewId: number) => run(voterId, reviewId, 'unset'),

    /**
     * With an `Idempotency-Key`, the key is taken in the same transaction before anything
     * else: a repeat, even a concurrent one, waits for the first and answers its answer, so
     * the toggle applies once. A refused first attempt (404, 403) rolls the key back with it.
     */
    async toggle(voterId: number, reviewId: number, key?: string): Promise<VoteOutcome> {
      if (key === undefined) return addFirst(voterId, reviewId, 'toggle');
      return db.transaction(async (trx) => {
        const at = now();
        const expiresAt = new Date(at.getTime() + IDEMPOTENCY_KEY_TTL_MS);
        const mine = await votesStore.claimKey(trx, {
          userId: voterId,
          key,
          reviewId,
          now: at,
          expiresAt,
        });
        if (!mine) {
          const answer = replayed(await votesStore.keyOf(trx, voterId, key), reviewId);
          return { answer, changedBusiness: null };
        }
        const outcome = await apply(trx, voterId, reviewId, 'toggle');
        await votesStore.answerKey(trx, voterId, key, outcome.answer);
        return outcome;
      });
    },

    /** Forgets keys past their 24 hours (the sweeper's task). */
    sweepKeys: () => votesStore.sweepKeys(db, now()),
  };
}
export type Votes = ReturnType<typeof createVotes>;
