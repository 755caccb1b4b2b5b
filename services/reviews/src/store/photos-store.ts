import type { Knex } from '@trustcircle/service-kit';

export interface StoredPhoto {
  contentType: string;
  bytes: Buffer;
  /** The review using it (null while unattached): who wrote it and whether it is hidden. */
  review: { authorId: number; hidden: boolean } | null;
}

/** All SQL on `photos`. */
export const photosStore = {
  async insert(
    db: Knex,
    photo: { id: string; ownerId: number; contentType: string; bytes: Buffer },
  ): Promise<void> {
    await db('photos').insert({
      id: photo.id,
      owner_id: photo.ownerId,
      content_type: photo.contentType,
      size: photo.bytes.length,
      bytes: photo.bytes,
    });
  },

  /**
   * Serialises one owner's uploads until the transaction ends, so two parallel uploads cannot
   * both fit in the quota's last room. (Class id: 'p' 'h' 'o' 't', a namespace of its own.)
   */
  async lockOwner(trx: Knex, ownerId: number): Promise<void> {
    await trx.raw('select pg_advisory_xact_lock(?, ?)', [0x70686f74, ownerId]);
  },

  /** What one owner keeps, attached or not (index-only on `photos_owner_idx`). */
  async usage(db: Knex, ownerId: number): Promise<{ count: number; bytes: number }> {
    const row = await db('photos')
      .where({ owner_id: ownerId })
      .first(db.raw('count(*)::int as count'), db.raw('coalesce(sum(size), 0)::bigint as bytes'));
    return { count: row?.count ?? 0, bytes: Number(row?.bytes ?? 0) };
  },

  async find(db: Knex, id: string): Promise<StoredPhoto | null> {
    const row = await db('photos as p')
      .leftJoin('reviews as r', 'r.id', 'p.review_id')
      .where('p.id', id)
      .first('p.content_type', 'p.bytes', 'r.user_id', 'r.hidden');
    if (!row) return null;
    return {
      contentType: row.content_type,
      bytes: row.bytes,
      review: row.user_id === null ? null : { authorId: row.user_id, hidden: row.hidden },
    };
  },

  /**
   * Gives the review exactly these photos: each must be the author's and free or already
   * this review's. Answers how many were claimed; photos the review no longer uses are deleted.
   */
  async attach(trx: Knex, reviewId: number, ownerId: number, ids: string[]): Promise<number> {
    await trx('photos')
      .where({ review_id: reviewId })
      .modify((query) => {
        if (ids.length) query.whereNotIn('id', ids);
      })
      .delete();
    return photosStore.claim(trx, reviewId, ownerId, ids);
  },

  /**
   * The owner's uploads `ids` join the review (a new review has none to let go: `attach` for
   * an edit); answers how many did.
   */
  async claim(trx: Knex, reviewId: number, ownerId: number, ids: string[]): Promise<number> {
    if (!ids.length) return 0;
    return trx('photos')
      .whereIn('id', ids)
      .where({ owner_id: ownerId })
      .where((query) => query.whereNull('review_id').orWhere({ review_id: reviewId }))
      .update({ review_id: reviewId });
  },

  /** Deletes uploads no review took within `olderThanMinutes`. */
  async deleteUnattached(db: Knex, olderThanMinutes: number): Promise<number> {
    return db('photos')
      .whereNull('review_id')
      .where('created_at', '<', db.raw(`now() - make_interval(mins => ?)`, [olderThanMinutes]))
      .delete();
  },
};
