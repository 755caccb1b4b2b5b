import { preferenceChanges, preferencesFrom } from './preferences';

describe('notification preferences', () => {
  it('has every kind on unless switched off', () => {
    expect(preferencesFrom([])).toEqual({
      new_follower: true,
      following_review: true,
      review_helpful: true,
      owner_reply: true,
      review_moderated: true,
    });
    expect(preferencesFrom(['review_helpful', 'no_such_kind'])).toEqual({
      new_follower: true,
      following_review: true,
      review_helpful: false,
      owner_reply: true,
      review_moderated: true,
    });
  });

  it('changes only the kinds an update names', () => {
    expect(preferenceChanges({})).toEqual([]);
    expect(preferenceChanges({ review_helpful: false, new_follower: true })).toEqual([
      ['new_follower', true],
      ['review_helpful', false],
    ]);
  });
});
