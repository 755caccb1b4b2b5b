import fc from 'fast-check';
import {
  GLOBAL_PRIOR_MEAN,
  HALF_LIFE_DAYS,
  computeBusinessScores,
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

describe('trust score (design §6)', () => {
  it('is 0 with no reviews', () => {
    expect(computeBusinessScores([])).toEqual({
      globalTrustScore: 0,
      reviewCount: 0,
      positiveCount: 0,
      communityRating: 0,
      groups: [],
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
      { groupId: 7, score: expect.closeTo((2 * global + 5 * w1) / (2 + w1), 12), reviewCount: 1 },
    ]);
    expect(scores.communityRating).toBe(50);
  });
});
