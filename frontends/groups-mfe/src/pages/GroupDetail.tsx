import type { Group } from '@trustcircle/contracts';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  AlertIcon,
  ArrowLeftIcon,
  CalendarIcon,
  ChartIcon,
  EmptyState,
  InfoIcon,
  PenIcon,
  RelativeDate,
  ReviewList,
  ShareIcon,
  Spinner,
  StarRating,
  TrendingIcon,
  UsersIcon,
  useSessionUser,
  useToast,
} from '@trustcircle/ui';
import { ButtonSpinner, GroupTile } from '../components';
import { useDetailMembership, useGroup, useGroupReviews, useMembership } from '../data';
import {
  computeHighlights,
  countLabel,
  establishedLabel,
  groupColour,
  parseGroupId,
} from '../logic';

type Tab = 'reviews' | 'members' | 'about';
const TABS: Array<{ key: Tab; label: string }> = [
  { key: 'reviews', label: 'Reviews' },
  { key: 'members', label: 'Members' },
  { key: 'about', label: 'About' },
];

export function GroupNotFound({ basePath }: { basePath: string }) {
  return (
    <div className="container py-5">
      <div className="card border-0 shadow-sm mx-auto text-center p-4 p-md-5 tc-groups-notfound">
        <div className="tc-empty-icon mx-auto mb-3">
          <AlertIcon size={28} />
        </div>
        <h1 className="h4">Group Not Found</h1>
        <p className="text-body-secondary mb-4">
          The group you&apos;re looking for doesn&apos;t exist or you don&apos;t have permission to
          view it.
        </p>
        <div>
          <Link to={basePath} className="btn btn-primary">
            <ArrowLeftIcon /> <span className="ms-1">Back to Groups</span>
          </Link>
        </div>
      </div>
    </div>
  );
}

/** `/groups/{id}` (spec §2, §4, §6, §8). */
export function GroupDetailPage({ basePath }: { basePath: string }) {
  const params = useParams();
  const id = parseGroupId(params.id);
  const groupQuery = useGroup(id);
  if (id === null || groupQuery.isError) return <GroupNotFound basePath={basePath} />;
  if (groupQuery.isLoading || !groupQuery.data) return <Spinner label="Loading the group…" />;
  return <GroupDetail group={groupQuery.data} basePath={basePath} />;
}

function GroupDetail({ group, basePath }: { group: Group; basePath: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const { user, isLoading: sessionLoading } = useSessionUser();
  const membership = useMembership(group.id);
  const reviews = useGroupReviews(group.id);
  const { join, leave } = useDetailMembership(group.id);
  const [tab, setTab] = useState<Tab>('reviews');

  const isMember = Boolean(user) && membership.data === true;
  const membershipLoading = sessionLoading || (Boolean(user) && membership.isLoading);

  const onJoin = () => {
    if (!user) {
      navigate('/auth', { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    join.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Joined group successfully',
          description: `Success! You've joined ${group.name}`,
          variant: 'success',
        }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: `Failed to join group: ${error.message}`,
          variant: 'destructive',
        }),
    });
  };
  const onLeave = () =>
    leave.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Left group successfully',
          description: `You've left ${group.name}`,
          variant: 'success',
        }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: `Failed to leave group: ${error.message}`,
          variant: 'destructive',
        }),
    });

  const share = async () => {
    const url = `${window.location.origin}${basePath}/${group.id}`;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: 'The group link is on your clipboard.' });
    } catch {
      toast({ title: 'Share this group', description: url });
    }
  };

  const membershipButton = membershipLoading ? (
    <button type="button" className="btn btn-outline-secondary" disabled>
      <ButtonSpinner /> Loading
    </button>
  ) : isMember ? (
    <button
      type="button"
      className="btn btn-outline-secondary"
      onClick={onLeave}
      disabled={leave.isPending}
    >
      {leave.isPending && <ButtonSpinner />}
      Leave Group
    </button>
  ) : (
    <button type="button" className="btn btn-primary" onClick={onJoin} disabled={join.isPending}>
      {join.isPending && <ButtonSpinner />}
      Join Group
    </button>
  );

  const writeButton = (
    <Link to="/write-review" className="btn btn-primary">
      <PenIcon size={16} /> <span className="ms-1">Write a Review</span>
    </Link>
  );

  const onTabKey = (event: KeyboardEvent) => {
    const index = TABS.findIndex((t) => t.key === tab);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const key = TABS[next]!.key;
    setTab(key);
    document.getElementById(`tc-group-tab-${key}`)?.focus();
  };

  const reviewList = reviews.data?.items ?? [];
  const established = establishedLabel(group.createdAt);

  return (
    <div className="container py-4 py-md-5 tc-groups">
      <nav aria-label="Breadcrumb" className="mb-3">
        <Link to={basePath} className="small d-inline-flex align-items-center gap-1">
          <ArrowLeftIcon size={14} /> All groups
        </Link>
      </nav>

      <header className="card border-0 shadow-sm mb-4 overflow-hidden">
        <div className="tc-groups-hero-band" style={{ background: groupColour(group.color) }} />
        <div className="card-body p-4">
          <div className="d-flex flex-column flex-md-row gap-3 align-items-md-start">
            <GroupTile group={group} size={64} />
            <div className="flex-grow-1 min-w-0">
              <h1 className="h3 mb-1 text-break">{group.name}</h1>
              <p className="text-body-secondary mb-2">{group.description}</p>
              <ul className="list-inline small text-body-secondary mb-0 d-flex flex-wrap gap-3">
                <li className="d-inline-flex align-items-center gap-1" data-testid="member-count">
                  <UsersIcon size={14} /> {countLabel(group.memberCount, 'member')}
                </li>
                <li className="d-inline-flex align-items-center gap-1" data-testid="review-count">
                  <ChartIcon size={14} /> {countLabel(group.reviewCount, 'review')}
                </li>
                {established && (
                  <li className="d-inline-flex align-items-center gap-1" data-testid="established">
                    <CalendarIcon size={14} /> {established}
                  </li>
                )}
              </ul>
            </div>
            <div className="flex-shrink-0">{membershipButton}</div>
          </div>
        </div>
      </header>

      <div className="row g-4">
        <div className="col-lg-8">
          <div className="nav nav-underline mb-3" role="tablist" aria-label="Group sections">
            {TABS.map((t) => (
              <button
                key={t.key}
                id={`tc-group-tab-${t.key}`}
                type="button"
                role="tab"
                className={`nav-link ${tab === t.key ? 'active' : ''}`}
                aria-selected={tab === t.key}
                aria-controls={`tc-group-panel-${t.key}`}
                tabIndex={tab === t.key ? 0 : -1}
                onClick={() => setTab(t.key)}
                onKeyDown={onTabKey}
              >
                {t.label}
              </button>
            ))}
          </div>
          <div
            id={`tc-group-panel-${tab}`}
            role="tabpanel"
            aria-labelledby={`tc-group-tab-${tab}`}
            tabIndex={0}
            className="tc-groups-panel"
          >
            {tab === 'reviews' &&
              (reviews.isLoading ? (
                <Spinner label="Loading the group's reviews…" />
              ) : reviews.isError ? (
                <div className="card border-0 shadow-sm">
                  <EmptyState
                    title="We couldn't load this group's reviews right now"
                    hint={reviews.error.message}
                  />
                </div>
              ) : reviewList.length === 0 ? (
                <div className="card border-0 shadow-sm">
                  <EmptyState
                    title="No Reviews Yet"
                    hint={
                      isMember
                        ? 'Be the first to share a review with this group.'
                        : 'Reviews shared with this group will appear here.'
                    }
                    icon={<PenIcon size={28} />}
                  >
                    {isMember && writeButton}
                  </EmptyState>
                </div>
              ) : (
                <ReviewList reviews={reviewList} />
              ))}
            {tab === 'members' && (
              <div className="card border-0 shadow-sm">
                <div className="card-body p-4 text-center">
                  <div className="tc-empty-icon mx-auto mb-3">
                    <UsersIcon size={28} />
                  </div>
                  <h2 className="h5 mb-1">{countLabel(group.memberCount, 'member')}</h2>
                  <p className="text-body-secondary mb-3">
                    {isMember
                      ? 'You are a member of this group. Reviews you share with it help every member decide.'
                      : 'Join this group to share reviews with its members and read the ones they trust.'}
                  </p>
                  {!isMember && !membershipLoading && (
                    <button
                      type="button"
                      className="btn btn-primary"
                      onClick={onJoin}
                      disabled={join.isPending}
                    >
                      {join.isPending && <ButtonSpinner />}
                      Join Group
                    </button>
                  )}
                </div>
              </div>
            )}
            {tab === 'about' && (
              <div className="card border-0 shadow-sm">
                <div className="card-body p-4">
                  <h2 className="h5">About {group.name}</h2>
                  <p>{group.description}</p>
                  <div className="alert alert-light border d-flex gap-2 small" role="note">
                    <InfoIcon />
                    <span>
                      Reviews shared with this group are visible to its members and shape the
                      group&apos;s own trust score for each business.
                    </span>
                  </div>
                  <dl className="row small mb-3">
                    {established && (
                      <>
                        <dt className="col-sm-4">Established</dt>
                        <dd className="col-sm-8">{established.replace(/^Est\. /, '')}</dd>
                      </>
                    )}
                    {group.creator && (
                      <>
                        <dt className="col-sm-4">Created by</dt>
                        <dd className="col-sm-8">{group.creator.name || group.creator.username}</dd>
                      </>
                    )}
                    <dt className="col-sm-4">Members</dt>
                    <dd className="col-sm-8">{countLabel(group.memberCount, 'member')}</dd>
                  </dl>
                  <button type="button" className="btn btn-outline-primary" onClick={share}>
                    <ShareIcon /> <span className="ms-1">Share</span>
                  </button>
                </div>
              </div>
            )}
          </div>
        </div>

        <aside className="col-lg-4" aria-label="Group Highlights">
          <Highlights
            loading={reviews.isLoading}
            reviews={reviewList}
            truncated={reviews.data?.truncated ?? false}
          >
            {isMember ? (
              writeButton
            ) : (
              <p className="small text-body-secondary mb-0">
                Members can share their reviews with this group.
              </p>
            )}
          </Highlights>
        </aside>
      </div>
    </div>
  );
}

/**
 * Group Highlights with real figures: reviews carry no business category, so in place of the
 * spec's hard-coded categories we show the most-reviewed businesses and reviews this week.
 */
function Highlights({
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
              Most reviewed{truncated ? ' (latest 500 reviews)' : ''}
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
