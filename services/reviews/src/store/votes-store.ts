import type { HelpfulVoteResponse } from '@trustcircle/contracts';
import type { Knex } from '@trustcircle/service-kit';
import { FACT_COLUMNS, toFacts, type ReviewFacts } from './reviews-store';

/** What a helpful toggle's `Idempotency-Key` recorded: the review and its first answer. */
export interface StoredVoteKey {
  reviewId: number;
  answer: HelpfulVoteResponse | null;
}

/** All SQL on helpful votes and the toggle's idempotency keys. */
export const votesStore = {
  async has(trx: Knex, reviewId: number, userId: number): Promise<boolean> {
    return Boolean(
      await trx('helpful_votes').where({ review_id: reviewId, user_id: userId }).first('user_id'),
    );
  },

  async add(trx: Knex, reviewId: number, userId: number): Promise<void> {
    await trx('helpful_votes').insert({ review_id: reviewId, user_id: userId });
  },

  async remove(trx: Knex, reviewId: number, userId: number): Promise<void> {
    await trx('helpful_votes').where({ review_id: reviewId, user_id: userId }).delete();
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
