import type { Knex, Migration } from '@trustcircle/service-kit';
import { computeBusinessScores, type ReviewFact } from '../src/domain/trust-score';
import { reviewFactOf, type CountedFactRow } from '../src/store/fact-rows';

const BATCH = 500;

/** Fills the new sums of the businesses `ids` from their counted facts. */
async function fillSums(db: Knex, ids: number[]): Promise<void> {
  const rows = (
    await db.raw<{ rows: (CountedFactRow & { business_id: number })[] }>(
      `select business_id, rating, helpful_count, author_verified, author_new_account,
              created_at, group_ids
         from review_facts
        where business_id = any(?::integer[]) and rating is not null and not hidden`,
      [ids],
    )
  ).rows;
  const facts = new Map<number, ReviewFact[]>();
  for (const row of rows) {
    const list = facts.get(row.business_id) ?? [];
    list.push(reviewFactOf(row));
    facts.set(row.business_id, list);
  }
  for (const [businessId, list] of facts) {
    const scores = computeBusinessScores(list);
    await db.raw(
      `update businesses set score_weight = ?, score_weighted_rating = ?, score_newest_at = ?
        where id = ?`,
      [
        scores.sums.weight,
        scores.sums.weightedRating,
        scores.newestMs === null ? null : new Date(scores.newestMs),
        businessId,
      ],
    );
    await db.raw(
      `update business_group_scores x set weight = g.w, weighted_rating = g.wr
         from unnest(?::integer[], ?::float8[], ?::float8[]) as g(group_id, w, wr)
        where x.business_id = ? and x.group_id = g.group_id`,
      [
        scores.groups.map((group) => group.groupId),
        scores.groups.map((group) => group.sums.weight),
        scores.groups.map((group) => group.sums.weightedRating),
        businessId,
      ],
    );
  }
}

/**
 * Σ w and Σ w·rating are stored with the scores (design §6): a helpful vote moves them by one
 * review's difference instead of recomputing the business from all of its reviews. A group's
 * score is derived from its sums and the global score when read, so a vote writes only the
 * voted review's groups, not every group of the business. Existing rows are filled from the
 * facts by the trust-score module itself. Rows the previous release writes meanwhile (a
 * rollout) leave the sums behind the global score: the vote path sees the difference and
 * recomputes that business instead (scoring.ts `planHelpfulRescores`).
 */
export const storeScoreSums: Migration = {
  name: '008_score_sums',
  async up(db: Knex) {
    await db.raw(
      `alter table businesses
         add column score_weight double precision not null default 0,
         add column score_weighted_rating double precision not null default 0,
         add column score_newest_at timestamptz`,
    );
    await db.raw(
      `alter table business_group_scores
         add column weight double precision not null default 0,
         add column weighted_rating double precision not null default 0`,
    );
    const ids = (
      await db.raw<{ rows: { business_id: number }[] }>(
        `select distinct business_id from review_facts
          where rating is not null and not hidden order by business_id`,
      )
    ).rows.map((row) => row.business_id);
    for (let start = 0; start < ids.length; start += BATCH) {
      await fillSums(db, ids.slice(start, start + BATCH));
    }
    // `score` stays for one release (docs/operations.md: the previous release, still running
    // during a rollout or back after a rollback, reads it): written by every recompute, not by
    // votes, and read by nothing of this release. A default for rows written without it.
    await db.raw('alter table business_group_scores alter column score set default 0');
  },
  async down(db: Knex) {
    await db.raw('alter table business_group_scores alter column score drop default');
    await db.raw(
      'alter table business_group_scores drop column weight, drop column weighted_rating',
    );
    await db.raw(
      `alter table businesses drop column score_weight, drop column score_weighted_rating,
         drop column score_newest_at`,
    );
  },
};
