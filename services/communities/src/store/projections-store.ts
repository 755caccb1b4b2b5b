import { upsertNewestVersion, type Knex } from '@trustcircle/service-kit';

export interface UserProjection {
  id: number;
  username: string;
  name: string;
  version: number;
}

/** All SQL on the projections other services' events feed. */
export const projectionsStore = {
  /** Keeps the newest version of a user; an older or repeated one changes nothing. */
  async upsertUser(trx: Knex.Transaction, user: UserProjection): Promise<void> {
    const { id, username, name, version } = user;
    await upsertNewestVersion(trx, 'users', 'id', { id, username, name, version });
  },

  /** A member by username, in any letter case (profile pages address people so). */
  async userIdByUsername(db: Knex, username: string): Promise<number | null> {
    const row = await db('users')
      .whereRaw('lower(username) = lower(?)', [username])
      .first<{ id: number } | undefined>('id');
    return row?.id ?? null;
  },

  /** A member who left the platform: their display data goes (reconcile: no orphan rows). */
  async deleteUser(trx: Knex.Transaction, userId: number): Promise<void> {
    await trx('users').where({ id: userId }).delete();
  },

  /** A deleted review's row, once its tags are gone. */
  async deleteReview(trx: Knex.Transaction, reviewId: number): Promise<void> {
    await trx('reviews').where({ id: reviewId }).delete();
  },

  /**
   * The review's projection row, created if new and locked for the transaction, so events for
   * one review apply one at a time. A new row has version 0: any real version is newer.
   */
  async lockReview(trx: Knex.Transaction, reviewId: number): Promise<{ version: number }> {
    await trx.raw(
      `insert into reviews (id, version, hidden) values (?, 0, false) on conflict do nothing`,
      [reviewId],
    );
    const row = await trx('reviews').where({ id: reviewId }).forUpdate().first('version');
    return { version: (row as { version: number }).version };
  },

  async setReview(
    trx: Knex.Transaction,
    reviewId: number,
    state: { version: number; hidden: boolean },
  ): Promise<void> {
    await trx('reviews').where({ id: reviewId }).update(state);
  },

  async reviewGroups(trx: Knex.Transaction, reviewId: number): Promise<number[]> {
    const rows = await trx('review_groups').where({ review_id: reviewId }).select('group_id');
    return rows.map((row: { group_id: number }) => row.group_id);
  },

  /** Of these ids, the groups that exist (a tag may name a group this service never had). */
  async existingGroups(trx: Knex.Transaction, groupIds: number[]): Promise<number[]> {
    if (groupIds.length === 0) return [];
    const rows = await trx('groups').whereIn('id', groupIds).select('id');
    return rows.map((row: { id: number }) => row.id);
  },

  /**
   * Moves a review's tags from one set of groups to another and adjusts each group's count by
   * the difference, in ascending group id order so concurrent events never deadlock.
   */
  async retag(
    trx: Knex.Transaction,
    reviewId: number,
    { added, removed }: { added: number[]; removed: number[] },
  ): Promise<void> {
    if (removed.length) {
      await trx('review_groups')
        .where({ review_id: reviewId })
        .whereIn('group_id', removed)
        .delete();
    }
    if (added.length) {
      await trx('review_groups').insert(
        added.map((groupId) => ({ review_id: reviewId, group_id: groupId })),
      );
    }
    const deltas = [
      ...added.map((id) => [id, 1] as const),
      ...removed.map((id) => [id, -1] as const),
    ];
    for (const [groupId, delta] of deltas.sort((a, b) => a[0] - b[0])) {
      await trx('groups')
        .where({ id: groupId })
        .update({ review_count: trx.raw('review_count + ?', [delta]) });
    }
  },
};
