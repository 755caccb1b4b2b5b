import { planHelpfulRescores, planNewReview } from './scoring';
import { computeBusinessScores, GROUP_SUMS_MAX_LAG_DAYS, type ReviewFact } from './trust-score';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 0, 1);
const fact = (rating: number, ageDays: number, groupIds: number[]): ReviewFact => ({
  rating,
  helpfulCount: 1,
  authorVerified: false,
  authorNewAccount: false,
  createdAtMs: NOW - ageDays * DAY,
  groupIds,
});

describe('planHelpfulRescores', () => {
  const facts = [fact(5, 0, [1]), fact(2, 30, [1, 2]), fact(4, 90, [])];
  const scores = computeBusinessScores(facts);
  const stored = {
    globalTrustScore: scores.globalTrustScore,
    sums: scores.sums,
    newestMs: scores.newestMs,
    groupsAtMs: null,
  };
  const votes = new Map([[7, [{ fact: facts[1]!, helpfulCount: 9 }]]]);

  it('moves stored sums that reproduce the global score', () => {
    const plan = planHelpfulRescores(votes, new Map([[7, stored]]));
    expect(plan.recompute).toEqual([]);
    const after = computeBusinessScores([facts[0]!, { ...facts[1]!, helpfulCount: 9 }, facts[2]!]);
    expect(plan.updates).toHaveLength(1);
    expect(plan.updates[0]!.globalTrustScore).toBeCloseTo(after.globalTrustScore, 12);
    expect([...plan.updates[0]!.groups.keys()]).toEqual([1, 2]);
  });

  it('recomputes a business whose sums were never stored or lag behind its global score', () => {
    const never = { ...stored, newestMs: null };
    // A score written by a release that kept no sums (a rollout): the sums say otherwise.
    const behind = { ...stored, globalTrustScore: stored.globalTrustScore + 0.01 };
    expect(planHelpfulRescores(votes, new Map([[7, never]]))).toEqual({
      updates: [],
      recompute: [7],
    });
    expect(planHelpfulRescores(votes, new Map([[7, behind]]))).toEqual({
      updates: [],
      recompute: [7],
    });
  });

  it('recomputes a business whose group sums lag too far behind its reference', () => {
    const farBehind = { ...stored, groupsAtMs: NOW - (GROUP_SUMS_MAX_LAG_DAYS + 1) * DAY };
    expect(planHelpfulRescores(votes, new Map([[7, farBehind]])).recompute).toEqual([7]);
    const behind = { ...stored, groupsAtMs: NOW - (GROUP_SUMS_MAX_LAG_DAYS - 1) * DAY };
    expect(planHelpfulRescores(votes, new Map([[7, behind]])).recompute).toEqual([]);
  });

  it('leaves out a business it knows nothing of', () => {
    expect(planHelpfulRescores(votes, new Map())).toEqual({ updates: [], recompute: [] });
  });
});

describe('planNewReview', () => {
  const facts = [fact(5, 10, [1]), fact(2, 30, [1, 2])];
  const scores = computeBusinessScores(facts);
  const stored = {
    globalTrustScore: scores.globalTrustScore,
    sums: scores.sums,
    newestMs: scores.newestMs,
    groupsAtMs: null,
  };
  const added = fact(3, 0, [2, 3]);

  it('adds a new review to stored sums that reproduce the global score', () => {
    const plan = planNewReview(stored, added);
    const after = computeBusinessScores([...facts, added]);
    expect(plan?.globalTrustScore).toBeCloseTo(after.globalTrustScore, 12);
    expect(plan?.newestMs).toBe(after.newestMs);
    // Group sums with no time of their own are relative to the business's reference.
    expect(plan?.groupsAtMs).toBe(stored.newestMs);
    const kept = planNewReview({ ...stored, groupsAtMs: NOW - 400 * DAY }, added);
    expect(kept?.groupsAtMs).toBe(NOW - 400 * DAY);
  });

  it('leaves a business without trustworthy sums to a recompute', () => {
    expect(planNewReview(undefined, added)).toBeNull();
    expect(planNewReview({ ...stored, newestMs: null }, added)).toBeNull();
    expect(
      planNewReview({ ...stored, globalTrustScore: stored.globalTrustScore + 0.01 }, added),
    ).toBeNull();
    const farBehind = NOW - (GROUP_SUMS_MAX_LAG_DAYS + 1) * DAY;
    expect(planNewReview({ ...stored, groupsAtMs: farBehind }, added)).toBeNull();
  });
});
