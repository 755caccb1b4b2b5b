import type { ReviewsExport } from '@trustcircle/contracts';
import type { Knex } from '@trustcircle/service-kit';

const iso = (value: Date) => value.toISOString();

interface ReviewRow {
  id: number;
  business_id: number;
  business_name: string | null;
  rating: number;
  content: string;
  pros: string;
  cons: string;
  group_ids: number[];
  photos: string[];
  helpful_count: number;
  status: string;
  created_at: Date;
  updated_at: Date;
}
interface VoteRow {
  review_id: number;
  created_at: Date;
}
interface ReportRow {
  review_id: number;
  reason: string;
  details: string | null;
  status: string;
  created_at: Date;
}
interface PhotoRow {
  id: string;
  review_id: number | null;
  content_type: string;
  size: number;
  created_at: Date;
}

/** All SQL for a member who leaves (issue 19): what reviews holds of them, found and removed. */
export const leaversStore = {
  /** Every review of theirs, any status, ascending (the order rows are locked in). */
  async reviewIdsOf(db: Knex, userId: number): Promise<number[]> {
    const rows: { id: number }[] = await db('reviews')
      .where({ user_id: userId })
      .orderBy('id')
      .forUpdate()
      .select('id');
    return rows.map((row) => row.id);
  },

  /** Deletes their helpful votes and answers the reviews they were on, ascending. */
  async deleteVotesBy(trx: Knex, userId: number): Promise<number[]> {
    const rows: { review_id: number }[] = await trx('helpful_votes')
      .where({ user_id: userId })
      .delete()
      .returning('review_id');
    await trx('vote_keys').where({ user_id: userId }).delete();
    return rows.map((row) => row.review_id).sort((a, b) => a - b);
  },

  /** Deletes their reports; the queue's weights become the sum of the open reports left. */
  async deleteReportsBy(trx: Knex, userId: number): Promise<void> {
    const rows: { review_id: number }[] = await trx('review_reports')
      .where({ user_id: userId })
      .delete()
      .returning('review_id');
    const reviewIds = [...new Set(rows.map((row) => row.review_id))];
    if (reviewIds.length === 0) return;
    await trx.raw(
      `update moderation_queue q set report_weight = coalesce((
         select sum(weight) from review_reports r
          where r.review_id = q.review_id and r.status = 'open'), 0)
        where q.review_id = any(?::int[])`,
      [reviewIds],
    );
  },

  /** Their photos no review uses (a deleted review's photos go with it: foreign key). */
  async deleteUnattachedPhotosOf(trx: Knex, userId: number): Promise<void> {
    await trx('photos').where({ owner_id: userId }).whereNull('review_id').delete();
  },

  /** The review with its tags, votes, reports, photos and queue entry (foreign keys). */
  async deleteReview(trx: Knex, reviewId: number): Promise<void> {
    await trx('reviews').where({ id: reviewId }).delete();
  },

  /** The projection rows of the person: display data and memberships. */
  async deleteProjections(trx: Knex, userId: number): Promise<void> {
    await trx('memberships').where({ user_id: userId }).delete();
    await trx('follows').where({ follower_id: userId }).orWhere({ followee_id: userId }).delete();
    await trx('users').where({ id: userId }).delete();
  },

  /** Kept reviews show "Former member" (migration 013); their cards are rendered anew. */
  async markAuthorLeft(trx: Knex, userId: number): Promise<void> {
    await trx('reviews').where({ user_id: userId }).update({ author_left: true });
    await trx.raw('update reviews r set card = review_card(r) where r.user_id = ?', [userId]);
  },

  async exportOf(db: Knex, userId: number): Promise<ReviewsExport> {
    const reviews: ReviewRow[] = await db('reviews as r')
      .leftJoin('businesses as b', 'b.id', 'r.business_id')
      .where('r.user_id', userId)
      .orderBy('r.id')
      .select(
        'r.*',
        'b.name as business_name',
        db.raw(
          '(select coalesce(array_agg(t.group_id order by t.group_id), array[]::int[]) from review_tags t where t.review_id = r.id) as group_ids',
        ),
      );
    const votes: VoteRow[] = await db('helpful_votes').where({ user_id: userId }).orderBy('id');
    const reports: ReportRow[] = await db('review_reports')
      .where({ user_id: userId })
      .orderBy('id');
    const photos: PhotoRow[] = await db('photos')
      .where({ owner_id: userId })
      .orderBy('created_at')
      .select('id', 'review_id', 'content_type', 'size', 'created_at');
    const replies: { review_id: number; body: string; created_at: Date; edited_at: Date | null }[] =
      await db('review_replies')
        .where({ user_id: userId })
        .whereNull('deleted_at')
        .orderBy('review_id');
    return {
      reviews: reviews.map((row) => ({
        id: row.id,
        businessId: row.business_id,
        businessName: row.business_name ?? `Business #${row.business_id}`,
        rating: row.rating,
        content: row.content,
        pros: row.pros,
        cons: row.cons,
        groupIds: row.group_ids,
        photos: row.photos,
        helpfulCount: row.helpful_count,
        status: row.status,
        createdAt: iso(row.created_at),
        updatedAt: iso(row.updated_at),
      })),
      helpfulVotes: votes.map((row) => ({
        reviewId: row.review_id,
        createdAt: iso(row.created_at),
      })),
      reports: reports.map((row) => ({
        reviewId: row.review_id,
        reason: row.reason,
        details: row.details,
        status: row.status,
        createdAt: iso(row.created_at),
      })),
      photos: photos.map((row) => ({
        id: row.id,
        reviewId: row.review_id,
        contentType: row.content_type,
        size: row.size,
        createdAt: iso(row.created_at),
      })),
      replies: replies.map((row) => ({
        reviewId: row.review_id,
        body: row.body,
        createdAt: iso(row.created_at),
        editedAt: row.edited_at ? iso(row.edited_at) : null,
      })),
    };
  },
};
