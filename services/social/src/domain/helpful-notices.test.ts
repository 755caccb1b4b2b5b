import { helpfulBumps, voterCandidates } from './helpful-notices';

const vote = (reviewId: number, voterId: number | undefined, voted: boolean | undefined) => ({
  reviewId,
  businessId: 100 + reviewId,
  helpfulCount: 1,
  version: 1,
  voterId,
  voted,
});

describe('voterCandidates', () => {
  const authors = new Map([
    [1, 10],
    [2, 20],
  ]);

  it('keeps given votes by someone other than a known author, each person once per review', () => {
    const votes = [
      vote(1, 11, true),
      vote(1, 11, false),
      vote(1, 11, true),
      vote(1, 12, true),
      vote(2, 11, true),
    ];
    expect(voterCandidates(votes, authors)).toEqual([
      { reviewId: 1, businessId: 101, voterId: 11, authorId: 10 },
      { reviewId: 1, businessId: 101, voterId: 12, authorId: 10 },
      { reviewId: 2, businessId: 102, voterId: 11, authorId: 20 },
    ]);
  });

  it('leaves out votes taken back, without a voter, on unknown reviews and the author’s own', () => {
    const votes = [
      vote(1, 11, false),
      vote(1, undefined, true),
      vote(3, 11, true),
      vote(2, 20, true),
    ];
    expect(voterCandidates(votes, authors)).toEqual([]);
  });
});

describe('helpfulBumps', () => {
  it('counts the people per review, one bump for each review, in review order', () => {
    const voter = (reviewId: number, voterId: number) => ({
      reviewId,
      businessId: 100 + reviewId,
      voterId,
      authorId: reviewId * 10,
    });
    expect(helpfulBumps([voter(2, 1), voter(1, 1), voter(2, 3), voter(2, 4)])).toEqual([
      { userId: 10, reviewId: 1, businessId: 101, count: 1 },
      { userId: 20, reviewId: 2, businessId: 102, count: 3 },
    ]);
    expect(helpfulBumps([])).toEqual([]);
  });
});
