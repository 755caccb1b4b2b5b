import type { ModeratedReview } from '@trustcircle/contracts';

/**
 * The home feed's rules (spec §4: 3 reviews, +3 per "Load more"; issue 17: the tabs and the
 * filter really filter and order). What each means is written for users in docs/feeds.md.
 */
export const FEED_PAGE = 3;
/** The most reviews the feed holds (and so ever shows): no screen renders more than ~50. */
export const FEED_MAX = 48;

export type ActivityTab = 'all' | 'reviews' | 'recommended' | 'trending';
export type ActivityFilter = 'all' | 'groups' | 'following';

export const TABS: Array<{ key: ActivityTab; label: string }> = [
  { key: 'all', label: 'All' },
  { key: 'reviews', label: 'Reviews' },
  { key: 'recommended', label: 'Recommended' },
  { key: 'trending', label: 'Trending' },
];

/**
 * Which feed each "Show" choice reads: the community's (`scope=all`), my groups' (spec §7), or
 * the people I follow (`scope=following`, issue 18).
 */
export const feedPath = (filter: ActivityFilter) =>
  filter === 'all'
    ? `/api/reviews/feed?scope=all&limit=${FEED_MAX}`
    : filter === 'following'
      ? `/api/reviews/feed?scope=following&limit=${FEED_MAX}`
      : `/api/reviews/feed?limit=${FEED_MAX}`;

const byNewest = (a: ModeratedReview, b: ModeratedReview) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id;

/**
 * Show "All activity": the newest reviews across TrustCircle; "My groups": only reviews shared
 * with one of my groups; "People I follow": their reviews (the server chose them). Tabs, within that: All = every review, mine included, newest first;
 * Reviews = other members' reviews only (what there is to read); Recommended = reviews someone
 * found helpful, most helpful first (a verified author first among equals); Trending = reviews of
 * this week's trending businesses.
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
      .sort(
        (a, b) =>
          (b.helpfulCount ?? 0) - (a.helpfulCount ?? 0) ||
          Number(Boolean(b.user?.isVerified)) - Number(Boolean(a.user?.isVerified)) ||
          byNewest(a, b),
      );
  if (tab === 'trending') list = list.filter((review) => ctx.trendingIds.has(review.businessId));
  return list;
}
