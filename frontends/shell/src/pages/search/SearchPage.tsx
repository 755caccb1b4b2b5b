import type { BusinessSummary, Group, PersonSummary } from '@trustcircle/contracts';
import type { KeyboardEvent, ReactNode } from 'react';
import {
  EmptyState,
  formatCount,
  HeroSearchForm,
  SearchIcon,
  ShowEarlier,
  Spinner,
  useWindowedList,
  WindowFooter,
  type WindowedList,
  useNavigate,
  useSearchParams,
} from '@trustcircle/ui';
import { BusinessResult, GroupResult, PersonResult } from './results';

type Tab = 'businesses' | 'groups' | 'people';
const TABS: { key: Tab; label: string; singular: string; plural: string }[] = [
  { key: 'businesses', label: 'Businesses', singular: 'business', plural: 'businesses' },
  { key: 'groups', label: 'Groups', singular: 'group', plural: 'groups' },
  { key: 'people', label: 'People', singular: 'person', plural: 'people' },
];
const isTab = (value: string | null): value is Tab => TABS.some((t) => t.key === value);

/**
 * `/search?q=&tab=` (issue 17): where the top bar's Enter goes. Businesses, groups and people
 * matching the text (search that forgives), one tab each with its true count, each list paged a
 * window at a time. The tab lives in the URL, so a link shows the same.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const q = params.get('q')?.trim() ?? '';
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'businesses';
  const search = `search=${encodeURIComponent(q)}`;
  const enabled = q !== '';
  const lists = {
    businesses: useWindowedList<BusinessSummary>(
      ['/api/businesses', q],
      `/api/businesses?${search}`,
      { enabled },
    ),
    groups: useWindowedList<Group>(['/api/groups', q], `/api/groups?${search}`, { enabled }),
    people: useWindowedList<PersonSummary>(['/api/people', q], `/api/people?${search}`, {
      enabled,
    }),
  };

  const choose = (next: Tab) => {
    const merged = new URLSearchParams(params);
    if (next === 'businesses') merged.delete('tab');
    else merged.set('tab', next);
    setParams(merged, { replace: true });
  };
  const onTabKey = (event: KeyboardEvent, index: number) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!;
    choose(next.key);
    document.getElementById(`search-tab-${next.key}`)?.focus();
  };
  const current = TABS.find((t) => t.key === tab)!;

  return (
    <>
      <section className="tc-hero tc-hero-compact text-white">
        <div className="container-xl py-4">
          <h1 className="h3 fw-bold mb-3">{q ? `Search results for "${q}"` : 'Search'}</h1>
          <HeroSearchForm
            id="search-page-q"
            name="q"
            label="Search businesses, groups and people"
            placeholder="Search businesses, groups and people"
            defaultValue={q}
            onSearch={(text) =>
              navigate(
                `/search?q=${encodeURIComponent(text)}${tab === 'businesses' ? '' : `&tab=${tab}`}`,
              )
            }
          />
        </div>
      </section>
      <div className="container-xl py-4">
        {!q ? (
          <EmptyState
            title="Type something to search for"
            hint="Businesses, groups or people."
            icon={<SearchIcon size={28} />}
          />
        ) : (
          <>
            <div className="nav nav-underline mb-3" role="tablist" aria-label="Search results">
              {TABS.map((item, index) => (
                <button
                  key={item.key}
                  id={`search-tab-${item.key}`}
                  type="button"
                  role="tab"
                  className={`nav-link ${tab === item.key ? 'active' : ''}`}
                  aria-selected={tab === item.key}
                  aria-controls="search-panel"
                  tabIndex={tab === item.key ? 0 : -1}
                  onClick={() => choose(item.key)}
                  onKeyDown={(event) => onTabKey(event, index)}
                >
                  {item.label}
                  {lists[item.key].total !== null && (
                    <span className="badge rounded-pill tc-badge-soft ms-2">
                      {formatCount(lists[item.key].total!)}
                    </span>
                  )}
                </button>
              ))}
            </div>
            <div id="search-panel" role="tabpanel" aria-labelledby={`search-tab-${tab}`}>
              <ResultsPanel list={lists[tab] as WindowedList<unknown>} noun={current}>
                {(item) =>
                  tab === 'businesses' ? (
                    <BusinessResult business={item as BusinessSummary} />
                  ) : tab === 'groups' ? (
                    <GroupResult group={item as Group} />
                  ) : (
                    <PersonResult person={item as PersonSummary} />
                  )
                }
              </ResultsPanel>
            </div>
          </>
        )}
      </div>
    </>
  );
}

function ResultsPanel({
  list,
  noun,
  children,
}: {
  list: WindowedList<unknown>;
  noun: (typeof TABS)[number];
  children(item: unknown): ReactNode;
}) {
  if (list.isLoading) return <Spinner label={`Searching ${noun.plural}…`} />;
  if (list.isError)
    return (
      <div className="alert alert-warning" role="alert">
        We couldn&apos;t search {noun.plural} right now. Please try again shortly.
      </div>
    );
  if (list.items.length === 0)
    return (
      <div className="card border-0 shadow-sm">
        <EmptyState
          title={`No ${noun.plural} found`}
          hint="Try a different search term."
          icon={<SearchIcon size={28} />}
        />
      </div>
    );
  return (
    <>
      <ShowEarlier list={list} noun={noun.plural} />
      <ul
        className="list-unstyled card border-0 shadow-sm tc-result-list mb-0"
        data-testid="search-results"
      >
        {list.items.map((item) => (
          <li key={(item as { id: number }).id}>{children(item)}</li>
        ))}
      </ul>
      <WindowFooter list={list} singular={noun.singular} plural={noun.plural} />
    </>
  );
}
