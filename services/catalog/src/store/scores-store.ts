import { preparedRows, type Knex } from '@trustcircle/service-kit';
import { GROUP_SUMS_TIMES } from './group-sums-times';
import { UPSERT_FACTS, type FactRow } from './fact-rows';
import {
  groupScore,
  type BusinessScores,
  type ReviewAddition,
  type ReviewFact,
  type ScoreSums,
} from '../domain/trust-score';

/** The facts text of `countedFactsOf`: rating,helpful,verified,newAccount,epochMs,group;group|… */
function parseFacts(text: string): ReviewFact[] {
  return text.split('|').map((line) => {
    const [rating, helpful, verified, newAccount, ms, groups] = line.split(',');
    return {
      rating: Number(rating),
      helpfulCount: Number(helpful),
      authorVerified: verified === '1',
      authorNewAccount: newAccount === '1',
      createdAtMs: Number(ms),
      groupIds: groups ? groups.split(';').map(Number) : [],
    };
  });
}

/** A business's stored sums (trust-score.ts), its global score and newest counted review. */
export interface StoredSums {
  globalTrustScore: number;
  sums: ScoreSums;
  newestMs: number | null;
  /** The time its group sums are relative to; null: `newestMs` (trust-score.ts `groupSumsAt`). */
  groupsAtMs: number | null;
}

/** A business's new global score and sums, and what its groups' sums gain. */
export interface SumsUpdate {
  businessId: number;
  globalTrustScore: number;
  sums: ScoreSums;
  groups: Map<number, ScoreSums>;
}

/** `SUMS_COLUMNS` as read. */
export interface SumsRow {
  global_trust_score: number;
  weight: number;
  weighted_rating: number;
  newest_ms: number | null;
  groups_at_ms: number | null;
}

/** A business's stored sums, of the `businesses` row aliased `b`. */
export const SUMS_COLUMNS = `b.global_trust_score, b.score_weight as weight,
  b.score_weighted_rating as weighted_rating, ${GROUP_SUMS_TIMES}`;

export function storedSums(row: SumsRow): StoredSums {
  return {
    globalTrustScore: row.global_trust_score,
    sums: { weight: row.weight, weightedRating: row.weighted_rating },
    newestMs: row.newest_ms,
    groupsAtMs: row.groups_at_ms,
  };
}

/**
 * All SQL on the scores: businesses' score columns and sums, business_group_scores. The vote
 * batch's statements are prepared (`sumsOf`, `addToSums`): they run for every batch of votes.
 */
export const scoresStore = {
  /**
   * The counted facts of one business, through the covering partial index. Aggregated into one
   * text value on the server: parsing 10,000 rows of columns costs the driver far more than
   * splitting one string (rating,helpful,verified,newAccount,epochMs,group;group|…). `date_part` (float)
   * rather than `extract` (numeric): formatting 10,000 numerics took half the statement.
   */
  async countedFacts(trx: Knex.Transaction, businessId: number): Promise<ReviewFact[]> {
    return (await scoresStore.countedFactsOf(trx, [businessId])).get(businessId) ?? [];
  },

  /** `countedFacts` of several businesses in one statement (one text value per business). */
  async countedFactsOf(
    trx: Knex.Transaction,
    businessIds: number[],
  ): Promise<Map<number, ReviewFact[]>> {
    const result = await trx.raw<{ rows: { business_id: number; facts: string }[] }>(
      `select business_id,
              string_agg(
                rating || ',' || helpful_count || ',' || author_verified::int || ',' ||
                author_new_account::int || ',' ||
                (date_part('epoch', created_at) * 1000)::bigint || ',' ||
                array_to_string(group_ids, ';'),
                '|') as facts
         from review_facts
        where business_id = any(?::integer[]) and rating is not null and not hidden
        group by business_id`,
      [businessIds],
    );
    return new Map(result.rows.map((row) => [row.business_id, parseFacts(row.facts)]));
  },

  async saveScores(
    trx: Knex.Transaction,
    businessId: number,
    scores: BusinessScores,
  ): Promise<void> {
    await scoresStore.saveScoresOf(trx, new Map([[businessId, scores]]));
  },

  /** The stored sums of several businesses (unknown businesses are left out). */
  async sumsOf(trx: Knex.Transaction, businessIds: number[]): Promise<Map<number, StoredSums>> {
    const rows = await preparedRows<SumsRow & { id: number }>(
      trx,
      trx.raw(`select b.id, ${SUMS_COLUMNS} from businesses b where b.id = any(?::integer[])`, [
        businessIds,
      ]),
    );
    return new Map(rows.map((row) => [row.id, storedSums(row)]));
  },

  /**
   * Businesses' new global scores and sums, and increments to their groups' sums, in one
   * statement (the callers hold the businesses' locks).
   */
  async addToSums(trx: Knex.Transaction, updates: SumsUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    const groups = updates.flatMap((update) =>
      [...update.groups].map(([groupId, sums]) => ({
        businessId: update.businessId,
        groupId,
        sums,
      })),
    );
    await preparedRows(
      trx,
      trx.raw(
        `with business as (
         update businesses b
            set global_trust_score = s.score, score_weight = s.w, score_weighted_rating = s.wr
           from unnest(?::integer[], ?::float8[], ?::float8[], ?::float8[]) as s(id, score, w, wr)
          where b.id = s.id
       )
       update business_group_scores x
          set weight = x.weight + g.w, weighted_rating = x.weighted_rating + g.wr
         from unnest(?::integer[], ?::integer[], ?::float8[], ?::float8[])
                as g(business_id, group_id, w, wr)
        where x.business_id = g.business_id and x.group_id = g.group_id`,
        [
          updates.map((update) => update.businessId),
          updates.map((update) => update.globalTrustScore),
          updates.map((update) => update.sums.weight),
          updates.map((update) => update.sums.weightedRating),
          groups.map((group) => group.businessId),
          groups.map((group) => group.groupId),
          groups.map((group) => group.sums.weight),
          groups.map((group) => group.sums.weightedRating),
        ],
      ),
    );
  },

  /**
   * A newly counted review (trust-score.ts `addCountedReview`) in one statement: its fact; the
   * business's score, sums, counts, decay reference and the time its group sums are relative
   * to; the review's groups' sums grown by it (a group's row inserted if it has none). The
   * business's other groups are not written. The caller holds the business's lock, so no other
   * writer adds a group row meanwhile.
   */
  async addReview(
    trx: Knex.Transaction,
    businessId: number,
    addition: ReviewAddition,
    fact: FactRow,
  ): Promise<void> {
    const { sums, addedToGroups, groupIds } = addition;
    await preparedRows(
      trx,
      trx.raw(
        `with fact as (${UPSERT_FACTS}),
       business as (
         update businesses
            set global_trust_score = ?, score_weight = ?, score_weighted_rating = ?,
                review_count = review_count + 1, positive_count = positive_count + ?,
                score_newest_at = to_timestamp(?::float8 / 1000),
                group_sums_at = to_timestamp(?::float8 / 1000)
          where id = ?
       )
       insert into business_group_scores as x (business_id, group_id, review_count, weight,
                                               weighted_rating, score)
       select ?, g, 1, ?, ?, ? from unnest(?::integer[]) as g
       on conflict (business_id, group_id)
         do update set review_count = x.review_count + 1, weight = x.weight + excluded.weight,
                       weighted_rating = x.weighted_rating + excluded.weighted_rating`,
        [
          JSON.stringify([fact]),
          addition.globalTrustScore,
          sums.weight,
          sums.weightedRating,
          addition.positive ? 1 : 0,
          addition.newestMs,
          addition.groupsAtMs,
          businessId,
          businessId,
          addedToGroups.weight,
          addedToGroups.weightedRating,
          // Only the previous release reads it (migration 008); as votes do, later moves leave it.
          groupScore(addition.globalTrustScore, addition.added),
          groupIds,
        ],
      ),
    );
  },

  /**
   * Businesses' scores, sums and group sums in one statement, however many businesses: groups
   * no longer scored are deleted, the others upserted (nothing is written for unknown
   * businesses).
   */
  async saveScoresOf(trx: Knex.Transaction, scores: Map<number, BusinessScores>): Promise<void> {
    const entries = [...scores];
    const groups = entries.flatMap(([businessId, business]) =>
      business.groups.map((group) => ({ businessId, ...group })),
    );
    await trx.raw(
      `with rescored as (
         select * from unnest(?::integer[], ?::float8[], ?::integer[], ?::integer[],
                              ?::float8[], ?::float8[], ?::float8[])
                    as s(id, score, n, positive, w, wr, newest_ms)
       ),
       business as (
         update businesses b
            set global_trust_score = s.score, review_count = s.n, positive_count = s.positive,
                score_weight = s.w, score_weighted_rating = s.wr,
                score_newest_at = to_timestamp(nullif(s.newest_ms, 'NaN') / 1000),
                group_sums_at = null
           from rescored s
          where b.id = s.id
         returning b.id
       ),
       scored as (
         select * from unnest(?::integer[], ?::integer[], ?::integer[], ?::float8[], ?::float8[],
                              ?::float8[])
                    as g(business_id, group_id, n, w, wr, score)
       ),
       removed as (
         delete from business_group_scores x
          using rescored s
          where x.business_id = s.id
            and not exists (select 1 from scored
                             where scored.business_id = x.business_id
                               and scored.group_id = x.group_id)
       )
       insert into business_group_scores (business_id, group_id, review_count, weight,
                                          weighted_rating, score)
       select scored.business_id, scored.group_id, scored.n, scored.w, scored.wr, scored.score
         from scored join business on business.id = scored.business_id
       on conflict (business_id, group_id)
         do update set review_count = excluded.review_count, weight = excluded.weight,
                       weighted_rating = excluded.weighted_rating, score = excluded.score`,
      [
        entries.map(([id]) => id),
        entries.map(([, business]) => business.globalTrustScore),
        entries.map(([, business]) => business.reviewCount),
        entries.map(([, business]) => business.positiveCount),
        entries.map(([, business]) => business.sums.weight),
        entries.map(([, business]) => business.sums.weightedRating),
        // NaN for none: knex's types admit no nulls in an array binding.
        entries.map(([, business]) => business.newestMs ?? Number.NaN),
        groups.map((group) => group.businessId),
        groups.map((group) => group.groupId),
        groups.map((group) => group.reviewCount),
        groups.map((group) => group.sums.weight),
        groups.map((group) => group.sums.weightedRating),
        // Only the previous release reads it (migration 008); votes leave it behind.
        groups.map((group) => group.score),
      ],
    );
  },
};
