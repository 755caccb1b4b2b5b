import type { ModeratedReview } from '@trustcircle/contracts';

/** The home feed's rules (spec §4: 3 reviews, +3 per "Load more"; the activity tabs). */
export const FEED_PAGE = 3;

export type ActivityTab = 'all' | 'reviews' | 'recommended' | 'trending';
export type ActivityFilter = 'all' | 'groups';

export const TABS: Array<{ key: ActivityTab; label: string }> = [
  { key: 'all', label: 'All' },
  { key: 'reviews', label: 'Reviews' },
  { key: 'recommended', label: 'Recommended' },
  { key: 'trending', label: 'Trending' },
];

const byNewest = (a: ModeratedReview, b: ModeratedReview) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id;

/**
 * The activity tabs and filter (the spec's did nothing; ours filter): All = everything, newest
 * first; Reviews = written reviews from other members; Recommended = most helpful first (only
 * reviews someone found helpful); Trending = reviews of the trending businesses. Filter
 * "My groups" keeps reviews tagged with one of the user's groups.
 */
export function filterFeed(
  feed: ModeratedReview[],
  tab: ActivityTab,
  filter: ActivityFilter,
  ctx: { userId: number; groupIds: Set<number>; trendingIds: Set<number> },
): ModeratedReview[] {
  let list = [...feed].sort(byNewest);
  if (filter === 'groups')
    list = list.filter((review) => (review.groups ?? []).some((g) => ctx.groupIds.has(g.id)));
  if (tab === 'reviews') list = list.filter((review) => review.userId !== ctx.userId);
  if (tab === 'recommended')
    list = list
      .filter((review) => (review.helpfulCount ?? 0) > 0)
      .sort((a, b) => (b.helpfulCount ?? 0) - (a.helpfulCount ?? 0) || byNewest(a, b));
  if (tab === 'trending') list = list.filter((review) => ctx.trendingIds.has(review.businessId));
  return list;
}
