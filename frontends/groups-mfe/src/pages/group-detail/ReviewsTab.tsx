import type { Group } from '@trustcircle/contracts';
import type { ReactNode } from 'react';
import { EmptyState, LoadMore, PenIcon, ShowEarlier, Spinner, WindowFooter } from '@trustcircle/ui';
import {
  isFiltered,
  NoMatchingReviews,
  ReviewFilters,
  ReviewList,
  useReviewViewParams,
  withoutFilters,
} from '@trustcircle/ui/reviews';
import { useGroupReviewList } from './reviews-data';

/**
 * The group's Reviews tab (`GET /api/groups/{id}/reviews`) sorted and filtered as the URL says
 * (`?sort=&stars=&photos=`, the business page's controls), 20 reviews a page and never more
 * than two pages on screen (issue 17), with its empty and error states.
 */
export function ReviewsTab({
  group,
  isMember,
  writeButton,
}: {
  group: Pick<Group, 'id' | 'reviewCount'>;
  isMember: boolean;
  writeButton: ReactNode;
}) {
  const [urlView, setView] = useReviewViewParams();
  // A group's list is that group's: no community filter here.
  const view = { ...urlView, groupId: null };
  const reviews = useGroupReviewList(group, view);
  const filtered = isFiltered(view);
  if (reviews.isError)
    return (
      <div className="card border-0 shadow-sm">
        <EmptyState
          title="We couldn't load this group's reviews right now"
          hint={reviews.error?.message}
        />
      </div>
    );
  if (!reviews.isLoading && reviews.items.length === 0 && !filtered)
    return (
      <div className="card border-0 shadow-sm">
        <EmptyState
          title="No Reviews Yet"
          hint={
            isMember
              ? 'Be the first to share a review with this group.'
              : 'Reviews shared with this group will appear here.'
          }
          icon={<PenIcon size={28} />}
        >
          {isMember && writeButton}
        </EmptyState>
      </div>
    );
  return (
    <div data-testid="group-reviews">
      <ReviewFilters view={view} onChange={setView} />
      {reviews.isLoading ? (
        <Spinner label="Loading the group's reviews…" />
      ) : reviews.items.length === 0 ? (
        <NoMatchingReviews onClear={() => setView(withoutFilters(view))} />
      ) : (
        <>
          <ShowEarlier list={reviews} noun="reviews" />
          <ReviewList reviews={reviews.items} />
          {filtered ? (
            // The group's count is of every review: a filtered list says only where it ends.
            <LoadMore query={reviews} endText="No more reviews" />
          ) : (
            <WindowFooter list={reviews} singular="review" />
          )}
        </>
      )}
    </div>
  );
}
