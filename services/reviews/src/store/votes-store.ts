import type { HelpfulVoteResponse } from '@trustcircle/contracts';
import {
  eventInStatement,
  OUTBOX,
  preparedRows,
  wakeAfterCommit,
  type Knex,
} from '@trustcircle/service-kit';
import { FACT_COLUMNS, toFacts, type ReviewFacts, type ReviewFactsRow } from './reviews-store';

/** A change to one person's vote on one review. */
export type VoteStep = 'add' | 'remove';

/** The counter and version after `lockAndAdd`'s add, null when it added nothing. */
interface AddedRow {
  added_helpful_count: number | null;
  added_version: number | null;
  /** With an event: how many it wrote (a bigint count, as text). */
  announced?: string;
}

/**
 * Locks the review and adds the caller's vote unless `checkVoter` refuses the voter (a hidden
 * review, their own), moving the counter; `event`, a CTE reading `counted`, goes with it.
 */
function lockAndAddStatement(
  reviewId: number,
  userId: number,
  event?: { sql: string; bindings: Knex.RawBinding[] },
): { sql: string; bindings: Knex.RawBinding[] } {
  return {
    sql: `with review as (
         select ${FACT_COLUMNS.join(', ')} from reviews where id = ? for update
       ), added as (
         insert into helpful_votes (review_id, user_id)
         select id, ? from review where not hidden and user_id <> ?
         on conflict (review_id, user_id) do nothing
         returning review_id
       ), counted as (
         update reviews set helpful_count = helpful_count + 1, version = version + 1
          where id = (select review_id from added)
         returning id, business_id, helpful_count, version
       )${event ? `, ${event.sql}` : ''}
       select review.*, counted.helpful_count as added_helpful_count,
              counted.version as added_version
              ${event ? ', (select count(*) from outboxed) as announced' : ''}
         from review left join counted on true`,
    bindings: [reviewId, userId, userId, ...(event?.bindings ?? [])],
  };
}

/** The review as locked, and as it is after the add (null when nothing was added). */
function addedOf(row: (ReviewFactsRow & AddedRow) | undefined): {
  review: ReviewFacts | null;
  added: ReviewFacts | null;
} {
  if (!row) return { review: null, added: null };
  const review = toFacts(row);
  if (row.added_version === null) return { review, added: null };
  return {
    review,
    added: { ...review, helpfulCount: row.added_helpful_count!, version: row.added_version },
  };
}

/** What a helpful toggle's `Idempotency-Key` recorded: the review and its first answer. */
export interface StoredVoteKey {
  reviewId: number;
  answer: HelpfulVoteResponse | null;
}

/** All SQL on helpful votes and the toggle's idempotency keys. */
export const votesStore = {
  /**
   * Removes the caller's vote and moves the counter and version with it, in one statement;
   * answers the review's new facts, or null when there was no vote to remove. The caller holds
   * the review's lock, so the statement's snapshot holds every vote committed before it and
   * the counter always equals the vote rows.
   */
  async remove(trx: Knex, reviewId: number, userId: number): Promise<ReviewFacts | null> {
    const [row] = await preparedRows<ReviewFactsRow>(
      trx,
      trx.raw(
        `with removed as (
           delete from helpful_votes where review_id = ? and user_id = ? returning review_id)
         update reviews set helpful_count = helpful_count - 1, version = version + 1
          where id = (select review_id from removed)
         returning ${FACT_COLUMNS.join(', ')}`,
        [reviewId, userId],
      ),
    );
    return row ? toFacts(row) : null;
  },

  /**
   * Locks the review and adds the caller's vote in one statement (the commonest vote is an
   * add, and this saves it a round trip): answers the review's facts as locked, and its facts
   * after the add, or null when there was no review or the vote was there already. The lock is
   * taken before the insert runs, so a concurrent vote by the same caller has committed and
   * its row makes this one conflict. Nothing is added for a voter `checkVoter` refuses; the
   * caller applies it to `review` for its answer. Only an add rides on the lock: a removal must take its snapshot after
   * the lock is granted (`change`).
   */
  async lockAndAdd(
    trx: Knex,
    reviewId: number,
    userId: number,
  ): Promise<{ review: ReviewFacts | null; added: ReviewFacts | null }> {
    const statement = lockAndAddStatement(reviewId, userId);
    const [row] = await preparedRows<ReviewFactsRow & AddedRow>(
      trx,
      trx.raw(statement.sql, statement.bindings),
    );
    return addedOf(row);
  },

  /**
   * `lockAndAdd` and the vote's `reviews.vote.changed` as one autocommitted statement: the
   * commonest vote is an add by someone allowed to vote, and this makes it one round trip
   * instead of four (BEGIN, the add, the event, COMMIT). There is no transaction to roll back
   * a refused add: the statement adds nothing `checkVoter` refuses, and the caller still
   * applies it to `review` for its answer. The event's payload is `publishVoteChanged`'s, in
   * SQL (events.test.ts parses what is published against the contract).
   */
  async addAnnounced(
    db: Knex,
    reviewId: number,
    userId: number,
  ): Promise<{ review: ReviewFacts | null; added: ReviewFacts | null }> {
    const event = eventInStatement('reviews.vote.changed', {
      from: 'counted',
      data: `jsonb_build_object('reviewId', counted.id, 'businessId', counted.business_id,
               'helpfulCount', counted.helpful_count, 'version', counted.version,
               'voterId', ?::int, 'voted', true)`,
      bindings: [userId],
    });
    const statement = lockAndAddStatement(reviewId, userId, event);
    const [row] = await preparedRows<ReviewFactsRow & AddedRow>(
      db,
      db.raw(statement.sql, statement.bindings),
    );
    if (Number(row?.announced ?? 0) > 0) wakeAfterCommit(db, OUTBOX);
    return addedOf(row);
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
