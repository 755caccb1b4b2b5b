import type {
  GroupEventData,
  ReviewDeletedEventData,
  ReviewEventData,
  UserDeletedEventData,
  UserEventData,
  VoteChangedEventData,
} from '@trustcircle/contracts';
import type { Knex } from '@trustcircle/service-kit';
import { projectionsStore, type FactRow, type FactWrite } from '../store/projections-store';
import { reviewFactOf } from '../store/fact-rows';
import { scoresStore, type StoredSums, type SumsUpdate } from '../store/scores-store';
import {
  addCountedReview,
  computeBusinessScores,
  globalScore,
  groupSumsMovable,
  rescoreHelpful,
  type HelpfulChange,
  type ReviewAddition,
  type ReviewFact,
} from './trust-score';

/**
 * Keeps review facts and scores up to date from events, idempotently and in any order:
 * each fact keeps the highest `version` it has seen per kind of field (full review state vs
 * helpful count), and the business's scores are recomputed from all of its facts in the same
 * transaction, under a per-business lock. Helpful votes, the busiest events, move the stored
 * sums by the voted reviews' difference alone (trust-score.ts `rescoreHelpful`).
 */

/** Recomputes every score of one business from its counted facts. O(reviews of it). */
export async function recomputeBusiness(trx: Knex.Transaction, businessId: number) {
  await projectionsStore.lockBusinesses(trx, [businessId]);
  return rescoreLocked(trx, businessId);
}

/** `recomputeBusiness` for a caller that holds the business's lock already. */
async function rescoreLocked(trx: Knex.Transaction, businessId: number) {
  const facts = await scoresStore.countedFacts(trx, businessId);
  const scores = computeBusinessScores(facts);
  await scoresStore.saveScores(trx, businessId, scores);
  return scores;
}

/**
 * The fact held, as a row to write back (its key is the caller's), or an empty one that counts
 * nothing until a review state fills it in.
 */
function writableFact(
  existing: FactRow | null,
  businessId: number,
  userId: number | null,
  version: number,
): FactWrite {
  if (existing) {
    const { review_id: _key, ...fact } = existing;
    return fact;
  }
  return {
    business_id: businessId,
    user_id: userId,
    rating: null,
    group_ids: [],
    helpful_count: 0,
    author_verified: false,
    author_new_account: false,
    created_at: null,
    hidden: false,
    version,
    facts_version: null,
    helpful_version: 0,
  };
}

/** Merges a full review state (created/updated/hidden) into the fact; null if nothing changed. */
export function mergeReview(
  existing: FactRow | null,
  review: ReviewEventData,
  authorVerified: boolean | null,
): FactWrite | null {
  const newerFacts = existing?.facts_version == null || existing.facts_version < review.version;
  const newerHelpful = !existing || existing.helpful_version < review.version;
  if (!newerFacts && !newerHelpful) return null;
  const base = writableFact(existing, review.businessId, review.userId, review.version);
  if (newerFacts) {
    base.business_id = review.businessId;
    base.user_id = review.userId;
    base.rating = review.rating;
    base.group_ids = [...new Set(review.groupIds)];
    base.author_verified = authorVerified ?? review.authorVerified;
    base.author_new_account = review.authorNewAccount ?? false;
    base.created_at = new Date(review.createdAt);
    base.hidden = review.hidden;
    base.facts_version = review.version;
  }
  if (newerHelpful) {
    base.helpful_count = review.helpfulCount;
    base.helpful_version = review.version;
  }
  base.version = Math.max(base.version, review.version);
  return base;
}

/** Merges a vote (helpful count) into the fact; null if an equal or newer count is known. */
export function mergeVote(existing: FactRow | null, vote: VoteChangedEventData): FactWrite | null {
  if (existing && existing.helpful_version >= vote.version) return null;
  // Only the vote may be known so far: not counted until the review's state arrives.
  const base = writableFact(existing, vote.businessId, null, vote.version);
  base.helpful_count = vote.helpfulCount;
  base.helpful_version = vote.version;
  base.version = Math.max(base.version, vote.version);
  return base;
}

/** A fact the scores count: its review's state is known and it is not hidden. */
function countedFact(fact: FactRow | null): ReviewFact | null {
  if (!fact || fact.rating === null || fact.hidden || fact.created_at === null) return null;
  return reviewFactOf({ ...fact, rating: fact.rating, created_at: fact.created_at });
}

/** Stored sums a global score was derived from reproduce it to this (rounding aside). */
const SUMS_AGREE = 1e-9;

/** The stored sums are the ones the stored global score was computed from. */
function sumsAgree(stored: StoredSums): boolean {
  return Math.abs(globalScore(stored.sums) - stored.globalTrustScore) <= SUMS_AGREE;
}

/**
 * The time the business's group sums are relative to, when its stored sums may be moved by
 * additions: null when they cannot be trusted (no reference, or sums that do not reproduce the
 * global score) or the group sums lag too far behind (trust-score.ts `groupSumsMovable`) the
 * reference, or a new review's later time `laterMs`.
 */
function movableGroupsAt(stored: StoredSums, laterMs = -Infinity): number | null {
  if (stored.newestMs === null || !sumsAgree(stored)) return null;
  const groupsAtMs = stored.groupsAtMs ?? stored.newestMs;
  const newestMs = Math.max(stored.newestMs, laterMs);
  return groupSumsMovable(groupsAtMs, newestMs) ? groupsAtMs : null;
}

/**
 * The stored sums moved by each business's helpful changes. A business whose sums do not
 * reproduce its global score (never stored, or scores written by a release that kept no sums,
 * during a rollout) is recomputed from its facts instead.
 */
export function planHelpfulRescores(
  changes: Map<number, HelpfulChange[]>,
  stored: Map<number, StoredSums>,
): { updates: SumsUpdate[]; recompute: number[] } {
  const updates: SumsUpdate[] = [];
  const recompute: number[] = [];
  for (const [businessId, list] of changes) {
    const sums = stored.get(businessId);
    if (!sums) continue;
    const groupsAtMs = movableGroupsAt(sums);
    if (sums.newestMs === null || groupsAtMs === null) {
      recompute.push(businessId);
      continue;
    }
    updates.push({ businessId, ...rescoreHelpful(sums.sums, sums.newestMs, groupsAtMs, list) });
  }
  return { updates, recompute };
}

/**
 * A review counted for the first time moves its business's stored sums by itself alone; null
 * when they cannot be trusted to (as `planHelpfulRescores`): the business is recomputed.
 */
export function planNewReview(
  stored: StoredSums | undefined,
  fact: ReviewFact,
): ReviewAddition | null {
  const groupsAtMs = stored ? movableGroupsAt(stored, fact.createdAtMs) : null;
  if (!stored || stored.newestMs === null || groupsAtMs === null) return null;
  return addCountedReview(stored.sums, stored.newestMs, groupsAtMs, fact);
}

export const scoring = {
  async applyReview(trx: Knex.Transaction, review: ReviewEventData): Promise<boolean> {
    // Author first, then business: the same order as applyAuthor, so no lock cycles.
    await projectionsStore.lockAuthorAndBusinesses(trx, review.userId, [review.businessId]);
    const {
      fact: existing,
      authorVerified,
      sums,
    } = await projectionsStore.reviewContext(trx, review);
    const next = mergeReview(existing, review, authorVerified);
    if (!next) return false;
    const before = countedFact(existing);
    const after = countedFact({ review_id: review.id, ...next });
    // A review counted for the first time (the usual event: a new review) moves its business
    // by itself alone, not by a recompute from every review of the business: its fact and the
    // addition written in one statement.
    if (!before && after && next.business_id === review.businessId) {
      const addition = planNewReview(sums, after);
      if (addition) {
        await scoresStore.addReview(trx, next.business_id, addition, {
          review_id: review.id,
          ...next,
        });
        return true;
      }
    }
    await projectionsStore.saveFact(trx, review.id, next, existing !== null);
    // Scores are of counted facts alone: one counted neither before nor now moves none.
    if (!before && !after) return true;
    // The review's business is locked already; a business of a fact first known from a vote
    // (the same, unless the events disagree) is locked as it is rescored.
    const rescore = (businessId: number) =>
      businessId === review.businessId
        ? rescoreLocked(trx, businessId)
        : recomputeBusiness(trx, businessId);
    await rescore(next.business_id);
    if (existing && existing.business_id !== next.business_id) {
      await rescore(existing.business_id);
    }
    return true;
  },

  /**
   * Votes, one or several in one transaction (a single event, or the consumer's batches): the
   * newest vote per review, every touched business locked at once in ascending order, facts
   * read and written in one statement each, and the businesses' stored sums moved by the voted
   * reviews alone, in one statement. Answers the businesses whose scores moved.
   */
  async applyVotes(trx: Knex.Transaction, votes: VoteChangedEventData[]): Promise<number[]> {
    const newest = new Map<number, VoteChangedEventData>();
    for (const vote of votes) {
      const seen = newest.get(vote.reviewId);
      if (!seen || seen.version < vote.version) newest.set(vote.reviewId, vote);
    }
    await projectionsStore.lockBusinesses(
      trx,
      [...newest.values()].map((vote) => vote.businessId),
    );
    const existing = await projectionsStore.factsOf(trx, [...newest.keys()]);
    const writes: FactRow[] = [];
    const changes = new Map<number, HelpfulChange[]>();
    for (const vote of newest.values()) {
      const held = existing.get(vote.reviewId) ?? null;
      const next = mergeVote(held, vote);
      if (!next) continue;
      writes.push({ review_id: vote.reviewId, ...next });
      const fact = countedFact(held);
      if (!fact || fact.helpfulCount === next.helpful_count) continue;
      const list = changes.get(next.business_id) ?? [];
      list.push({ fact, helpfulCount: next.helpful_count });
      changes.set(next.business_id, list);
    }
    await projectionsStore.saveFacts(trx, writes);
    if (changes.size === 0) return [];
    const businessIds = [...changes.keys()].sort((a, b) => a - b);
    const plan = planHelpfulRescores(changes, await scoresStore.sumsOf(trx, businessIds));
    await scoresStore.addToSums(trx, plan.updates);
    if (plan.recompute.length > 0) {
      const facts = await scoresStore.countedFactsOf(trx, plan.recompute);
      await scoresStore.saveScoresOf(
        trx,
        new Map(plan.recompute.map((id) => [id, computeBusinessScores(facts.get(id) ?? [])])),
      );
    }
    return businessIds;
  },

  /** A verification change re-weighs every review of the author, in every business. */
  async applyAuthor(
    trx: Knex.Transaction,
    user: Pick<UserEventData, 'id' | 'isVerified' | 'version'>,
  ): Promise<number[]> {
    await projectionsStore.lockAuthor(trx, user.id);
    const newer = await projectionsStore.upsertAuthor(trx, {
      userId: user.id,
      isVerified: user.isVerified,
      version: user.version,
    });
    if (!newer) return [];
    const businessIds = await projectionsStore.businessesWithAuthorVerification(
      trx,
      user.id,
      user.isVerified,
    );
    if (businessIds.length === 0) return [];
    await projectionsStore.lockBusinesses(trx, businessIds);
    await projectionsStore.setAuthorVerification(trx, user.id, user.isVerified);
    for (const businessId of [...businessIds].sort((a, b) => a - b)) {
      await recomputeBusiness(trx, businessId);
    }
    return businessIds;
  },

  /**
   * A member left: reviews they chose to keep weigh from now on as an unverified author's
   * (the verification was the person's), through the same path as any verification change;
   * then the author's row goes. Deleted reviews leave with their own events.
   */
  async forgetAuthor(trx: Knex.Transaction, user: UserDeletedEventData): Promise<void> {
    await scoring.applyAuthor(trx, { id: user.id, isVerified: false, version: user.version });
    await projectionsStore.deleteAuthor(trx, user.id);
  },

  /** A review deleted for good: its fact goes and its business is rescored. */
  async dropReview(trx: Knex.Transaction, review: ReviewDeletedEventData): Promise<void> {
    await projectionsStore.lockBusinesses(trx, [review.businessId]);
    const existing = await projectionsStore.fact(trx, review.id);
    if (!existing) return;
    if (existing.version >= review.version) return;
    await projectionsStore.deleteFact(trx, review.id);
    if (existing.business_id === review.businessId) await rescoreLocked(trx, review.businessId);
    else await recomputeBusiness(trx, existing.business_id);
  },

  async applyGroup(trx: Knex.Transaction, group: GroupEventData): Promise<void> {
    await projectionsStore.upsertGroup(trx, group);
  },
};
