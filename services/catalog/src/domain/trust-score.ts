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
 *
 * The sums Σ w and Σ w·rating are kept with the scores (per business and per group): a helpful
 * vote changes one review's h, so its business and groups move by that review's difference
 * alone; a group's score is derived from its sums and the global score when it is read.
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

/** Σ w and Σ w·rating over a set of counted reviews. */
export interface ScoreSums {
  weight: number;
  weightedRating: number;
}

export interface GroupScore {
  groupId: number;
  score: number;
  reviewCount: number;
  sums: ScoreSums;
}

export interface BusinessScores {
  globalTrustScore: number;
  reviewCount: number;
  /** Reviews rated POSITIVE_RATING or higher. */
  positiveCount: number;
  /** Percent of reviews rated 4 or higher, 0 if none (spec §2), rounded to a whole percent. */
  communityRating: number;
  groups: GroupScore[];
  sums: ScoreSums;
  /** The newest counted review's time (the decay's reference), null with none. */
  newestMs: number | null;
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

export function globalScore(sums: ScoreSums): number {
  return shrink(GLOBAL_PRIOR_WEIGHT, GLOBAL_PRIOR_MEAN, sums.weight, sums.weightedRating);
}

/** A group's score: its reviews' sums, shrunk towards the business's global score. */
export function groupScore(globalTrustScore: number, sums: ScoreSums): number {
  return shrink(GROUP_PRIOR_WEIGHT, globalTrustScore, sums.weight, sums.weightedRating);
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
      sums: { weight: 0, weightedRating: 0 },
      newestMs: null,
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
  const sums = { weight: sumW, weightedRating: sumWR };
  const globalTrustScore = globalScore(sums);
  return {
    globalTrustScore,
    reviewCount: facts.length,
    positiveCount,
    communityRating: communityRating(positiveCount, facts.length),
    groups: [...groups]
      .map(([groupId, g]) => {
        const groupSums = { weight: g.sumW, weightedRating: g.sumWR };
        return {
          groupId,
          score: groupScore(globalTrustScore, groupSums),
          reviewCount: g.count,
          sums: groupSums,
        };
      })
      .sort((a, b) => a.groupId - b.groupId),
    sums,
    newestMs,
  };
}

/**
 * A business's group sums are kept relative to a time of their own (`groupsAtMs`, at or before
 * the business's decay reference), so that a newer review moves only its own groups' rows, not
 * every group of its business: the decay is exponential, so sums relative to one time are the
 * sums relative to a later one times a single factor, applied when they are read.
 */
export function groupSumsAt(
  sums: ScoreSums,
  groupsAtMs: number | null,
  newestMs: number | null,
): ScoreSums {
  // No time of their own (null): they are relative to the reference already.
  if (groupsAtMs === null || newestMs === null) return sums;
  const scale = decayFactor((newestMs - groupsAtMs) / DAY_MS);
  return { weight: sums.weight * scale, weightedRating: sums.weightedRating * scale };
}

/**
 * How far behind the business's reference its group sums may be kept: further, a review or a
 * vote recomputes the business (which brings them to its reference) instead of adding weights
 * 2^(lag / half-life) times their size, which would leave floating range in about 500 years.
 */
export const GROUP_SUMS_MAX_LAG_DAYS = 32 * HALF_LIFE_DAYS;

/** Can group sums kept relative to `groupsAtMs` still be moved by additions (not recomputed)? */
export function groupSumsMovable(groupsAtMs: number, newestMs: number): boolean {
  return (newestMs - groupsAtMs) / DAY_MS <= GROUP_SUMS_MAX_LAG_DAYS;
}

/** Sums relative to the business's reference `newestMs`, relative to `groupsAtMs` instead. */
function toGroupsReference(sums: ScoreSums, groupsAtMs: number, newestMs: number): ScoreSums {
  const scale = decayFactor((newestMs - groupsAtMs) / DAY_MS);
  return { weight: sums.weight / scale, weightedRating: sums.weightedRating / scale };
}

/** A counted review whose helpful count moves from `fact.helpfulCount` to `helpfulCount`. */
export interface HelpfulChange {
  fact: ReviewFact;
  helpfulCount: number;
}

/** What helpful votes on some of one business's counted reviews do to its stored sums. */
export interface HelpfulRescore {
  sums: ScoreSums;
  globalTrustScore: number;
  /** What to add to each group's sums (relative to the groups' own time), by group id. */
  groups: Map<number, ScoreSums>;
}

/**
 * The business's sums after helpful votes, from its stored sums and each voted review's
 * difference in weight alone: no other review's weight depends on a helpful count, and the
 * decay's reference (the newest review) does not move. O(votes), where a recompute is
 * O(reviews of the business). `groupsAtMs`: the time its group sums are relative to.
 */
export function rescoreHelpful(
  stored: ScoreSums,
  newestMs: number,
  groupsAtMs: number,
  changes: readonly HelpfulChange[],
): HelpfulRescore {
  let { weight, weightedRating } = stored;
  const groups = new Map<number, ScoreSums>();
  for (const { fact, helpfulCount } of changes) {
    const dw = reviewWeight({ ...fact, helpfulCount }, newestMs) - reviewWeight(fact, newestMs);
    const dwr = dw * fact.rating;
    weight += dw;
    weightedRating += dwr;
    const delta = toGroupsReference({ weight: dw, weightedRating: dwr }, groupsAtMs, newestMs);
    for (const groupId of new Set(fact.groupIds)) {
      const group = groups.get(groupId) ?? { weight: 0, weightedRating: 0 };
      groups.set(groupId, {
        weight: group.weight + delta.weight,
        weightedRating: group.weightedRating + delta.weightedRating,
      });
    }
  }
  const sums = { weight, weightedRating };
  return { sums, globalTrustScore: globalScore(sums), groups };
}

/** What one newly counted review does to its business's stored sums. */
export interface ReviewAddition {
  sums: ScoreSums;
  globalTrustScore: number;
  /** The decay's reference after it: the later of the stored one and the review's time. */
  newestMs: number;
  /** The time the business's group sums stay relative to (they are not rescaled). */
  groupsAtMs: number;
  /** The review's own weight and weight × rating, relative to `newestMs`. */
  added: ScoreSums;
  /** The same relative to `groupsAtMs`: what each of its groups' sums gains. */
  addedToGroups: ScoreSums;
  /** Its groups, each once. */
  groupIds: number[];
  positive: boolean;
}

/**
 * A review counted for the first time, from the business's stored sums alone: O(1), where a
 * recompute reads every review of the business (thousands, for a popular one at scale). The
 * business's own sums are scaled to the new reference and the review's weight added; its groups'
 * sums, kept relative to `groupsAtMs`, only gain the review's weight (relative to that time), so
 * the business's other groups are not written at all. Read back through `groupSumsAt`, this
 * gives `computeBusinessScores` of all of them (floating rounding aside).
 */
export function addCountedReview(
  stored: ScoreSums,
  storedNewestMs: number,
  groupsAtMs: number,
  fact: ReviewFact,
): ReviewAddition {
  const newestMs = Math.max(storedNewestMs, fact.createdAtMs);
  const scale = decayFactor((newestMs - storedNewestMs) / DAY_MS);
  const weight = reviewWeight(fact, newestMs);
  const added = { weight, weightedRating: weight * fact.rating };
  const sums = {
    weight: stored.weight * scale + added.weight,
    weightedRating: stored.weightedRating * scale + added.weightedRating,
  };
  return {
    sums,
    globalTrustScore: globalScore(sums),
    newestMs,
    groupsAtMs,
    added,
    addedToGroups: toGroupsReference(added, groupsAtMs, newestMs),
    groupIds: [...new Set(fact.groupIds)],
    positive: fact.rating >= POSITIVE_RATING,
  };
}
