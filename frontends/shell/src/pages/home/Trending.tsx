import type { ModeratedReview } from '@trustcircle/contracts';
import {
  countLabel,
  EmptyState,
  StarRating,
  TrendingIcon,
  truncate,
  TrustScoreBar,
  useIsMobile,
  Link,
} from '@trustcircle/ui';
import { useTrending } from '../../data';
import { Panel, PanelBody } from './panels';

export function Trending({ featured }: { featured?: ModeratedReview }) {
  const trending = useTrending();
  const isMobile = useIsMobile();
  const list = (trending.data ?? []).slice(0, 5);
  return (
    <Panel
      title="Trending Now"
      icon={<TrendingIcon size={18} />}
      action={
        <Link to="/trending" className="small">
          See all
        </Link>
      }
    >
      <PanelBody
        query={trending}
        empty={list.length === 0}
        what="trending businesses"
        emptyState={
          <EmptyState title="No trending businesses yet" icon={<TrendingIcon size={28} />} />
        }
      >
        <ol className="list-unstyled mb-0 d-grid gap-3">
          {list.map((business, index) => {
            const score = business.globalTrustScore ?? 0;
            return (
              <li key={business.id} className="d-flex gap-2">
                <span className="tc-rank" aria-hidden="true">
                  {index + 1}
                </span>
                <div className="flex-grow-1 min-w-0">
                  <Link
                    to={`/business/${business.id}`}
                    className="fw-semibold d-block text-truncate tc-link-strong"
                  >
                    {business.name}
                  </Link>
                  <div className="small text-body-secondary">{business.category}</div>
                  <div className="d-flex align-items-center gap-2 small">
                    <StarRating value={score} size={13} />
                    <span className="fw-semibold">{score.toFixed(1)}</span>
                  </div>
                  <TrustScoreBar score={score} label={`Trust score of ${business.name}`} />
                  <div className="small text-body-secondary">
                    {countLabel(business.reviewsThisWeek ?? 0, 'review')} this week
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      </PanelBody>
      {featured && (
        <div className="border-top mt-3 pt-3">
          <div className="small text-uppercase fw-semibold text-body-secondary mb-1">
            Featured post
          </div>
          <p className="small mb-1">{truncate(featured.content, isMobile ? 80 : 120)}</p>
          <div className="small text-body-secondary">
            {featured.businessName || `Business #${featured.businessId}`}
          </div>
        </div>
      )}
    </Panel>
  );
}
