import fc from 'fast-check';
import {
  addCountedReview,
  GLOBAL_PRIOR_MEAN,
  HALF_LIFE_DAYS,
  computeBusinessScores,
  groupScore,
  groupSumsAt,
  rescoreHelpful,
  reviewWeight,
  type ReviewFact,
} from './trust-score';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 0, 1);

const factArb: fc.Arbitrary<ReviewFact> = fc.record({
  rating: fc.integer({ min: 1, max: 5 }),
  helpfulCount: fc.integer({ min: 0, max: 10_000 }),
  authorVerified: fc.boolean(),
  authorNewAccount: fc.boolean(),
  createdAtMs: fc.integer({ min: NOW - 3 * 365 * DAY, max: NOW }),
  groupIds: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { maxLength: 3 }),
});
const factsArb = fc.array(factArb, { maxLength: 40 });

const score = (facts: ReviewFact[]) => computeBusinessScores(facts).globalTrustScore;
const EPS = 1e-12;
/** Relative: sums of thousands of reviews are large, and only rounding may differ. */
const close = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));

describe('trust score (design §6)', () => {
  it('is 0 with no reviews', () => {
    expect(computeBusinessScores([])).toEqual({
      globalTrustScore: 0,
      reviewCount: 0,
      positiveCount: 0,
      communityRating: 0,
      groups: [],
      sums: { weight: 0, weightedRating: 0 },
      newestMs: null,
    });
  });

  it('stays within 0–5, globally and per group', () => {
    fc.assert(
      fc.property(factsArb, (facts) => {
        const scores = computeBusinessScores(facts);
        expect(scores.globalTrustScore).toBeGreaterThanOrEqual(0);
        expect(scores.globalTrustScore).toBeLessThanOrEqual(5);
        for (const group of scores.groups) {
          expect(group.score).toBeGreaterThanOrEqual(1 - EPS);
          expect(group.score).toBeLessThanOrEqual(5 + EPS);
        }
      }),
    );
  });

  it('never goes down when one rating goes up (global and group)', () => {
    fc.assert(
      fc.property(fc.array(factArb, { minLength: 1, maxLength: 30 }), fc.nat(), (facts, pick) => {
        const index = pick % facts.length;
        const fact = facts[index]!;
        fc.pre(fact.rating < 5);
        const raised = facts.map((f, i) => (i === index ? { ...f, rating: f.rating + 1 } : f));
        const before = computeBusinessScores(facts);
        const after = computeBusinessScores(raised);
        expect(after.globalTrustScore).toBeGreaterThanOrEqual(before.globalTrustScore - EPS);
        for (const group of after.groups) {
          const old = before.groups.find((g) => g.groupId === group.groupId)!;
          expect(group.score).toBeGreaterThanOrEqual(old.score - EPS);
        }
      }),
    );
  });

  it('weighs a verified author more than an unverified one', () => {
    fc.assert(
      fc.property(factsArb, factArb, (others, review) => {
        const verified = score([...others, { ...review, authorVerified: true }]);
        const unverified = score([...others, { ...review, authorVerified: false }]);
        // The verified review pulls the score at least as far towards its own rating.
        expect(Math.abs(verified - review.rating)).toBeLessThanOrEqual(
          Math.abs(unverified - review.rating) + EPS,
        );
        expect(reviewWeight({ ...review, authorVerified: true }, NOW)).toBeGreaterThan(
          reviewWeight({ ...review, authorVerified: false }, NOW),
        );
      }),
    );
  });

  it('weighs a review from an account younger than 7 days half as much', () => {
    fc.assert(
      fc.property(factsArb, factArb, (others, review) => {
        const fresh = score([...others, { ...review, authorNewAccount: true }]);
        const established = score([...others, { ...review, authorNewAccount: false }]);
        expect(Math.abs(established - review.rating)).toBeLessThanOrEqual(
          Math.abs(fresh - review.rating) + EPS,
        );
        expect(reviewWeight({ ...review, authorNewAccount: true }, NOW)).toBeCloseTo(
          reviewWeight({ ...review, authorNewAccount: false }, NOW) / 2,
          12,
        );
      }),
    );
  });

  it('moves away from the prior as more reviews agree', () => {
    fc.assert(
      fc.property(factArb, fc.integer({ min: 1, max: 50 }), (review, n) => {
        const few = score(Array.from({ length: n }, () => review));
        const more = score(Array.from({ length: n + 1 }, () => review));
        expect(Math.abs(more - GLOBAL_PRIOR_MEAN)).toBeGreaterThanOrEqual(
          Math.abs(few - GLOBAL_PRIOR_MEAN) - EPS,
        );
        if (review.rating !== GLOBAL_PRIOR_MEAN) {
          expect(Math.abs(more - GLOBAL_PRIOR_MEAN)).toBeGreaterThan(
            Math.abs(few - GLOBAL_PRIOR_MEAN),
          );
        }
      }),
    );
  });

  it('halves a review weight every 180 days', () => {
    fc.assert(
      fc.property(factArb, fc.integer({ min: 0, max: 2000 }), (review, ageDays) => {
        const at = (days: number) =>
          reviewWeight({ ...review, createdAtMs: NOW - days * DAY }, NOW);
        expect(at(ageDays + HALF_LIFE_DAYS)).toBeCloseTo(at(ageDays) / 2, 12);
      }),
    );
  });

  it('computes the documented example', () => {
    const facts: ReviewFact[] = [
      {
        rating: 5,
        helpfulCount: 3,
        authorVerified: true,
        authorNewAccount: false,
        createdAtMs: NOW,
        groupIds: [7],
      },
      {
        rating: 2,
        helpfulCount: 0,
        authorVerified: false,
        authorNewAccount: true,
        createdAtMs: NOW - 180 * DAY,
        groupIds: [],
      },
    ];
    // w1 = 1.5·1·(1+log10 4)·1, w2 = 1·0.5·1·0.5 (a new account's review, a half-life old).
    const w1 = 1.5 * (1 + Math.log10(4));
    const w2 = 0.25;
    const global = (3 * 3.5 + 5 * w1 + 2 * w2) / (3 + w1 + w2);
    const scores = computeBusinessScores(facts);
    expect(scores.globalTrustScore).toBeCloseTo(global, 12);
    expect(scores.groups).toEqual([
      {
        groupId: 7,
        score: expect.closeTo((2 * global + 5 * w1) / (2 + w1), 12),
        reviewCount: 1,
        sums: { weight: expect.closeTo(w1, 12), weightedRating: expect.closeTo(5 * w1, 12) },
      },
    ]);
    expect(scores.communityRating).toBe(50);
  });

  describe('helpful votes on stored sums (rescoreHelpful)', () => {
    it('lands where a full recompute over the voted facts lands, globally and per group', () => {
      fc.assert(
        fc.property(
          fc.array(factArb, { minLength: 1, maxLength: 30 }),
          fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 10_000 })), { maxLength: 20 }),
          // The group sums kept relative to a time up to three years before the reference.
          fc.integer({ min: 0, max: 3 * 365 }),
          (facts, votes, lagDays) => {
            const before = computeBusinessScores(facts);
            const newestMs = before.newestMs!;
            const groupsAtMs = newestMs - lagDays * DAY;
            let current = facts;
            let sums = before.sums;
            const unscale = 1 / Math.pow(0.5, lagDays / HALF_LIFE_DAYS);
            const groupSums = new Map(
              before.groups.map((g) => [
                g.groupId,
                {
                  weight: g.sums.weight * unscale,
                  weightedRating: g.sums.weightedRating * unscale,
                },
              ]),
            );
            // One vote after another, as batches arrive, each from the sums the last one left.
            for (const [pick, helpfulCount] of votes) {
              const index = pick % current.length;
              const rescored = rescoreHelpful(sums, newestMs, groupsAtMs, [
                { fact: current[index]!, helpfulCount },
              ]);
              sums = rescored.sums;
              for (const [groupId, delta] of rescored.groups) {
                const group = groupSums.get(groupId)!;
                groupSums.set(groupId, {
                  weight: group.weight + delta.weight,
                  weightedRating: group.weightedRating + delta.weightedRating,
                });
              }
              current = current.map((f, i) => (i === index ? { ...f, helpfulCount } : f));
            }
            const after = computeBusinessScores(current);
            close(sums.weight, after.sums.weight);
            close(sums.weightedRating, after.sums.weightedRating);
            const global = rescoreHelpful(sums, newestMs, groupsAtMs, []).globalTrustScore;
            close(global, after.globalTrustScore);
            for (const group of after.groups) {
              const read = groupSumsAt(groupSums.get(group.groupId)!, groupsAtMs, newestMs);
              close(read.weight, group.sums.weight);
              close(groupScore(global, read), group.score);
            }
          },
        ),
      );
    });

    it('changes nothing for a count that stays, and moves a group only by its own reviews', () => {
      const fact: ReviewFact = {
        rating: 5,
        helpfulCount: 3,
        authorVerified: true,
        authorNewAccount: false,
        createdAtMs: NOW - 10 * DAY,
        groupIds: [2, 2, 4],
      };
      const stored = { weight: 7, weightedRating: 21 };
      const same = rescoreHelpful(stored, NOW, NOW, [{ fact, helpfulCount: 3 }]);
      expect(same.sums).toEqual(stored);
      const more = rescoreHelpful(stored, NOW, NOW, [{ fact, helpfulCount: 30 }]);
      expect(more.sums.weight).toBeGreaterThan(7);
      expect(more.globalTrustScore).toBeGreaterThan(same.globalTrustScore);
      expect([...more.groups.keys()]).toEqual([2, 4]);
      expect(more.groups.get(2)!.weight).toBeCloseTo(more.sums.weight - 7, 12);
    });
  });

  describe('a review counted for the first time (addCountedReview)', () => {
    it('adds reviews one at a time, in any order, to what a recompute of them all gives', () => {
      fc.assert(
        fc.property(factArb, fc.array(factArb, { minLength: 1, maxLength: 40 }), (first, rest) => {
          let stored = computeBusinessScores([first]);
          // As the store keeps them: the groups' sums relative to a time of their own, which
          // additions leave where it is; only the review's own groups are written.
          const groupsAtMs = stored.newestMs!;
          const groups = new Map(stored.groups.map((g) => [g.groupId, { ...g.sums, n: 1 }]));
          let sums = stored.sums;
          let newestMs = stored.newestMs!;
          for (const fact of rest) {
            const addition = addCountedReview(sums, newestMs, groupsAtMs, fact);
            expect(addition.groupsAtMs).toBe(groupsAtMs);
            for (const groupId of addition.groupIds) {
              const group = groups.get(groupId) ?? { weight: 0, weightedRating: 0, n: 0 };
              group.weight += addition.addedToGroups.weight;
              group.weightedRating += addition.addedToGroups.weightedRating;
              group.n += 1;
              groups.set(groupId, group);
            }
            ({ sums, newestMs } = addition);
            stored = { ...stored, globalTrustScore: addition.globalTrustScore };
          }
          const all = computeBusinessScores([first, ...rest]);
          close(sums.weight, all.sums.weight);
          close(sums.weightedRating, all.sums.weightedRating);
          close(stored.globalTrustScore, all.globalTrustScore);
          expect(newestMs).toBe(all.newestMs);
          expect(groups.size).toBe(all.groups.length);
          for (const group of all.groups) {
            const held = groups.get(group.groupId)!;
            expect(held.n).toBe(group.reviewCount);
            const read = groupSumsAt(held, groupsAtMs, newestMs);
            close(read.weight, group.sums.weight);
            close(read.weightedRating, group.sums.weightedRating);
            close(groupScore(all.globalTrustScore, read), group.score);
          }
        }),
      );
    });

    it('moves the decay reference only for a newer review, and counts its groups once', () => {
      const fact = (ageDays: number): ReviewFact => ({
        rating: 4,
        helpfulCount: 0,
        authorVerified: false,
        authorNewAccount: false,
        createdAtMs: NOW - ageDays * DAY,
        groupIds: [3, 3, 1],
      });
      const stored = { weight: 2, weightedRating: 8 };
      const older = addCountedReview(stored, NOW, NOW, fact(HALF_LIFE_DAYS));
      expect(older).toMatchObject({ newestMs: NOW, groupsAtMs: NOW, groupIds: [3, 1] });
      expect(older.positive).toBe(true);
      expect(older.sums.weight).toBeCloseTo(2 + 0.5, 12);
      expect(older.added.weight).toBeCloseTo(0.5, 12);
      expect(older.addedToGroups.weight).toBeCloseTo(0.5, 12);
      const then = NOW - HALF_LIFE_DAYS * DAY;
      const newer = addCountedReview(stored, then, then, fact(0));
      expect(newer.newestMs).toBe(NOW);
      expect(newer.sums.weight).toBeCloseTo(2 * 0.5 + 1, 12);
      // Its groups' sums stay relative to the old reference: the new weight counts double there.
      expect(newer.groupsAtMs).toBe(then);
      expect(newer.addedToGroups.weight).toBeCloseTo(2, 12);
      expect(groupSumsAt({ weight: 2, weightedRating: 8 }, then, NOW).weight).toBeCloseTo(1, 12);
    });
  });
});
