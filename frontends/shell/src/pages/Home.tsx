import { useState } from 'react';
import { HOME_HERO } from '@trustcircle/contracts/frontends';
import { useIsMobile, Link, prefetchRead } from '@trustcircle/ui';
import {
  CATEGORIES_PATH,
  FEED_PATH,
  MY_GROUPS_PATH,
  TRENDING_PATH,
  useCategories,
  useFeed,
  useMyGroups,
} from '../data';
import { displayName, useSession } from '../session';
import { HeroSearch } from './HeroSearch';
import { Activity } from './home/Activity';
import { MyCommunities } from './home/MyCommunities';
import { PeopleToFollow } from './home/PeopleToFollow';
import { Trending } from './home/Trending';
import { feedPath } from './home/feed';

// The home's first reads start as its code arrives (only a member's page loads it:
// early-session.ts, routes.tsx), beside its first render instead of after it; the queries take
// the answers (packages/ui's prefetchRead). The community feed's cards are its largest paint.
[feedPath('all'), FEED_PATH, MY_GROUPS_PATH, TRENDING_PATH, CATEGORIES_PATH].forEach((path) =>
  prefetchRead(path),
);

/** Spec §2 home (signed in): hero with search, welcome bar, communities / feed / trending (tabs below 768 px). */
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

  const feedColumn = <Activity user={user} />;
  const groupsColumn = (
    <>
      <MyCommunities />
      <PeopleToFollow />
    </>
  );
  const trendingColumn = <Trending featured={featured} />;

  return (
    <>
      <section className="tc-hero tc-hero-compact text-white">
        <div className="container-xl py-4 py-md-5">
          <h1 className="h2 fw-bold mb-1">{HOME_HERO.greeting(displayName(user))}</h1>
          <p className="tc-on-dark-muted mb-3">{HOME_HERO.lead}</p>
          <HeroSearch id="home-search" />
          <div className="tc-chip-row align-items-center">
            {categories.isLoading
              ? // Chip-sized stand-ins in the same one row, so the hero does not grow on arrival.
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
