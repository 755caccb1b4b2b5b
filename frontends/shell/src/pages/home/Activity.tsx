import type { User } from '@trustcircle/contracts';
import { useMemo, useState } from 'react';
import { EmptyState } from '@trustcircle/ui';
import { ReviewList } from '@trustcircle/ui/reviews';
import { useFeed, useMyGroups, useTrending } from '../../data';
import {
  FEED_PAGE,
  TABS,
  feedPath,
  filterFeed,
  type ActivityFilter,
  type ActivityTab,
} from './feed';
import { FindGroupsEmpty, PanelBody } from './panels';

/** Community Activity: the feed with its tabs and "Show" filter (feed.ts says what each means). */
export function Activity({ user }: { user: User }) {
  const [tab, setTab] = useState<ActivityTab>('all');
  const [filter, setFilter] = useState<ActivityFilter>('all');
  const [shown, setShown] = useState(FEED_PAGE);
  const feedQuery = useFeed(feedPath(filter));
  const feed = useMemo(() => feedQuery.data ?? [], [feedQuery.data]);
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
              <option value="following">People I follow</option>
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
          query={feedQuery}
          empty={list.length === 0}
          what="your feed"
          placeholder={
            <div className="placeholder-glow d-grid gap-2">
              <span className="placeholder col-12 py-5" />
            </div>
          }
          emptyState={
            filter === 'following' ? (
              <EmptyState
                title="No reviews from people you follow yet"
                hint="Follow reviewers from their profile or from People to follow to see their reviews here."
              />
            ) : (
              <FindGroupsEmpty
                title="Your feed is empty"
                hint="Join groups or follow users to see reviews from your communities here."
              />
            )
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
            {shown >= list.length && list.length > FEED_PAGE && (
              <p className="text-center text-body-secondary small mb-0" role="status">
                No more reviews
              </p>
            )}
          </div>
        </PanelBody>
      </div>
    </section>
  );
}
