import type { ReviewSummary } from '@trustcircle/contracts';
import type { Knex } from '@trustcircle/service-kit';

/** One author's counts in one scan of their rows (the user_id, business_id unique index). */
export async function reviewSummaryOf(db: Knex, userId: number): Promise<ReviewSummary> {
  const row = (await db('reviews')
    .where({ user_id: userId })
    .first(
      db.raw('(count(*) filter (where not hidden))::int as review_count'),
      db.raw('coalesce(sum(helpful_count) filter (where not hidden), 0)::int as helpful_count'),
      db.raw('(count(*) filter (where hidden))::int as hidden_count'),
    )) as { review_count: number; helpful_count: number; hidden_count: number };
  return {
    reviewCount: row.review_count,
    helpfulCount: row.helpful_count,
    hiddenCount: row.hidden_count,
  };
}
