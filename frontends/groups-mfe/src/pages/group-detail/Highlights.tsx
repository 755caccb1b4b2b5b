import type { ReactNode } from 'react';
import { RelativeDate, Spinner, StarRating, TrendingIcon, Link } from '@trustcircle/ui';
import { computeHighlights, countLabel } from '../../logic';

/**
 * Group Highlights with real figures: reviews carry no business category, so in place of the
 * spec's hard-coded categories we show the most-reviewed businesses and reviews this week.
 */
export function Highlights({
  reviews,
  loading,
  truncated,
  children,
}: {
  reviews: Parameters<typeof computeHighlights>[0];
  loading: boolean;
  truncated: boolean;
  children: ReactNode;
}) {
  const highlights = computeHighlights(reviews);
  return (
    <section className="card border-0 shadow-sm">
      <div className="card-body p-4">
        <h2 className="h6 d-flex align-items-center gap-2 mb-3">
          <TrendingIcon size={18} /> Group Highlights
        </h2>
        {loading ? (
          <Spinner label="Loading highlights…" />
        ) : (
          <>
            <dl className="row g-2 mb-3 text-center tc-groups-stats">
              <div className="col-6">
                <dt className="small fw-normal text-body-secondary">
                  {highlights.reviewsThisWeek === 1 ? 'review this week' : 'reviews this week'}
                </dt>
                <dd className="h4 mb-0" data-testid="reviews-this-week">
                  {highlights.reviewsThisWeek}
                </dd>
              </div>
              <div className="col-6">
                <dt className="small fw-normal text-body-secondary">average rating</dt>
                <dd className="h4 mb-0">
                  {highlights.averageRating === null ? '–' : highlights.averageRating.toFixed(1)}
                </dd>
              </div>
            </dl>
            <h3 className="small text-uppercase text-body-secondary fw-semibold mb-2">
              Most reviewed{truncated ? ' (latest 100 reviews)' : ''}
            </h3>
            {highlights.topBusinesses.length === 0 ? (
              <p className="small text-body-secondary">No businesses reviewed in this group yet.</p>
            ) : (
              <ol className="list-unstyled mb-3" data-testid="top-businesses">
                {highlights.topBusinesses.map((business) => (
                  <li
                    key={business.id}
                    className="d-flex align-items-center justify-content-between gap-2 py-1"
                  >
                    <Link to={`/business/${business.id}`} className="text-truncate">
                      {business.name}
                    </Link>
                    <span className="d-inline-flex align-items-center gap-1 small text-nowrap">
                      <StarRating value={business.averageRating} size={12} />
                      <span className="text-body-secondary">
                        {countLabel(business.reviews, 'review')}
                      </span>
                    </span>
                  </li>
                ))}
              </ol>
            )}
            {highlights.lastReviewAt && (
              <p className="small text-body-secondary">
                Last review <RelativeDate value={highlights.lastReviewAt} />
              </p>
            )}
          </>
        )}
        {children}
      </div>
    </section>
  );
}
