import type { ReviewFact } from '../domain/trust-score';

// No runtime imports: scripts/reconcile (run from source by Node) reads facts with it too.

/** A counted review_facts row (its review's state known, not hidden), as the columns read. */
export interface CountedFactRow {
  rating: number;
  helpful_count: number;
  author_verified: boolean;
  author_new_account: boolean;
  created_at: Date;
  group_ids: number[];
}

/** What a counted fact contributes to the scores (trust-score.ts). */
export function reviewFactOf(row: CountedFactRow): ReviewFact {
  return {
    rating: row.rating,
    helpfulCount: row.helpful_count,
    authorVerified: row.author_verified,
    authorNewAccount: row.author_new_account,
    createdAtMs: row.created_at.getTime(),
    groupIds: row.group_ids,
  };
}
