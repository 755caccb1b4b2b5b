import type { BusinessDetailWithReviews, ModeratedReview } from '@trustcircle/contracts';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  EmptyState,
  initials,
  PenIcon,
  ReviewList,
  Spinner,
  StarRating,
  truncate,
  TrustScoreBar,
  UsersIcon,
  useToast,
} from '@trustcircle/ui';
import { BusinessCard, reviewCountText } from '../components/BusinessCard';
import { CategoryIcon } from '../components/CategoryIcon';
import { LoadError } from '../components/common';
import { UnusualActivityNotice } from '../components/UnusualActivityNotice';
import { useBusiness, useSimilar } from '../data';
import { highlights } from '../logic';

export const LATEST_COUNT = 2;
export const GROUP_EXCERPT = 150;
const MAX_GROUP_INITIALS = 3;

type Tab = 'overview' | 'reviews' | 'communities' | 'similar';

function Section({
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

function Header({ business }: { business: BusinessDetailWithReviews }) {
  const notify = useToast();
  const groups = business.groupTrustScores;
  const score = business.globalTrustScore;
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
                {groups.length} {groups.length === 1 ? 'community' : 'communities'}
              </span>
            </div>
            <h1 className="h2 mb-1">{business.name}</h1>
            {business.description && (
              <p className="text-body-secondary mb-2">{business.description}</p>
            )}
            <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
              <span className="fs-4 fw-bold">{score.toFixed(1)}</span>
              <StarRating value={score} size={18} />
              <span className="text-body-secondary">{reviewCountText(business.reviewCount)}</span>
              {groups.length > 0 && (
                <span
                  className="d-inline-flex align-items-center ms-md-2"
                  role="img"
                  aria-label={`Reviewed in ${groups.map((g) => g.groupName).join(', ')}`}
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
                  {groups.length > MAX_GROUP_INITIALS && (
                    <span className="small text-body-secondary ms-1" aria-hidden="true">
                      +{groups.length - MAX_GROUP_INITIALS}
                    </span>
                  )}
                </span>
              )}
            </div>
            <div className="tc-trust-header">
              <TrustScoreBar score={score} label={`Trust score of ${business.name}`} />
            </div>
          </div>
          <div className="d-flex flex-md-column gap-2 align-items-start">
            <Link
              to={`/write-review/${business.id}`}
              className="btn btn-primary d-inline-flex align-items-center gap-2"
            >
              <PenIcon size={16} /> Write a Review
            </Link>
            <button type="button" className="btn btn-outline-secondary" onClick={share}>
              Share
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}

function Stats({ business }: { business: BusinessDetailWithReviews }) {
  const items = [
    { label: 'Overall Trust Score', value: business.globalTrustScore.toFixed(1) },
    { label: 'Community Rating', value: `${Math.round(business.communityRating)}%` },
    { label: 'Review Count', value: String(business.reviewCount) },
    { label: 'Communities', value: String(business.groupTrustScores.length) },
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
            <dd className="tc-stat-value mb-0" data-testid={`stat-${item.label}`}>
              {item.value}
            </dd>
          </dl>
        </div>
      ))}
    </div>
  );
}

function Overview({
  business,
  reviews,
  showAll,
}: {
  business: BusinessDetailWithReviews;
  reviews: ModeratedReview[];
  showAll(): void;
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
        <Section title="Community Ratings">
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
          <p className="small text-body-secondary">
            See what people you know think of {business.name}. Connecting your friends is on its
            way.
          </p>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled
            aria-describedby="friends-soon"
          >
            Connect with friends
          </button>{' '}
          <span id="friends-soon" className="small text-body-secondary">
            Coming soon
          </span>
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

function Communities({
  business,
  reviews,
}: {
  business: BusinessDetailWithReviews;
  reviews: ModeratedReview[];
}) {
  if (business.groupTrustScores.length === 0) {
    return (
      <div className="card border-0 shadow-sm">
        <EmptyState
          title="No communities have reviewed this business yet"
          icon={<UsersIcon size={28} />}
        >
          <Link to="/groups" className="btn btn-sm btn-outline-primary">
            Browse groups
          </Link>
        </EmptyState>
      </div>
    );
  }
  return (
    <ul className="row row-cols-1 row-cols-md-2 g-3 list-unstyled mb-0">
      {business.groupTrustScores.map((group) => {
        const tagged = reviews.filter((review) =>
          (review.groups ?? []).some((g) => g.id === group.groupId),
        );
        const first = tagged[0];
        const count = Math.max(group.reviewCount, tagged.length);
        return (
          <li key={group.groupId} className="col">
            <article className="card border-0 shadow-sm h-100">
              <div className="card-body">
                <div className="d-flex justify-content-between align-items-start gap-2">
                  <h3 className="h6 mb-1">
                    <Link to={`/groups/${group.groupId}`} className="tc-link-strong">
                      {group.groupName}
                    </Link>
                  </h3>
                  <span className="fw-bold">{group.score.toFixed(1)}</span>
                </div>
                <TrustScoreBar score={group.score} label={`Trust score in ${group.groupName}`} />
                <p className="small text-body-secondary mt-2 mb-2">{reviewCountText(count)}</p>
                {first && (
                  <blockquote className="small mb-2 tc-pre-line">
                    “{truncate(first.content, GROUP_EXCERPT)}”
                  </blockquote>
                )}
                <Link to={`/groups/${group.groupId}`} className="small">
                  View group
                </Link>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}

function Similar({ business }: { business: BusinessDetailWithReviews }) {
  const similar = useSimilar(business.id, true);
  if (similar.isLoading) return <Spinner label="Loading similar businesses…" />;
  if (similar.isError)
    return (
      <p className="text-body-secondary">We couldn&apos;t load similar businesses right now.</p>
    );
  const list = similar.data ?? [];
  if (list.length === 0)
    return (
      <div className="card border-0 shadow-sm">
        <EmptyState title={`No other ${business.category} businesses yet`}>
          <Link
            to={`/explore?category=${encodeURIComponent(business.category)}`}
            className="btn btn-sm btn-outline-primary"
          >
            Explore {business.category}
          </Link>
        </EmptyState>
      </div>
    );
  return (
    <ul className="row row-cols-1 row-cols-md-2 g-3 list-unstyled mb-0">
      {list.map((item) => (
        <li key={item.id} className="col">
          <BusinessCard business={item} />
        </li>
      ))}
    </ul>
  );
}

export function BusinessDetailPage() {
  const { id } = useParams();
  const business = useBusiness(id);
  const [tab, setTab] = useState<Tab>('overview');
  const baseId = useId();

  if (business.isLoading) return <Spinner label="Loading business…" />;
  if (business.isError || !business.data)
    return <LoadError error={business.error} notFoundTitle="Business not found" />;
  const data = business.data;
  const reviews = data.reviews ?? [];

  const tabs: Array<{ key: Tab; label: string }> = [
    { key: 'overview', label: 'Overview' },
    { key: 'reviews', label: `Reviews (${data.reviewCount})` },
    { key: 'communities', label: `Communities (${data.groupTrustScores.length})` },
    { key: 'similar', label: 'Similar' },
  ];

  return (
    <>
      <Header business={data} />
      <div className="container-xl py-4">
        {data.unusualActivity && (
          <UnusualActivityNotice activity={data.unusualActivity} business={data.name} />
        )}
        {data.reviewsUnavailable && (
          <div className="alert alert-light border small" role="status">
            Reviews can&apos;t be shown right now. The scores are up to date; please try again in a
            moment.
          </div>
        )}
        <Stats business={data} />
        <div
          className="nav nav-underline tc-tabs my-4 flex-nowrap overflow-auto"
          role="tablist"
          aria-label="Business sections"
        >
          {tabs.map((entry) => (
            <button
              key={entry.key}
              type="button"
              role="tab"
              id={`${baseId}-${entry.key}-tab`}
              aria-controls={`${baseId}-${entry.key}`}
              aria-selected={tab === entry.key}
              tabIndex={tab === entry.key ? 0 : -1}
              className={`nav-link text-nowrap ${tab === entry.key ? 'active' : ''}`}
              onClick={() => setTab(entry.key)}
              onKeyDown={(event) => {
                const index = tabs.findIndex((t) => t.key === tab);
                const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                if (!delta) return;
                const next = tabs[(index + delta + tabs.length) % tabs.length]!;
                setTab(next.key);
                document.getElementById(`${baseId}-${next.key}-tab`)?.focus();
              }}
            >
              {entry.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${baseId}-${tab}`} aria-labelledby={`${baseId}-${tab}-tab`}>
          {tab === 'overview' && (
            <Overview business={data} reviews={reviews} showAll={() => setTab('reviews')} />
          )}
          {tab === 'reviews' &&
            (reviews.length === 0 ? (
              <div className="card border-0 shadow-sm">
                <EmptyState title="No reviews yet. Be the first to share your experience!">
                  <Link to={`/write-review/${data.id}`} className="btn btn-sm btn-primary">
                    Write a Review
                  </Link>
                </EmptyState>
              </div>
            ) : (
              <div className="tc-narrow-list">
                <ReviewList reviews={reviews} />
              </div>
            ))}
          {tab === 'communities' && <Communities business={data} reviews={reviews} />}
          {tab === 'similar' && <Similar business={data} />}
        </div>
      </div>
    </>
  );
}
