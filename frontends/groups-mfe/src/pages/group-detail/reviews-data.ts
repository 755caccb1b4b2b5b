import type { Group, ModeratedReview } from '@trustcircle/contracts';
import { useWindowedList } from '@trustcircle/ui';
import { isFiltered, reviewViewPath, type ReviewView } from '@trustcircle/ui/reviews';
import { groupReviewsKey } from '../../data';

/** Reviews a page of the group page shows at a time (two pages at most: 40 cards). */
export const GROUP_REVIEWS_PAGE = 20;

/**
 * The group page's review list as the view says (sort and filters), a window at a time (issue
 * 17: no page of 141 reviews). The group's reviewCount counts the unfiltered list only.
 */
export function useGroupReviewList(group: Pick<Group, 'id' | 'reviewCount'>, view: ReviewView) {
  return useWindowedList<ModeratedReview>(
    [...groupReviewsKey(group.id), view],
    reviewViewPath(`/api/groups/${group.id}/reviews`, view, GROUP_REVIEWS_PAGE),
    {
      pageSize: GROUP_REVIEWS_PAGE,
      knownTotal: isFiltered(view) ? undefined : group.reviewCount,
    },
  );
}
