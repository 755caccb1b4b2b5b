import type { BusinessDetailWithReviews, ModeratedReview } from '@trustcircle/contracts';
import { useId, useMemo, type ReactNode } from 'react';
import { EmptyState, TrustScoreBar, Link } from '@trustcircle/ui';
import { ReviewList } from '@trustcircle/ui/reviews';
import { highlights } from '../../logic';
import { FriendsReviews } from './FriendsReviews';

export const LATEST_COUNT = 2;

export function Section({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  const id = useId();
  return (
    <section className="card border-0 shadow-sm mb-4" aria-labelledby={id}>
      <div className="card-body">
        <div className="d-flex align-items-center justify-content-between mb-3">
          <h2 id={id} className="h6 mb-0">
            {title}
          </h2>
          {action}
        </div>
        {children}
      </div>
    </section>
  );
}

export function Overview({
  business,
  reviews,
  showAll,
  showCommunities,
}: {
  business: BusinessDetailWithReviews;
  reviews: ModeratedReview[];
  showAll(): void;
  /** Opens the Communities tab (the sidebar lists the first groups only). */
  showCommunities(): void;
}) {
  const pros = useMemo(() => highlights(reviews, 'pros'), [reviews]);
  const cons = useMemo(() => highlights(reviews, 'cons'), [reviews]);
  const info = [
    { label: 'Address', value: business.address },
    {
      label: 'Phone',
      value: business.phone,
      href: business.phone ? `tel:${business.phone.replace(/[^+0-9]/g, '')}` : undefined,
    },
    { label: 'Website', value: business.website, href: business.website, external: true },
    { label: 'Opening hours', value: business.openingHours },
  ].filter((entry) => entry.value);

  return (
    <div className="row g-4">
      <div className="col-lg-8">
        <Section title="Highlights">
          {pros.length === 0 && cons.length === 0 ? (
            <p className="small text-body-secondary mb-0">
              Highlights appear here once reviewers list pros and cons.
            </p>
          ) : (
            <div className="row g-3">
              {(
                [
                  ['Pros', pros, 'tc-pro'],
                  ['Cons', cons, 'tc-con'],
                ] as const
              ).map(([label, list, tone]) => (
                <div key={label} className="col-sm-6">
                  <h3 className="h6 small text-uppercase text-body-secondary">{label}</h3>
                  {list.length === 0 ? (
                    <p className="small text-body-secondary mb-0">None mentioned yet.</p>
                  ) : (
                    <ul className={`list-unstyled mb-0 d-grid gap-1 ${tone}`}>
                      {list.map((entry) => (
                        <li key={entry.text} className="small">
                          {entry.text}
                          {entry.count > 1 && (
                            <span className="text-body-secondary"> ({entry.count})</span>
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              ))}
            </div>
          )}
        </Section>
        <Section
          title="Latest Reviews"
          action={
            reviews.length > 0 ? (
              <button type="button" className="btn btn-sm btn-link" onClick={showAll}>
                View All
              </button>
            ) : undefined
          }
        >
          {reviews.length === 0 ? (
            <EmptyState title="No reviews yet. Be the first to share your experience!">
              <Link to={`/write-review/${business.id}`} className="btn btn-sm btn-primary">
                Write a Review
              </Link>
            </EmptyState>
          ) : (
            <ReviewList reviews={reviews.slice(0, LATEST_COUNT)} />
          )}
        </Section>
      </div>
      <div className="col-lg-4">
        <Section
          title="Community Ratings"
          action={
            business.communityCount > business.groupTrustScores.length ? (
              <button type="button" className="btn btn-sm btn-link" onClick={showCommunities}>
                View all {business.communityCount}
              </button>
            ) : undefined
          }
        >
          {business.groupTrustScores.length === 0 ? (
            <p className="small text-body-secondary mb-0">
              No community has rated this business yet.
            </p>
          ) : (
            <ul className="list-unstyled mb-0 d-grid gap-3">
              {business.groupTrustScores.map((group) => (
                <li key={group.groupId}>
                  <div className="d-flex justify-content-between small mb-1">
                    <Link
                      to={`/groups/${group.groupId}`}
                      className="tc-link-strong fw-semibold text-truncate"
                    >
                      {group.groupName}
                    </Link>
                    <span className="fw-semibold">{group.score.toFixed(1)}</span>
                  </div>
                  <TrustScoreBar score={group.score} label={`Trust score in ${group.groupName}`} />
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Friends' Reviews">
          <FriendsReviews business={business} reviews={reviews} />
        </Section>
        {info.length > 0 && (
          <Section title="Business Information">
            <dl className="mb-0 small tc-info-list">
              {info.map((entry) => (
                <div key={entry.label} className="mb-2">
                  <dt className="text-body-secondary fw-normal">{entry.label}</dt>
                  <dd className="mb-0 tc-pre-line">
                    {entry.href ? (
                      <a
                        href={entry.href}
                        {...(entry.external
                          ? { target: '_blank', rel: 'noopener noreferrer' }
                          : {})}
                      >
                        {entry.value}
                      </a>
                    ) : (
                      entry.value
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </Section>
        )}
      </div>
    </div>
  );
}
