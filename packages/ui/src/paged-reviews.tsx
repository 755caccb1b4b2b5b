import type { ModeratedReview } from '@trustcircle/contracts';
import type { InfiniteData } from '@tanstack/react-query';
import { Spinner } from './components';
import type { Page } from './api';
import { LoadMore, type PagedQuery } from './paged';
import { NoMatchingReviews } from './review-filters';
import { ReviewList } from './review-list';

/**
 * A sorted and filtered list of reviews read a page at a time (`usePagedList`): loading, the
 * error, "No reviews match these filters" with `onClear`, else the reviews, Load more and
 * "No more reviews" (the business page's Reviews tab and the profile's).
 */
export function PagedReviews({
  query,
  onClear,
  loadingLabel,
  errorText,
}: {
  query: PagedQuery & { data?: InfiniteData<Page<ModeratedReview>> };
  onClear(): void;
  loadingLabel: string;
  errorText: string;
}) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isLoading) return <Spinner label={loadingLabel} />;
  if (query.isError)
    return (
      <p className="text-body-secondary mb-0" role="status">
        {errorText}
      </p>
    );
  if (items.length === 0) return <NoMatchingReviews onClear={onClear} />;
  return (
    <>
      <ReviewList reviews={items} />
      <LoadMore query={query} endText="No more reviews" />
    </>
  );
}
