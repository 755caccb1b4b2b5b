/**
 * Which groups a review should count in, and how that differs from where it counts now.
 * Pure: the consumer feeds it the projection's current tags and the event's state.
 */
export function desiredGroups(review: { hidden: boolean; groupIds: number[] }): number[] {
  return review.hidden ? [] : [...new Set(review.groupIds)];
}

export function tagChanges(
  current: number[],
  desired: number[],
): { added: number[]; removed: number[] } {
  const now = new Set(current);
  const wanted = new Set(desired);
  return {
    added: [...wanted].filter((id) => !now.has(id)).sort((a, b) => a - b),
    removed: [...now].filter((id) => !wanted.has(id)).sort((a, b) => a - b),
  };
}
