import type { Group } from '@trustcircle/contracts';
import type { ReactNode } from 'react';
import {
  EmptyState,
  PenIcon,
  ReviewList,
  ShowEarlier,
  Spinner,
  WindowFooter,
} from '@trustcircle/ui';
import { useGroupReviewList } from '../../data';

/**
 * The group's Reviews tab (`GET /api/groups/{id}/reviews`, newest first) with its empty and error
 * states, 20 reviews a page and never more than two pages on screen (issue 17).
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
  const reviews = useGroupReviewList(group);
  if (reviews.isLoading) return <Spinner label="Loading the group's reviews…" />;
  if (reviews.isError)
    return (
      <div className="card border-0 shadow-sm">
        <EmptyState
          title="We couldn't load this group's reviews right now"
          hint={reviews.error?.message}
        />
      </div>
    );
  if (reviews.items.length === 0)
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
      <ShowEarlier list={reviews} noun="reviews" />
      <ReviewList reviews={reviews.items} />
      <WindowFooter list={reviews} singular="review" />
    </div>
  );
}
