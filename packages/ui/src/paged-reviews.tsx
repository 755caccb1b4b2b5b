import type { ModeratedReview } from '@trustcircle/contracts';
import { NoMatchingReviews } from './review-filters';
import { ReviewList } from './review-list';
import { Spinner, LoadMore, ShowEarlier, type WindowedList } from '@trustcircle/ui';

/**
 * A sorted and filtered list of reviews read a window at a time (`useWindowedList`, issue 17:
 * never more than two pages on screen): loading, the error, "No reviews match these filters"
 * with `onClear`, else "Show earlier reviews" once the first page has gone, the reviews, Load
 * more and "No more reviews" (the business page's Reviews tab and the profile's).
 */
export function PagedReviews({
  list,
  onClear,
  loadingLabel,
  errorText,
}: {
  list: WindowedList<ModeratedReview>;
  onClear(): void;
  loadingLabel: string;
  errorText: string;
}) {
  if (list.isLoading) return <Spinner label={loadingLabel} />;
  if (list.isError)
    return (
      <p className="text-body-secondary mb-0" role="status">
        {errorText}
      </p>
    );
  if (list.items.length === 0) return <NoMatchingReviews onClear={onClear} />;
  return (
    <>
      <ShowEarlier list={list} noun="reviews" />
      <ReviewList reviews={list.items} />
      <LoadMore query={list} endText="No more reviews" />
    </>
  );
}
