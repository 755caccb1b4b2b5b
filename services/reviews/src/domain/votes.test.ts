import { HttpError } from '@trustcircle/service-kit';
import type { ReviewFacts } from '../store/reviews-store';
import { checkVoter, replayed, votedAfter, voteSteps } from './votes';

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

describe('voteSteps and votedAfter', () => {
  it.each([
    ['set', ['add']],
    ['unset', ['remove']],
    ['toggle', ['add', 'remove']],
  ] as const)('%s tries %p, in order', (intent, steps) => {
    expect(voteSteps(intent)).toEqual(steps);
  });

  // Whether the caller had a vote decides which step changes something: the first that does.
  it.each([
    ['set', false, true, 'add'],
    ['set', true, true, null],
    ['unset', true, false, 'remove'],
    ['unset', false, false, null],
    ['toggle', false, true, 'add'],
    ['toggle', true, false, 'remove'],
  ] as const)('%s with a vote %p leaves voted=%p (changed by %p)', (intent, had, voted, by) => {
    const changed = voteSteps(intent).find((step) => (step === 'add' ? !had : had)) ?? null;
    expect(changed).toBe(by);
    expect(votedAfter(intent, changed)).toBe(voted);
  });
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
