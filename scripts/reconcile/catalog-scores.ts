import {
  computeBusinessScores,
  groupSumsAt,
  type BusinessScores,
  type ReviewFact,
} from '../../services/catalog/src/domain/trust-score.ts';
import { GROUP_SUMS_TIMES } from '../../services/catalog/src/store/group-sums-times.ts';
import { BUSINESS_LOCK } from '../../services/catalog/src/store/lock-keys.ts';
import { reviewFactOf, type CountedFactRow } from '../../services/catalog/src/store/fact-rows.ts';
import { countOf, type Sql } from './db.ts';
import type { Check, Drift } from './engine.ts';

/**
 * Catalog's scores (businesses' global score and counts, business_group_scores) against the
 * trust-score module (design §6) run over catalog's counted review facts.
 */

export async function lockAll(query: Sql, lock: number, ids: number[]): Promise<void> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return;
  await query('select pg_advisory_xact_lock($1, id) from unnest($2::int[]) as id', [lock, sorted]);
}

/** Scores are floating sums whose order may differ from the consumer's. */
const EPSILON = 1e-9;
const BATCH = 500;

async function recomputed(query: Sql, businessIds: number[]): Promise<Map<number, BusinessScores>> {
  const rows = await query<CountedFactRow & { business_id: number }>(
    `select business_id, rating, helpful_count, author_verified, author_new_account, created_at,
            group_ids
       from catalog.review_facts
      where business_id = any($1::int[]) and rating is not null and not hidden`,
    [businessIds],
  );
  const facts = new Map<number, ReviewFact[]>(businessIds.map((id) => [id, []]));
  for (const row of rows) {
    facts.get(row.business_id)?.push(reviewFactOf(row));
  }
  return new Map([...facts].map(([id, list]) => [id, computeBusinessScores(list)]));
}

interface StoredScores {
  id: number;
  global_trust_score: number;
  review_count: number;
  positive_count: number;
  weight: number;
  weighted_rating: number;
  newest_ms: number | null;
  /** The time the group sums are relative to (null: `newest_ms`). */
  groups_at_ms: number | null;
  groups: { g: number; n: number; w: number; wr: number }[];
}

/** Sums (and scores) match within EPSILON, relative to their size. */
const near = (stored: number, expected: number) =>
  Math.abs(stored - expected) <= EPSILON * Math.max(1, Math.abs(expected));

function differences(stored: StoredScores, expected: BusinessScores): string[] {
  const out: string[] = [];
  if (!near(stored.global_trust_score, expected.globalTrustScore)) {
    out.push(`score ${stored.global_trust_score}≠${expected.globalTrustScore}`);
  }
  if (stored.review_count !== expected.reviewCount) {
    out.push(`reviews ${stored.review_count}≠${expected.reviewCount}`);
  }
  if (stored.positive_count !== expected.positiveCount) {
    out.push(`positive ${stored.positive_count}≠${expected.positiveCount}`);
  }
  if (
    !near(stored.weight, expected.sums.weight) ||
    !near(stored.weighted_rating, expected.sums.weightedRating)
  ) {
    out.push('sums');
  }
  // Facts are read here at the driver's millisecond, by the consumer rounded: 1 ms apart at most.
  const newest = [stored.newest_ms, expected.newestMs];
  if (newest.includes(null) ? newest[0] !== newest[1] : Math.abs(newest[0]! - newest[1]!) > 1) {
    out.push('newest review');
  }
  const groups = new Map(stored.groups.map((g) => [g.g, g]));
  // Read as catalog reads them: at the business's reference (trust-score.ts `groupSumsAt`).
  const read = (g: { w: number; wr: number }) =>
    groupSumsAt({ weight: g.w, weightedRating: g.wr }, stored.groups_at_ms, stored.newest_ms);
  const sameGroups =
    groups.size === expected.groups.length &&
    expected.groups.every((g) => {
      const s = groups.get(g.groupId);
      const sums = s && read(s);
      return (
        s &&
        sums &&
        s.n === g.reviewCount &&
        near(sums.weight, g.sums.weight) &&
        near(sums.weightedRating, g.sums.weightedRating)
      );
    });
  if (!sameGroups) out.push('group scores');
  return out;
}

/** Writes recomputed scores of these businesses; the caller holds their locks. */
export async function rescore(query: Sql, businessIds: number[]): Promise<void> {
  const ids = [...new Set(businessIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const scores = await recomputed(query, ids);
  for (const [id, s] of scores) {
    await query(
      `update catalog.businesses
          set global_trust_score = $2, review_count = $3, positive_count = $4,
              score_weight = $5, score_weighted_rating = $6,
              score_newest_at = to_timestamp($7::float8 / 1000), group_sums_at = null
        where id = $1`,
      [
        id,
        s.globalTrustScore,
        s.reviewCount,
        s.positiveCount,
        s.sums.weight,
        s.sums.weightedRating,
        s.newestMs,
      ],
    );
    await query(
      `delete from catalog.business_group_scores
        where business_id = $1 and group_id <> all($2::int[])`,
      [id, s.groups.map((g) => g.groupId)],
    );
    await query(
      `insert into catalog.business_group_scores
              (business_id, group_id, review_count, weight, weighted_rating, score)
       select $1, * from unnest($2::int[], $3::int[], $4::float8[], $5::float8[], $6::float8[])
       on conflict (business_id, group_id)
         do update set review_count = excluded.review_count, weight = excluded.weight,
                       weighted_rating = excluded.weighted_rating, score = excluded.score`,
      [
        id,
        s.groups.map((g) => g.groupId),
        s.groups.map((g) => g.reviewCount),
        s.groups.map((g) => g.sums.weight),
        s.groups.map((g) => g.sums.weightedRating),
        // Read only by the previous release (catalog's migration 008).
        s.groups.map((g) => g.score),
      ],
    );
  }
}

export const scoresCheck: Check = {
  name: 'catalog.scores',
  source: 'trust-score(review_facts)',
  async find(query: Sql) {
    const drift: Drift[] = [];
    for (let after = 0; ;) {
      const stored = await query<StoredScores>(
        `select b.id, b.global_trust_score, b.review_count, b.positive_count,
                b.score_weight as weight, b.score_weighted_rating as weighted_rating,
                ${GROUP_SUMS_TIMES},
                coalesce((select json_agg(json_build_object('g', x.group_id, 'n', x.review_count,
                                                            'w', x.weight,
                                                            'wr', x.weighted_rating))
                            from catalog.business_group_scores x where x.business_id = b.id),
                         '[]') as groups
           from catalog.businesses b where b.id > $1 order by b.id limit $2`,
        [after, BATCH],
      );
      if (stored.length === 0) break;
      const expected = await recomputed(
        query,
        stored.map((b) => b.id),
      );
      for (const business of stored) {
        const found = differences(business, expected.get(business.id)!);
        if (found.length) drift.push({ key: String(business.id), detail: found.join(' ') });
      }
      after = stored.at(-1)!.id;
    }
    return { checked: await countOf(query, 'catalog.businesses'), drift };
  },
  async repair(query: Sql, keys: string[]) {
    const ids = keys.map(Number);
    await lockAll(query, BUSINESS_LOCK, ids);
    await rescore(query, ids);
  },
};
