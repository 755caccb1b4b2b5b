/**
 * Design §6, the one place the trust-score formula and its constants live (docs/trust-score.md
 * explains them). Pure: no clock, no I/O; ages are measured from the business's newest review.
 *
 *   w = v · a · h · d
 *     v = 1.5 if the author is verified, else 1
 *     a = 0.5 if the author's account was younger than 7 days when the review was written, else 1
 *     h = 1 + log10(1 + helpfulCount)
 *     d = 0.5 ^ (ageDays / 180)         age from the business's newest counted review
 *   global = (m·C + Σ w·rating) / (m + Σ w)     m = 3, C = 3.5; 0 with no review
 *   group  = (m'·global + Σ w·rating) / (m' + Σ w) over the reviews tagged with the group, m' = 2
 */

export const VERIFIED_WEIGHT = 1.5;
export const UNVERIFIED_WEIGHT = 1;
/** Reviews written from accounts younger than 7 days (issue 15: fresh accounts are cheap). */
export const NEW_ACCOUNT_WEIGHT = 0.5;
export const HALF_LIFE_DAYS = 180;
export const GLOBAL_PRIOR_WEIGHT = 3;
export const GLOBAL_PRIOR_MEAN = 3.5;
export const GROUP_PRIOR_WEIGHT = 2;
/** Spec §9: the positive-review threshold. */
export const POSITIVE_RATING = 4;

const DAY_MS = 86_400_000;

/** What one counted (not hidden) review contributes. */
export interface ReviewFact {
  rating: number;
  helpfulCount: number;
  authorVerified: boolean;
  /** The author's account was younger than 7 days when the review was written. */
  authorNewAccount: boolean;
  /** Milliseconds since the epoch. */
  createdAtMs: number;
  groupIds: readonly number[];
}

export interface GroupScore {
  groupId: number;
  score: number;
  reviewCount: number;
}

export interface BusinessScores {
  globalTrustScore: number;
  reviewCount: number;
  /** Reviews rated POSITIVE_RATING or higher. */
  positiveCount: number;
  /** Percent of reviews rated 4 or higher, 0 if none (spec §2), rounded to a whole percent. */
  communityRating: number;
  groups: GroupScore[];
}

export function verificationFactor(verified: boolean): number {
  return verified ? VERIFIED_WEIGHT : UNVERIFIED_WEIGHT;
}

export function accountAgeFactor(newAccount: boolean): number {
  return newAccount ? NEW_ACCOUNT_WEIGHT : 1;
}

export function helpfulnessFactor(helpfulCount: number): number {
  return 1 + Math.log10(1 + Math.max(0, helpfulCount));
}

export function decayFactor(ageDays: number): number {
  return Math.pow(0.5, Math.max(0, ageDays) / HALF_LIFE_DAYS);
}

/** w = v · a · h · d for a review, given the time of the business's newest review. */
export function reviewWeight(fact: ReviewFact, newestMs: number): number {
  const ageDays = (newestMs - fact.createdAtMs) / DAY_MS;
  return (
    verificationFactor(fact.authorVerified) *
    accountAgeFactor(fact.authorNewAccount) *
    helpfulnessFactor(fact.helpfulCount) *
    decayFactor(ageDays)
  );
}

/** (m·prior + Σ w·rating) / (m + Σ w). */
export function shrink(
  priorWeight: number,
  priorMean: number,
  sumWeights: number,
  sumWeightedRatings: number,
): number {
  return (priorWeight * priorMean + sumWeightedRatings) / (priorWeight + sumWeights);
}

export function communityRating(positiveCount: number, reviewCount: number): number {
  return reviewCount === 0 ? 0 : Math.round((100 * positiveCount) / reviewCount);
}

/** Every score of one business from its counted reviews, in O(reviews + tags). */
export function computeBusinessScores(facts: readonly ReviewFact[]): BusinessScores {
  if (facts.length === 0) {
    return {
      globalTrustScore: 0,
      reviewCount: 0,
      positiveCount: 0,
      communityRating: 0,
      groups: [],
    };
  }
  let newestMs = -Infinity;
  for (const fact of facts) if (fact.createdAtMs > newestMs) newestMs = fact.createdAtMs;

  let sumW = 0;
  let sumWR = 0;
  let positiveCount = 0;
  const groups = new Map<number, { sumW: number; sumWR: number; count: number }>();
  for (const fact of facts) {
    const w = reviewWeight(fact, newestMs);
    sumW += w;
    sumWR += w * fact.rating;
    if (fact.rating >= POSITIVE_RATING) positiveCount += 1;
    for (const groupId of new Set(fact.groupIds)) {
      const group = groups.get(groupId);
      if (group) {
        group.sumW += w;
        group.sumWR += w * fact.rating;
        group.count += 1;
      } else {
        groups.set(groupId, { sumW: w, sumWR: w * fact.rating, count: 1 });
      }
    }
  }
  const globalTrustScore = shrink(GLOBAL_PRIOR_WEIGHT, GLOBAL_PRIOR_MEAN, sumW, sumWR);
  return {
    globalTrustScore,
    reviewCount: facts.length,
    positiveCount,
    communityRating: communityRating(positiveCount, facts.length),
    groups: [...groups]
      .map(([groupId, g]) => ({
        groupId,
        score: shrink(GROUP_PRIOR_WEIGHT, globalTrustScore, g.sumW, g.sumWR),
        reviewCount: g.count,
      }))
      .sort((a, b) => a.groupId - b.groupId),
  };
}
