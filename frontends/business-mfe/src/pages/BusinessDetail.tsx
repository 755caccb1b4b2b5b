import { useDeferredValue, useId } from 'react';
import { Spinner, useSessionUser, useParams, useSearchParams } from '@trustcircle/ui';
import { ReplyOwnerContext } from '@trustcircle/ui/reviews';
import { LoadError } from '../components/common';
import { UnusualActivityNotice } from '../components/UnusualActivityNotice';
import { useBusiness } from '../data';
import { useOwnership } from '../owners-data';
import { Header, Stats } from './business-detail/Header';
import { Overview } from './business-detail/Overview';
import { Ownership } from './business-detail/Ownership';
import { Communities } from './business-detail/Communities';
import { ReviewsTab } from './business-detail/ReviewsTab';
import { Similar } from './business-detail/Similar';
import {
  readReviewView,
  readTab,
  viewParams,
  type BusinessTab as Tab,
  type ReviewView,
} from '../review-view';

export function BusinessDetailPage() {
  const { id } = useParams();
  const business = useBusiness(id);
  // The tab and the reviews' order and filters live in the URL: a link shares the view.
  const [params, setParams] = useSearchParams();
  const tab = readTab(params);
  const view = readReviewView(params);
  const show = (next: Tab, nextView: ReviewView = view) =>
    setParams(viewParams(next, nextView), { replace: true, preventScrollReset: true });
  const setTab = (next: Tab) => show(next);
  const baseId = useId();
  const { user } = useSessionUser();
  const ownership = useOwnership(business.data?.id, Boolean(user));
  // The tab's panel (review cards, scores) renders after the header, in the background and in
  // slices: the business's name and summary paint at once, and no long task blocks the page
  // while the cards render (issue 20: business mobile TBT 500 ms, LCP 3.5 s).
  const deferred = useDeferredValue(business.data);

  if (business.isLoading) return <Spinner label="Loading business…" />;
  if (business.isError || !business.data)
    return <LoadError error={business.error} notFoundTitle="Business not found" />;
  const data = business.data;
  // A refetch keeps the panel as it was until its new render is done; another business never.
  const panel = deferred?.id === data.id ? deferred : undefined;
  const reviews = panel?.reviews ?? [];

  const tabs: Array<{ key: Tab; label: string }> = [
    { key: 'overview', label: 'Overview' },
    { key: 'reviews', label: `Reviews (${data.reviewCount})` },
    { key: 'communities', label: `Communities (${data.communityCount})` },
    { key: 'similar', label: 'Similar' },
  ];

  return (
    // Its owners get the reply form under each review card.
    <ReplyOwnerContext.Provider
      value={{ businessId: data.id, isOwner: ownership.data?.isOwner ?? false }}
    >
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
        <Ownership businessId={data.id} ownership={ownership.data} />
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
          {!panel && <Spinner label="Loading reviews…" />}
          {panel && tab === 'overview' && (
            <Overview
              business={panel}
              reviews={reviews}
              showAll={() => setTab('reviews')}
              showCommunities={() => setTab('communities')}
            />
          )}
          {panel && tab === 'reviews' && (
            <ReviewsTab business={panel} view={view} onView={(next) => show('reviews', next)} />
          )}
          {panel && tab === 'communities' && <Communities business={panel} reviews={reviews} />}
          {panel && tab === 'similar' && <Similar business={panel} />}
        </div>
      </div>
    </ReplyOwnerContext.Provider>
  );
}
