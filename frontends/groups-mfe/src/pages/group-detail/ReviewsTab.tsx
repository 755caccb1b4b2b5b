import type { ModeratedReview } from '@trustcircle/contracts';
import type { ReactNode } from 'react';
import { EmptyState, PenIcon, ReviewList, Spinner } from '@trustcircle/ui';

/** The group's Reviews tab (`GET /api/groups/{id}/reviews`) with its empty and error states. */
export function ReviewsTab({
  reviews,
  reviewList,
  isMember,
  writeButton,
}: {
  reviews: { isLoading: boolean; isError: boolean; error: Error | null };
  reviewList: ModeratedReview[];
  isMember: boolean;
  writeButton: ReactNode;
}) {
  return reviews.isLoading ? (
    <Spinner label="Loading the group's reviews…" />
  ) : reviews.isError ? (
    <div className="card border-0 shadow-sm">
      <EmptyState
        title="We couldn't load this group's reviews right now"
        hint={reviews.error?.message}
      />
    </div>
  ) : reviewList.length === 0 ? (
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
  ) : (
    <ReviewList reviews={reviewList} />
  );
}
