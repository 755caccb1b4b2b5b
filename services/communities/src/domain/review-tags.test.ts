import { desiredGroups, tagChanges } from './review-tags';

describe('review tags', () => {
  it('counts a visible review once per distinct group', () => {
    expect(desiredGroups({ hidden: false, groupIds: [3, 1, 3] })).toEqual([3, 1]);
  });

  it('counts a hidden review nowhere', () => {
    expect(desiredGroups({ hidden: true, groupIds: [1, 2] })).toEqual([]);
  });

  it('answers what to add and what to remove, sorted', () => {
    expect(tagChanges([1, 2, 5], [5, 4, 3])).toEqual({ added: [3, 4], removed: [1, 2] });
    expect(tagChanges([], [2, 1])).toEqual({ added: [1, 2], removed: [] });
    expect(tagChanges([2, 1], [])).toEqual({ added: [], removed: [1, 2] });
    expect(tagChanges([1, 2], [2, 1])).toEqual({ added: [], removed: [] });
  });
});
