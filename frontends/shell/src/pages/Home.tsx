import type { Group, ModeratedReview, User } from '@trustcircle/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  countLabel,
  EmptyState,
  ReviewList,
  StarRating,
  TrendingIcon,
  truncate,
  TrustScoreBar,
  useIsMobile,
  UsersIcon,
  useToast,
} from '@trustcircle/ui';
import {
  useAllGroups,
  useCategories,
  useFeed,
  useJoinGroup,
  useMyGroups,
  useTrending,
} from '../data';
import { displayName, useSession } from '../session';
import { HeroSearch } from './HeroSearch';

export const FEED_PAGE = 3;
const MAX_GROUPS = 3;

type ActivityTab = 'all' | 'reviews' | 'recommended' | 'trending';
type ActivityFilter = 'all' | 'groups';

const TABS: Array<{ key: ActivityTab; label: string }> = [
  { key: 'all', label: 'All' },
  { key: 'reviews', label: 'Reviews' },
  { key: 'recommended', label: 'Recommended' },
  { key: 'trending', label: 'Trending' },
];

const byNewest = (a: ModeratedReview, b: ModeratedReview) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id;

/**
 * The activity tabs and filter (the spec's did nothing; ours filter): All = everything, newest
 * first; Reviews = written reviews from other members; Recommended = most helpful first (only
 * reviews someone found helpful); Trending = reviews of the trending businesses. Filter
 * "My groups" keeps reviews tagged with one of the user's groups.
 */
export function filterFeed(
  feed: ModeratedReview[],
  tab: ActivityTab,
  filter: ActivityFilter,
  ctx: { userId: number; groupIds: Set<number>; trendingIds: Set<number> },
): ModeratedReview[] {
  let list = [...feed].sort(byNewest);
  if (filter === 'groups')
    list = list.filter((review) => (review.groups ?? []).some((g) => ctx.groupIds.has(g.id)));
  if (tab === 'reviews') list = list.filter((review) => review.userId !== ctx.userId);
  if (tab === 'recommended')
    list = list
      .filter((review) => (review.helpfulCount ?? 0) > 0)
      .sort((a, b) => (b.helpfulCount ?? 0) - (a.helpfulCount ?? 0) || byNewest(a, b));
  if (tab === 'trending') list = list.filter((review) => ctx.trendingIds.has(review.businessId));
  return list;
}

function Panel({
  title,
  icon,
  children,
  action,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="card border-0 shadow-sm mb-4" aria-label={title}>
      <div className="card-body">
        <div className="d-flex align-items-center justify-content-between gap-2 mb-3">
          <h2 className="h6 mb-0 d-flex align-items-center gap-2">
            {icon}
            {title}
          </h2>
          {action && <span className="text-nowrap small">{action}</span>}
        </div>
        {children}
      </div>
    </section>
  );
}

function QuietError({ what }: { what: string }) {
  return (
    <p className="small text-body-secondary mb-0" role="status">
      We couldn&apos;t load {what} right now.
    </p>
  );
}

/**
 * What a home panel shows for its query, in the one order: a stand-in while loading, a quiet
 * error, the empty state, or the content.
 */
function PanelBody({
  query,
  empty,
  what,
  emptyState,
  placeholder = (
    <div className="placeholder-glow">
      <span className="placeholder col-12" />
    </div>
  ),
  children,
}: {
  query: { isLoading: boolean; isError: boolean };
  empty: boolean;
  /** "We couldn't load {what} right now." */
  what: string;
  emptyState: ReactNode;
  placeholder?: ReactNode;
  children: ReactNode;
}) {
  if (query.isLoading) return placeholder;
  if (query.isError) return <QuietError what={what} />;
  if (empty) return emptyState;
  return children;
}

/** An empty panel whose way forward is joining groups. */
function FindGroupsEmpty({ title, hint }: { title: string; hint: string }) {
  return (
    <EmptyState title={title} hint={hint}>
      <Link to="/groups" className="btn btn-sm btn-outline-primary">
        Find groups
      </Link>
    </EmptyState>
  );
}

function GroupTile({ group, children }: { group: Group; children?: ReactNode }) {
  return (
    <li className="d-flex align-items-center gap-2 py-2">
      <span
        className={`tc-group-dot ${group.color ? '' : 'tc-tile-teal'}`}
        style={group.color ? { background: group.color } : undefined}
        aria-hidden="true"
      >
        <UsersIcon size={16} />
      </span>
      <div className="flex-grow-1 min-w-0">
        <Link
          to={`/groups/${group.id}`}
          className="fw-semibold text-truncate d-block tc-link-strong"
        >
          {group.name}
        </Link>
        <span className="small text-body-secondary">
          {countLabel(group.memberCount ?? 0, 'member')}
        </span>
      </div>
      {children}
    </li>
  );
}

function MyCommunities() {
  const mine = useMyGroups();
  const all = useAllGroups();
  const join = useJoinGroup();
  const toast = useToast();
  const myGroups = mine.data ?? [];
  const joined = new Set(myGroups.map((g) => g.id));
  const suggestions = (all.data ?? []).filter((g) => !joined.has(g.id)).slice(0, MAX_GROUPS);
  const joiningId = join.isPending ? join.variables?.id : undefined;

  return (
    <>
      <Panel
        title="My Communities"
        icon={<UsersIcon size={18} />}
        action={
          <Link to="/groups" className="small">
            View all
          </Link>
        }
      >
        <PanelBody
          query={mine}
          empty={myGroups.length === 0}
          what="your groups"
          emptyState={
            <FindGroupsEmpty
              title="You haven't joined any groups yet"
              hint="Communities shape the reviews you see."
            />
          }
        >
          <ul className="list-unstyled mb-0">
            {myGroups.slice(0, MAX_GROUPS).map((group) => (
              <GroupTile key={group.id} group={group}>
                <span className="badge text-bg-light border">0 new</span>
              </GroupTile>
            ))}
          </ul>
        </PanelBody>
      </Panel>
      <Panel title="Suggested Groups">
        <PanelBody
          query={all}
          empty={suggestions.length === 0}
          what="suggestions"
          emptyState={<EmptyState title="No suggestions available" />}
        >
          <ul className="list-unstyled mb-0">
            {suggestions.map((group) => (
              <GroupTile key={group.id} group={group}>
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  disabled={joiningId === group.id}
                  aria-label={`Join ${group.name}`}
                  onClick={() =>
                    join.mutate(group, {
                      onSuccess: () =>
                        toast({
                          title: 'Joined group successfully',
                          description: `Success! You've joined ${group.name}`,
                          variant: 'success',
                        }),
                      onError: (error) =>
                        toast({
                          title: 'Failed to join group',
                          description: error.message,
                          variant: 'destructive',
                        }),
                    })
                  }
                >
                  {joiningId === group.id ? (
                    <span className="spinner-border spinner-border-sm" aria-hidden="true" />
                  ) : (
                    'Join'
                  )}
                </button>
              </GroupTile>
            ))}
          </ul>
        </PanelBody>
      </Panel>
    </>
  );
}

function Trending({ featured }: { featured?: ModeratedReview }) {
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

function Activity({
  user,
  feed,
  isLoading,
  isError,
}: {
  user: User;
  feed: ModeratedReview[];
  isLoading: boolean;
  isError: boolean;
}) {
  const [tab, setTab] = useState<ActivityTab>('all');
  const [filter, setFilter] = useState<ActivityFilter>('all');
  const [shown, setShown] = useState(FEED_PAGE);
  const myGroups = useMyGroups();
  const trending = useTrending();
  const list = useMemo(
    () =>
      filterFeed(feed, tab, filter, {
        userId: user.id,
        groupIds: new Set((myGroups.data ?? []).map((g) => g.id)),
        trendingIds: new Set((trending.data ?? []).map((b) => b.id)),
      }),
    [feed, tab, filter, user.id, myGroups.data, trending.data],
  );
  const visible = list.slice(0, shown);

  return (
    <section className="card border-0 shadow-sm mb-4" aria-labelledby="activity-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
          <h2 id="activity-title" className="h6 mb-0">
            Community Activity
          </h2>
          <div className="d-flex align-items-center gap-2">
            <label htmlFor="activity-filter" className="small text-body-secondary mb-0">
              Show
            </label>
            <select
              id="activity-filter"
              className="form-select form-select-sm w-auto"
              value={filter}
              onChange={(event) => {
                setFilter(event.target.value as ActivityFilter);
                setShown(FEED_PAGE);
              }}
            >
              <option value="all">All activity</option>
              <option value="groups">My groups</option>
            </select>
          </div>
        </div>
        <div className="nav nav-underline tc-activity-tabs mb-3" role="group" aria-label="Activity">
          {TABS.map((item) => (
            <button
              key={item.key}
              type="button"
              className={`nav-link ${tab === item.key ? 'active' : ''}`}
              aria-pressed={tab === item.key}
              onClick={() => {
                setTab(item.key);
                setShown(FEED_PAGE);
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
        <PanelBody
          query={{ isLoading, isError }}
          empty={list.length === 0}
          what="your feed"
          placeholder={
            <div className="placeholder-glow d-grid gap-2">
              <span className="placeholder col-12 py-5" />
            </div>
          }
          emptyState={
            <FindGroupsEmpty
              title="Your feed is empty"
              hint="Join groups or follow users to see reviews from your communities here."
            />
          }
        >
          <div className="d-grid gap-3" data-testid="feed">
            <ReviewList reviews={visible} />
            {shown < list.length && (
              <button
                type="button"
                className="btn btn-outline-primary"
                onClick={() => setShown((n) => n + FEED_PAGE)}
              >
                Load more reviews
              </button>
            )}
          </div>
        </PanelBody>
      </div>
    </section>
  );
}

export function HomePage() {
  const { user } = useSession();
  const feed = useFeed();
  const myGroups = useMyGroups();
  const categories = useCategories();
  const isMobile = useIsMobile();
  const [mobileTab, setMobileTab] = useState<'feed' | 'groups' | 'trending'>('feed');
  if (!user) return null;
  const reviews = feed.data ?? [];
  const groupCount = myGroups.data?.length ?? 0;
  const countsLoading = feed.isLoading || myGroups.isLoading;
  const featured = [...reviews].sort((a, b) => (b.helpfulCount ?? 0) - (a.helpfulCount ?? 0))[0];

  const feedColumn = (
    <Activity user={user} feed={reviews} isLoading={feed.isLoading} isError={feed.isError} />
  );
  const groupsColumn = <MyCommunities />;
  const trendingColumn = <Trending featured={featured} />;

  return (
    <>
      <section className="tc-hero tc-hero-compact text-white">
        <div className="container-xl py-4 py-md-5">
          <h1 className="h2 fw-bold mb-1">Hello, {displayName(user)}</h1>
          <p className="tc-on-dark-muted mb-3">Discover what your communities recommend today.</p>
          <HeroSearch id="home-search" />
          <div className="d-flex flex-wrap gap-2 align-items-center">
            {categories.isLoading
              ? // Chip-sized stand-ins, so the hero does not grow (and shift the page) on arrival.
                [0, 1, 2, 3, 4].map((key) => (
                  <span
                    key={key}
                    className="btn btn-sm tc-chip tc-chip-placeholder placeholder"
                    aria-hidden="true"
                  >
                    {'\u00a0'}
                  </span>
                ))
              : (categories.data ?? []).slice(0, 5).map((category) => (
                  <Link
                    key={category}
                    to={`/explore?category=${encodeURIComponent(category)}`}
                    className="btn btn-sm tc-chip"
                  >
                    {category}
                  </Link>
                ))}
            <Link to="/explore" className="btn btn-sm btn-light tc-btn-on-dark">
              Discover
            </Link>
            <Link to="/write-review" className="btn btn-sm btn-outline-light">
              Write a Review
            </Link>
          </div>
        </div>
      </section>

      <div className="container-xl py-4">
        {/* Shown (with stand-in badges) while the counts load, so it does not push the page down. */}
        {(countsLoading || reviews.length > 0 || groupCount > 0) && (
          <div
            className="tc-welcome alert border-0 shadow-sm d-flex flex-wrap align-items-center gap-3"
            role="status"
            aria-busy={countsLoading}
          >
            <span className="fw-semibold">Welcome back, {displayName(user)}!</span>
            <span
              className={`badge rounded-pill tc-badge-soft${countsLoading ? ' placeholder' : ''}`}
            >
              {reviews.length} New Reviews
            </span>
            <span
              className={`badge rounded-pill tc-badge-soft${countsLoading ? ' placeholder' : ''}`}
            >
              {groupCount} {groupCount === 1 ? 'Group' : 'Groups'}
            </span>
          </div>
        )}
        {isMobile ? (
          <>
            <div
              className="nav nav-pills nav-fill tc-tabs mb-3"
              role="group"
              aria-label="Home sections"
            >
              {(['feed', 'groups', 'trending'] as const).map((key) => (
                <button
                  key={key}
                  type="button"
                  className={`nav-link ${mobileTab === key ? 'active' : ''}`}
                  aria-pressed={mobileTab === key}
                  onClick={() => setMobileTab(key)}
                >
                  {key === 'feed' ? 'Feed' : key === 'groups' ? 'Groups' : 'Trending'}
                </button>
              ))}
            </div>
            {mobileTab === 'feed'
              ? feedColumn
              : mobileTab === 'groups'
                ? groupsColumn
                : trendingColumn}
          </>
        ) : (
          <div className="row g-4">
            <div className="col-md-4 col-lg-3">{groupsColumn}</div>
            <div className="col-md-8 col-lg-6">{feedColumn}</div>
            <div className="col-12 col-lg-3">{trendingColumn}</div>
          </div>
        )}
      </div>
    </>
  );
}
