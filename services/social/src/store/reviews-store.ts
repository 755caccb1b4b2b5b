import { preparedRows, type Knex } from '@trustcircle/service-kit';

/** The reviews projection: whose review it is, at the newest version seen. */
export const reviewsStore = {
  /**
   * True when this version was newer than the one held (and is now held). A review whose author
   * left is not kept (reviews republishes the ones they chose to keep): nobody to notify. The
   * author's row is read `for share`: a departure being applied at the same time (its tombstone
   * first, `forgetUser`) either waits for this row and deletes it, or is waited for and seen.
   */
  async upsert(
    trx: Knex.Transaction,
    review: { id: number; userId: number; businessId: number; version: number },
  ): Promise<boolean> {
    const { rowCount } = await trx.raw<{ rowCount: number }>(
      `insert into reviews (id, user_id, business_id, version)
       select ?::int, ?::int, ?::int, ?::int
        where coalesce((select deleted_at is null from users where id = ? for share), true)
       on conflict (id) do update
         set user_id = excluded.user_id, business_id = excluded.business_id,
             version = excluded.version
         where reviews.version < excluded.version`,
      [review.id, review.userId, review.businessId, review.version, review.userId],
    );
    return rowCount > 0;
  },

  /** The authors of these reviews, of those projected here. */
  async authorsOf(trx: Knex.Transaction, reviewIds: number[]): Promise<Map<number, number>> {
    if (reviewIds.length === 0) return new Map();
    // Prepared, like the vote batch's other statements (one text for any number of ids).
    const rows = await preparedRows<{ id: number; user_id: number }>(
      trx,
      trx.raw('select id, user_id from reviews where id = any(?::int[])', [
        [...new Set(reviewIds)],
      ]),
    );
    return new Map(rows.map((row) => [row.id, row.user_id]));
  },

  async delete(trx: Knex.Transaction, reviewId: number): Promise<void> {
    await trx('reviews').where({ id: reviewId }).delete();
    await trx('helpful_voters').where({ review_id: reviewId }).delete();
  },

  /**
   * Records that these people found these reviews helpful; answers the ones counted for the
   * first time (a vote taken back and given again is one person). In key order, so two
   * transactions that share pairs take them in the same order.
   */
  async countVoters<V extends { reviewId: number; voterId: number }>(
    trx: Knex.Transaction,
    voters: readonly V[],
  ): Promise<V[]> {
    if (voters.length === 0) return [];
    const sorted = [...voters].sort((a, b) => a.reviewId - b.reviewId || a.voterId - b.voterId);
    const rows = await preparedRows<{ review_id: number; voter_id: number }>(
      trx,
      trx.raw(
        `insert into helpful_voters (review_id, voter_id)
         select * from unnest(?::int[], ?::int[])
         on conflict (review_id, voter_id) do nothing
         returning review_id, voter_id`,
        [sorted.map((v) => v.reviewId), sorted.map((v) => v.voterId)],
      ),
    );
    const fresh = new Set(rows.map((row) => `${row.review_id}:${row.voter_id}`));
    return voters.filter((v) => fresh.has(`${v.reviewId}:${v.voterId}`));
  },

  /** A member who left: their reviews' rows and their counted votes. */
  async deleteAllOf(trx: Knex.Transaction, userId: number): Promise<void> {
    await trx('helpful_voters').where({ voter_id: userId }).delete();
    await trx('helpful_voters')
      .whereIn('review_id', trx('reviews').where({ user_id: userId }).select('id'))
      .delete();
    await trx('reviews').where({ user_id: userId }).delete();
  },
};
