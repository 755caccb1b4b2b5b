import {
  EmptyState,
  Spinner,
  StarRating,
  TrendingIcon,
  TrustScoreBar,
  Link,
} from '@trustcircle/ui';
import { reviewCountText } from '../components/BusinessCard';
import { CategoryIcon } from '../components/CategoryIcon';
import { useTrending } from '../data';

/** `/trending`: the businesses with the most reviews this week. */
export function TrendingPage() {
  const trending = useTrending();
  const list = trending.data ?? [];
  return (
    <div className="container-xl py-4">
      <h1 className="h3 d-flex align-items-center gap-2">
        <TrendingIcon size={24} /> Trending Now
      </h1>
      <p className="text-body-secondary">
        The businesses members reviewed most in the last 7 days.
      </p>
      {trending.isLoading ? (
        <Spinner />
      ) : trending.isError ? (
        <div className="alert alert-danger" role="alert">
          Failed to fetch businesses
        </div>
      ) : list.length === 0 ? (
        <div className="card border-0 shadow-sm">
          <EmptyState title="No trending businesses yet" icon={<TrendingIcon size={28} />}>
            <Link to="/explore" className="btn btn-sm btn-outline-primary">
              Explore businesses
            </Link>
          </EmptyState>
        </div>
      ) : (
        <ol className="list-unstyled d-grid gap-3 tc-narrow-list">
          {list.map((business, index) => (
            <li key={business.id} className="card border-0 shadow-sm">
              <div className="card-body d-flex gap-3 align-items-start">
                <span className="tc-rank" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="tc-category-icon">
                  <CategoryIcon category={business.category} />
                </span>
                <div className="flex-grow-1 min-w-0">
                  <Link to={`/business/${business.id}`} className="h6 d-block mb-1 tc-link-strong">
                    {business.name}
                  </Link>
                  <div className="small text-body-secondary mb-1">{business.category}</div>
                  <div className="d-flex flex-wrap align-items-center gap-2 small mb-1">
                    <StarRating value={business.globalTrustScore} size={14} />
                    <span className="fw-semibold">{business.globalTrustScore.toFixed(1)}</span>
                    <span className="text-body-secondary">
                      · {reviewCountText(business.reviewCount)} · {business.reviewsThisWeek} this
                      week
                    </span>
                  </div>
                  <TrustScoreBar
                    score={business.globalTrustScore}
                    label={`Trust score of ${business.name}`}
                  />
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
