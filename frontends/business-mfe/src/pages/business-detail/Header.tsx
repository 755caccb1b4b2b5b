import type { BusinessDetailWithReviews } from '@trustcircle/contracts';
import {
  countLabel,
  initials,
  isRated,
  NOT_YET_RATED,
  NotYetRated,
  PenIcon,
  StarRating,
  TrustScoreBar,
  useSessionUser,
  useToast,
  Link,
} from '@trustcircle/ui';
import { useMyReviewOf } from '../../data';
import { reviewCountText } from '../../components/BusinessCard';
import { CategoryIcon } from '../../components/CategoryIcon';

const MAX_GROUP_INITIALS = 3;

/** "Reviewed in A, B, C": the detail names the first groups; the rest are counted. */
export function reviewedIn(names: string[], communityCount: number): string {
  const others = communityCount - names.length;
  return `Reviewed in ${names.join(', ')}${others > 0 ? ` and ${others} more` : ''}`;
}

export function Header({ business }: { business: BusinessDetailWithReviews }) {
  const notify = useToast();
  const groups = business.groupTrustScores;
  const score = business.globalTrustScore;
  const rated = isRated(business.reviewCount);
  // The reader's own review, if any: the wizard then edits it, and the button says so.
  const { user } = useSessionUser();
  const mine = useMyReviewOf(user ? business.id : undefined);
  const share = async () => {
    const url = `${window.location.origin}/business/${business.id}`;
    try {
      await navigator.clipboard.writeText(url);
      notify({
        title: 'Link copied',
        description: 'The link to this business is on your clipboard.',
      });
    } catch {
      notify({ title: 'Share this link', description: url });
    }
  };
  return (
    <section className="bg-white border-bottom">
      <div className="container-xl py-4">
        <div className="d-flex flex-column flex-md-row gap-4">
          {business.image ? (
            <img src={business.image} alt="" className="tc-business-image" />
          ) : (
            <div className="tc-business-image tc-business-letter" aria-hidden="true">
              {Array.from(business.name)[0]?.toUpperCase()}
            </div>
          )}
          <div className="flex-grow-1 min-w-0">
            <div className="d-flex flex-wrap align-items-center gap-2 mb-1 small">
              <span className="badge tc-badge-group d-inline-flex align-items-center gap-1">
                <CategoryIcon category={business.category} size={12} /> {business.category}
              </span>
              <span className="text-body-secondary">
                {countLabel(business.communityCount, 'community', 'communities')}
              </span>
            </div>
            <h1 className="h2 mb-1">{business.name}</h1>
            {business.description && (
              <p className="text-body-secondary mb-2">{business.description}</p>
            )}
            <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
              {rated ? (
                <>
                  <span className="fs-4 fw-bold">{score.toFixed(1)}</span>
                  <StarRating value={score} size={18} />
                  <span className="text-body-secondary">
                    {reviewCountText(business.reviewCount)}
                  </span>
                </>
              ) : (
                <NotYetRated />
              )}
              {groups.length > 0 && (
                <span
                  className="d-inline-flex align-items-center ms-md-2"
                  role="img"
                  aria-label={reviewedIn(
                    groups.map((g) => g.groupName),
                    business.communityCount,
                  )}
                >
                  {groups.slice(0, MAX_GROUP_INITIALS).map((group) => (
                    <span
                      key={group.groupId}
                      className="tc-avatar tc-group-initials"
                      title={group.groupName}
                      aria-hidden="true"
                    >
                      {initials(group.groupName)}
                    </span>
                  ))}
                  {business.communityCount > MAX_GROUP_INITIALS && (
                    <span className="small text-body-secondary ms-1" aria-hidden="true">
                      +{business.communityCount - MAX_GROUP_INITIALS}
                    </span>
                  )}
                </span>
              )}
            </div>
            {rated && (
              <div className="tc-trust-header">
                <TrustScoreBar score={score} label={`Trust score of ${business.name}`} />
              </div>
            )}
          </div>
          <div className="d-flex flex-md-column gap-2 align-items-start">
            <Link
              to={`/write-review/${business.id}`}
              className="btn btn-primary d-inline-flex align-items-center gap-2 text-nowrap"
            >
              <PenIcon size={16} /> {mine.data ? 'Edit your review' : 'Write a Review'}
            </Link>
            <button type="button" className="btn btn-outline-secondary text-nowrap" onClick={share}>
              Share
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}

export function Stats({ business }: { business: BusinessDetailWithReviews }) {
  // No review yet: no score and no percentage (0.0 and 0% would read as bad ones).
  const rated = isRated(business.reviewCount);
  const items = [
    {
      label: 'Overall Trust Score',
      value: rated ? business.globalTrustScore.toFixed(1) : NOT_YET_RATED,
    },
    {
      label: 'Community Rating',
      value: rated ? `${Math.round(business.communityRating)}%` : NOT_YET_RATED,
    },
    { label: 'Review Count', value: String(business.reviewCount) },
    { label: 'Communities', value: String(business.communityCount) },
  ];
  return (
    <div
      className="row row-cols-2 row-cols-md-4 g-3 my-0"
      role="group"
      aria-label="Business statistics"
    >
      {items.map((item) => (
        <div key={item.label} className="col">
          <dl className="card border-0 shadow-sm h-100 text-center py-3 mb-0 d-flex flex-column-reverse">
            <dt className="small text-body-secondary fw-normal">{item.label}</dt>
            <dd
              className={`tc-stat-value mb-0 ${item.value === NOT_YET_RATED ? 'tc-stat-none' : ''}`}
              data-testid={`stat-${item.label}`}
            >
              {item.value}
            </dd>
          </dl>
        </div>
      ))}
    </div>
  );
}
