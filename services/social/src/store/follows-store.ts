import type { PersonSummary } from '@trustcircle/contracts';
import type { Knex } from '@trustcircle/service-kit';
import { toPerson, type UserRow } from './users-store';

export interface FollowRow {
  id: number;
  follower_id: number;
  followee_id: number;
  created_at: Date;
}

/** All SQL on follows. */
export const followsStore = {
  /** The new follow, or null when it existed already (follow is idempotent). */
  async add(trx: Knex.Transaction, followerId: number, followeeId: number) {
    const [row] = await trx('follows')
      .insert({ follower_id: followerId, followee_id: followeeId })
      .onConflict(['follower_id', 'followee_id'])
      .ignore()
      .returning<FollowRow[]>(['id', 'follower_id', 'followee_id', 'created_at']);
    return row ?? null;
  },

  /** True when a follow was removed. */
  async remove(trx: Knex.Transaction, followerId: number, followeeId: number): Promise<boolean> {
    const removed = await trx('follows')
      .where({ follower_id: followerId, followee_id: followeeId })
      .delete();
    return removed > 0;
  },

  async counts(db: Knex, userId: number): Promise<{ followers: number; following: number }> {
    const { rows } = await db.raw<{ rows: { followers: string; following: string }[] }>(
      `select (select count(*) from follows where followee_id = ?) as followers,
              (select count(*) from follows where follower_id = ?) as following`,
      [userId, userId],
    );
    return { followers: Number(rows[0]!.followers), following: Number(rows[0]!.following) };
  },

  async isFollowing(db: Knex, followerId: number, followeeId: number): Promise<boolean> {
    const row = await db('follows')
      .where({ follower_id: followerId, followee_id: followeeId })
      .first('id');
    return row !== undefined;
  },

  /**
   * One side of someone's follows, newest first: `followers` (who follows `userId`) or
   * `following` (whom `userId` follows), with the people from the users projection (members
   * not projected yet, or gone, are left out).
   */
  async list(
    db: Knex,
    side: 'followers' | 'following',
    userId: number,
    page: { limit: number; beforeId?: number },
  ): Promise<{ followId: number; person: PersonSummary }[]> {
    const [own, other] =
      side === 'followers' ? ['followee_id', 'follower_id'] : ['follower_id', 'followee_id'];
    const query = db('follows as f')
      .join('users as u', 'u.id', `f.${other}`)
      .whereNull('u.deleted_at')
      .where(`f.${own}`, userId)
      .orderBy('f.id', 'desc')
      .limit(page.limit)
      .select('f.id as follow_id', 'u.id', 'u.username', 'u.name', 'u.avatar', 'u.is_verified');
    if (page.beforeId !== undefined) query.where('f.id', '<', page.beforeId);
    const rows = (await query) as (UserRow & { follow_id: number })[];
    return rows.map((row) => ({ followId: row.follow_id, person: toPerson(row) }));
  },

  /** Everything of a member who left: their follows, both ways. */
  async deleteAllOf(trx: Knex.Transaction, userId: number): Promise<void> {
    await trx('follows').where({ follower_id: userId }).orWhere({ followee_id: userId }).delete();
  },
};
