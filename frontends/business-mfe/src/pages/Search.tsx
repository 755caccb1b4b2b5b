import { Link, useSearchParams } from 'react-router-dom';
import { countLabel, EmptyState, Spinner, UsersIcon } from '@trustcircle/ui';
import { BusinessCard } from '../components/BusinessCard';
import { SearchHero } from '../components/SearchHero';
import { useAllGroups, useBusinesses } from '../data';

/** `/search?q=`: the businesses and the groups matching the text. */
export function SearchPage() {
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const businesses = useBusinesses({ search: q }, Boolean(q));
  const groups = useAllGroups(Boolean(q));
  const needle = q.toLowerCase();
  const matchingGroups = (groups.data ?? []).filter(
    (group) =>
      group.name.toLowerCase().includes(needle) || group.description.toLowerCase().includes(needle),
  );
  const list = businesses.data ?? [];

  return (
    <>
      <SearchHero title={q ? `Search results for "${q}"` : 'Search'} initial={q} />
      <div className="container-xl py-4">
        {!q ? (
          <EmptyState
            title="Type something to search for"
            hint="Businesses, categories or groups."
          />
        ) : (
          <div className="row g-4">
            <section className="col-lg-8" aria-labelledby="search-businesses">
              <h2 id="search-businesses" className="h5">
                Businesses{' '}
                {businesses.isSuccess && (
                  <span className="text-body-secondary fw-normal">({list.length})</span>
                )}
              </h2>
              {businesses.isLoading ? (
                <Spinner label="Searching businesses…" />
              ) : businesses.isError ? (
                <div className="alert alert-danger" role="alert">
                  Failed to fetch businesses
                </div>
              ) : list.length === 0 ? (
                <div className="card border-0 shadow-sm">
                  <EmptyState title="No businesses found" hint="Try a different search term.">
                    <Link to="/explore" className="btn btn-sm btn-outline-primary">
                      Show All Categories
                    </Link>
                  </EmptyState>
                </div>
              ) : (
                <ul className="row row-cols-1 row-cols-md-2 g-3 list-unstyled">
                  {list.map((business) => (
                    <li key={business.id} className="col">
                      <BusinessCard business={business} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="col-lg-4" aria-labelledby="search-groups">
              <h2 id="search-groups" className="h5">
                Groups{' '}
                {groups.isSuccess && (
                  <span className="text-body-secondary fw-normal">({matchingGroups.length})</span>
                )}
              </h2>
              {groups.isLoading ? (
                <Spinner label="Searching groups…" />
              ) : groups.isError ? (
                <p className="small text-body-secondary">We couldn&apos;t load groups right now.</p>
              ) : matchingGroups.length === 0 ? (
                <p className="small text-body-secondary">No groups match.</p>
              ) : (
                <ul className="list-unstyled d-grid gap-2">
                  {matchingGroups.map((group) => (
                    <li key={group.id} className="card border-0 shadow-sm">
                      <div className="card-body d-flex gap-2 align-items-center py-2">
                        <span
                          className="tc-group-dot"
                          style={{ background: group.color || '#009688' }}
                          aria-hidden="true"
                        >
                          <UsersIcon size={16} />
                        </span>
                        <div className="min-w-0">
                          <Link
                            to={`/groups/${group.id}`}
                            className="fw-semibold tc-link-strong d-block text-truncate"
                          >
                            {group.name}
                          </Link>
                          <span className="small text-body-secondary">
                            {countLabel(group.memberCount ?? 0, 'member')}
                          </span>
                        </div>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
      </div>
    </>
  );
}
