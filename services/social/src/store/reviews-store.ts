import type { Knex } from '@trustcircle/service-kit';

/** The reviews projection: whose review it is, at the newest version seen. */
export const reviewsStore = {
  /**
   * True when this version was newer than the one held (and is now held). A review whose author
   * left is not kept (reviews republishes the ones they chose to keep): nobody to notify.
   */
  async upsert(
    trx: Knex.Transaction,
    review: { id: number; userId: number; businessId: number; version: number },
  ): Promise<boolean> {
    const { rowCount } = await trx.raw<{ rowCount: number }>(
      `insert into reviews (id, user_id, business_id, version)
       select ?::int, ?::int, ?::int, ?::int
        where not exists (select 1 from users where id = ? and deleted_at is not null)
       on conflict (id) do update
         set user_id = excluded.user_id, business_id = excluded.business_id,
             version = excluded.version
         where reviews.version < excluded.version`,
      [review.id, review.userId, review.businessId, review.version, review.userId],
    );
    return rowCount > 0;
  },

  async authorOf(trx: Knex.Transaction, reviewId: number): Promise<number | null> {
    const row = await trx('reviews').where({ id: reviewId }).first<{ user_id: number }>('user_id');
    return row?.user_id ?? null;
  },

  async delete(trx: Knex.Transaction, reviewId: number): Promise<void> {
    await trx('reviews').where({ id: reviewId }).delete();
    await trx('helpful_voters').where({ review_id: reviewId }).delete();
  },

  /**
   * Records that `voterId` found the review helpful; false when they had been counted before
   * (a vote taken back and given again is one person).
   */
  async countVoter(trx: Knex.Transaction, reviewId: number, voterId: number): Promise<boolean> {
    const rows = await trx('helpful_voters')
      .insert({ review_id: reviewId, voter_id: voterId })
      .onConflict(['review_id', 'voter_id'])
      .ignore()
      .returning('voter_id');
    return rows.length > 0;
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
