import { isRated, NotYetRated, StarRating, Link } from '@trustcircle/ui';
import type { BusinessSummary } from '@trustcircle/contracts';
import { CategoryIcon } from './CategoryIcon';

export const DEFAULT_DESCRIPTION = 'A local business reviewed by the TrustCircle community.';

import { reviewCountText } from '../logic';

export { reviewCountText };

/** A business in a list: category icon, name, description (or a default), real score and count. */
export function BusinessCard({ business }: { business: BusinessSummary }) {
  const score = business.globalTrustScore ?? 0;
  return (
    <article className="card h-100 border-0 shadow-sm tc-business-card">
      <div className="card-body d-flex gap-3">
        <span className="tc-category-icon" title={business.category}>
          <CategoryIcon category={business.category} size={22} />
        </span>
        <div className="min-w-0 flex-grow-1">
          <h3 className="h6 mb-1">
            <Link to={`/business/${business.id}`} className="tc-link-strong stretched-link">
              {business.name}
            </Link>
          </h3>
          <div className="small text-body-secondary mb-1">{business.category}</div>
          <p className="small mb-2 tc-clamp-2">{business.description || DEFAULT_DESCRIPTION}</p>
          <div className="d-flex align-items-center gap-2 small">
            {isRated(business.reviewCount) ? (
              <>
                <StarRating value={score} size={14} />
                <span className="fw-semibold">{score.toFixed(1)}</span>
                <span className="text-body-secondary">
                  · {reviewCountText(business.reviewCount ?? 0)}
                </span>
              </>
            ) : (
              <NotYetRated />
            )}
          </div>
        </div>
      </div>
    </article>
  );
}
