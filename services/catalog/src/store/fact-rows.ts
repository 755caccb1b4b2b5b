import type { ReviewFact } from '../domain/trust-score';

// No runtime imports: scripts/reconcile (run from source by Node) reads facts with it too.

/** A review_facts row. */
export interface FactRow {
  review_id: number;
  business_id: number;
  user_id: number | null;
  rating: number | null;
  group_ids: number[];
  helpful_count: number;
  author_verified: boolean;
  author_new_account: boolean;
  created_at: Date | null;
  hidden: boolean;
  version: number;
  facts_version: number | null;
  helpful_version: number;
}

export type FactWrite = Omit<FactRow, 'review_id'>;

export const FACT_COLUMNS = [
  'review_id',
  'business_id',
  'user_id',
  'rating',
  'group_ids',
  'helpful_count',
  'author_verified',
  'author_new_account',
  'created_at',
  'hidden',
  'version',
  'facts_version',
  'helpful_version',
] as const satisfies readonly (keyof FactRow)[];

/** Inserts or replaces the facts of one jsonb array (`?`) of `FactRow`s. */
export const UPSERT_FACTS = `insert into review_facts as f (${FACT_COLUMNS.join(', ')})
  select ${FACT_COLUMNS.join(', ')}
    from jsonb_to_recordset(?::jsonb) as x(review_id integer, business_id integer,
         user_id integer, rating smallint, group_ids integer[], helpful_count integer,
         author_verified boolean, author_new_account boolean, created_at timestamptz,
         hidden boolean, version integer, facts_version integer, helpful_version integer)
  on conflict (review_id) do update set
    ${FACT_COLUMNS.filter((c) => c !== 'review_id')
      .map((c) => `${c} = excluded.${c}`)
      .join(', ')}`;

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
