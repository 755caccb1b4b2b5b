import type { BusinessDetailWithReviews, ModeratedReview } from '@trustcircle/contracts';
import { Link } from 'react-router-dom';
import { EmptyState, PagedReviews, ReviewFilters, usePagedList } from '@trustcircle/ui';
import { isFiltered, reviewsPath, withoutFilters, type ReviewView } from '../../review-view';

/**
 * The business's reviews, sorted and filtered as the URL says, a page at a time with "Load
 * more" and a visible end; the list is the API's (`GET /api/businesses/{id}/reviews`).
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
  const reviews = usePagedList<ModeratedReview>([path], path);
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];

  if (reviews.isSuccess && items.length === 0 && !isFiltered(view)) {
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
        query={reviews}
        onClear={() => onView(withoutFilters(view))}
        loadingLabel="Loading reviews…"
        errorText="We couldn't load the reviews right now."
      />
    </div>
  );
}
