import type { ReactNode } from 'react';
import type { BusinessSummary } from '@trustcircle/contracts';
import {
  countLabel,
  EmptyState,
  SearchIcon,
  ShowEarlier,
  Spinner,
  useWindowedList,
  WindowFooter,
  Link,
} from '@trustcircle/ui';
import { BusinessCard } from '../components/BusinessCard';
import { businessesPath } from '../data';

/**
 * The list of businesses with its heading, true count, empty state and error (Explore,
 * category): a window of at most two pages of 24 (issue 17: Explore showed 50 of 250 and no way
 * on), "Load more" to the end of the list.
 */
export function BusinessResults({
  category,
  search,
  onClearSearch,
  onAllCategories,
  after,
}: {
  category: string | null;
  search: string | null;
  onClearSearch?(): void;
  onAllCategories?(): void;
  /** Shown below the results once they are in, not below the spinner (it would jump down). */
  after?: ReactNode;
}) {
  const path = businessesPath({ category, search });
  const businesses = useWindowedList<BusinessSummary>([path], path);
  const list = businesses.items;
  const heading = search ? `Results for "${search}"` : category || 'All Businesses';
  return (
    <section aria-labelledby="results-heading">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h2 id="results-heading" className="h4 mb-0">
          {heading}
          {search && category ? ` in ${category}` : ''}
        </h2>
        {businesses.isSuccess && (
          <span className="text-body-secondary small" data-testid="result-count">
            {countLabel(businesses.total ?? list.length, 'result')}
          </span>
        )}
      </div>
      {businesses.isLoading ? (
        <Spinner label="Loading businesses…" />
      ) : businesses.isError ? (
        <div className="alert alert-danger" role="alert">
          Failed to fetch businesses
        </div>
      ) : list.length === 0 ? (
        <div className="card border-0 shadow-sm">
          <EmptyState
            title="No businesses found"
            icon={<SearchIcon size={28} />}
            hint={
              search
                ? 'Try a different search term.'
                : 'There are no businesses in this category yet.'
            }
          >
            <div className="d-flex flex-wrap justify-content-center gap-2">
              {search && onClearSearch && (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary"
                  onClick={onClearSearch}
                >
                  Clear Search
                </button>
              )}
              {category && onAllCategories && (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary"
                  onClick={onAllCategories}
                >
                  Show All Categories
                </button>
              )}
              <Link to="/business/new" className="btn btn-sm btn-primary">
                Add a business
              </Link>
            </div>
          </EmptyState>
        </div>
      ) : (
        <>
          <ShowEarlier list={businesses} noun="businesses" />
          <ul
            className="row row-cols-1 row-cols-lg-2 g-3 list-unstyled mb-0"
            data-testid="business-results"
          >
            {list.map((business) => (
              <li key={business.id} className="col">
                <BusinessCard business={business} />
              </li>
            ))}
          </ul>
          <WindowFooter list={businesses} singular="business" plural="businesses" />
        </>
      )}
      {!businesses.isLoading && after}
    </section>
  );
}
