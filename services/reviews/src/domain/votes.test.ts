import { HttpError } from '@trustcircle/service-kit';
import type { ReviewFacts } from '../store/reviews-store';
import { checkVoter, replayed, voteChange } from './votes';

const review = (changes: Partial<ReviewFacts> = {}): ReviewFacts => ({
  id: 7,
  userId: 1,
  businessId: 3,
  rating: 4,
  helpfulCount: 2,
  hidden: false,
  status: 'published',
  version: 5,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  ...changes,
});

const statusOf = (run: () => unknown) => {
  try {
    run();
    return 'allowed';
  } catch (error) {
    return error instanceof HttpError ? `${error.status} ${error.message}` : String(error);
  }
};

describe('voteChange', () => {
  it.each([
    ['set', false, true, 1],
    ['set', true, true, 0],
    ['unset', true, false, -1],
    ['unset', false, false, 0],
    ['toggle', false, true, 1],
    ['toggle', true, false, -1],
  ] as const)(
    '%s with a vote %p leaves voted=%p and moves the count %p',
    (intent, had, voted, delta) => {
      expect(voteChange(intent, had)).toEqual({ voted, delta });
    },
  );
});

describe('checkVoter', () => {
  it('lets others vote on a published review', () => {
    expect(statusOf(() => checkVoter(review(), 2))).toBe('allowed');
  });

  it('hides unknown and hidden reviews (404) and refuses the author (403)', () => {
    expect(statusOf(() => checkVoter(null, 2))).toBe('404 Review not found');
    expect(statusOf(() => checkVoter(review({ hidden: true, status: 'held' }), 2))).toBe(
      '404 Review not found',
    );
    expect(statusOf(() => checkVoter(review(), 1))).toBe('403 You cannot vote on your own review');
  });
});

describe('replayed', () => {
  const answer = { voted: true, helpfulCount: 3 };

  it('answers the first answer for the same review', () => {
    expect(replayed({ reviewId: 7, answer }, 7)).toEqual(answer);
  });

  it('refuses a key used for another review (409)', () => {
    expect(statusOf(() => replayed({ reviewId: 8, answer }, 7))).toBe(
      '409 This Idempotency-Key was already used for another review',
    );
  });
});
