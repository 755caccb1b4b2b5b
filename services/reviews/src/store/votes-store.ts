import type { HelpfulVoteResponse } from '@trustcircle/contracts';
import { preparedRows, type Knex } from '@trustcircle/service-kit';
import { FACT_COLUMNS, toFacts, type ReviewFacts, type ReviewFactsRow } from './reviews-store';

/** A change to one person's vote on one review. */
export type VoteStep = 'add' | 'remove';

const ADD_VOTE = `insert into helpful_votes (review_id, user_id) values (?, ?)
                  on conflict (review_id, user_id) do nothing
                  returning review_id`;
const REMOVE_VOTE = `delete from helpful_votes where review_id = ? and user_id = ?
                     returning review_id`;

/** What a helpful toggle's `Idempotency-Key` recorded: the review and its first answer. */
export interface StoredVoteKey {
  reviewId: number;
  answer: HelpfulVoteResponse | null;
}

/** All SQL on helpful votes and the toggle's idempotency keys. */
export const votesStore = {
  /**
   * Adds (`add`) or removes (`remove`) the caller's vote and moves the counter and version with
   * it, in one statement; answers the review's new facts, or null when there was no vote to add
   * or remove. The caller holds the review's lock, so the statement's snapshot holds every vote
   * committed before it and the counter always equals the vote rows.
   */
  async change(
    trx: Knex,
    step: VoteStep,
    reviewId: number,
    userId: number,
  ): Promise<ReviewFacts | null> {
    const [row] = await preparedRows<ReviewFactsRow>(
      trx,
      trx.raw(
        `with changed as (${step === 'add' ? ADD_VOTE : REMOVE_VOTE})
         update reviews
            set helpful_count = helpful_count ${step === 'add' ? '+' : '-'} 1,
                version = version + 1
          where id = (select review_id from changed)
         returning ${FACT_COLUMNS.join(', ')}`,
        [reviewId, userId],
      ),
    );
    return row ? toFacts(row) : null;
  },

  /** Moves the counter by `delta` and raises the version (others project the count). */
  async moveCount(trx: Knex, reviewId: number, delta: number): Promise<ReviewFacts> {
    const [row] = await trx('reviews')
      .where({ id: reviewId })
      .update({
        helpful_count: trx.raw('helpful_count + ?', [delta]),
        version: trx.raw('version + 1'),
      })
      .returning(FACT_COLUMNS);
    return toFacts(row);
  },

  /**
   * Takes the key for this request: true when it is new or its last use has expired. A live
   * key another transaction holds makes this wait for that one to end: committed, the key is
   * not taken (its answer is there to read); rolled back, it is taken here.
   */
  async claimKey(
    trx: Knex,
    key: { userId: number; key: string; reviewId: number; now: Date; expiresAt: Date },
  ): Promise<boolean> {
    const result = await trx.raw<{ rows: unknown[] }>(
      `insert into vote_keys (user_id, key, review_id, expires_at) values (?, ?, ?, ?)
       on conflict (user_id, key) do update
         set review_id = excluded.review_id, expires_at = excluded.expires_at,
             voted = null, helpful_count = null
         where vote_keys.expires_at <= ?
       returning 1`,
      [key.userId, key.key, key.reviewId, key.expiresAt, key.now],
    );
    return result.rows.length === 1;
  },

  async keyOf(trx: Knex, userId: number, key: string): Promise<StoredVoteKey | null> {
    const row = await trx('vote_keys')
      .where({ user_id: userId, key })
      .first('review_id', 'voted', 'helpful_count');
    if (!row) return null;
    const answered = row.voted !== null && row.helpful_count !== null;
    return {
      reviewId: row.review_id,
      answer: answered ? { voted: row.voted, helpfulCount: row.helpful_count } : null,
    };
  },

  async answerKey(
    trx: Knex,
    userId: number,
    key: string,
    answer: HelpfulVoteResponse,
  ): Promise<void> {
    await trx('vote_keys')
      .where({ user_id: userId, key })
      .update({ voted: answer.voted, helpful_count: answer.helpfulCount });
  },

  /** Deletes keys past their expiry; answers how many. */
  async sweepKeys(db: Knex, now: Date): Promise<number> {
    return db('vote_keys').where('expires_at', '<=', now).delete();
  },
};
