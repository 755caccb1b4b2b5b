import type { BusinessDetailWithReviews, ModeratedReview } from '@trustcircle/contracts';
import { EmptyState, useWindowedList, Link } from '@trustcircle/ui';
import { PagedReviews, ReviewFilters } from '@trustcircle/ui/reviews';
import {
  isFiltered,
  reviewsPath,
  REVIEWS_PAGE_SIZE,
  withoutFilters,
  type ReviewView,
} from '../../review-view';

/**
 * The business's reviews, sorted and filtered as the URL says, a page at a time with "Load
 * more" and a visible end, never more than two pages (40 cards) on screen: "Load more" lets the
 * oldest page go (issue 17). The list is the API's (`GET /api/businesses/{id}/reviews`).
 */
export function ReviewsTab({
  business,
  view,
  onView,
}: {
  business: BusinessDetailWithReviews;
  view: ReviewView;
  onView(view: ReviewView): void;
}) {
  const path = reviewsPath(business.id, view);
  const reviews = useWindowedList<ModeratedReview>([path], path, { pageSize: REVIEWS_PAGE_SIZE });

  if (reviews.isSuccess && reviews.items.length === 0 && !isFiltered(view)) {
    return (
      <div className="card border-0 shadow-sm">
        <EmptyState title="No reviews yet. Be the first to share your experience!">
          <Link to={`/write-review/${business.id}`} className="btn btn-sm btn-primary">
            Write a Review
          </Link>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="tc-narrow-list">
      <ReviewFilters
        view={view}
        onChange={onView}
        groups={business.groupTrustScores.map((g) => ({ id: g.groupId, name: g.groupName }))}
      />
      <PagedReviews
        list={reviews}
        onClear={() => onView(withoutFilters(view))}
        loadingLabel="Loading reviews…"
        errorText="We couldn't load the reviews right now."
      />
    </div>
  );
}
