import {
  SearchIcon,
  StarRating,
  TrendingIcon,
  useIsMobile,
  Link,
  useSearchParams,
} from '@trustcircle/ui';
import { CategoryIcon } from '../components/CategoryIcon';
import { SearchHero } from '../components/SearchHero';
import PAGE_HEADS from '../page-heads.json';
import { useCategories, useTrending } from '../data';
import { BusinessResults } from './BusinessResults';

export const CHIP_COUNT = 6;
/** The hero's texts, which the gateway also paints with the page's HTML (page-heads.json). */
const HEAD = PAGE_HEADS['/explore'];
export const TRENDING_COUNT = 5;

export function TrendingPanel() {
  const trending = useTrending();
  const list = (trending.data ?? []).slice(0, TRENDING_COUNT);
  return (
    <section className="card border-0 shadow-sm" aria-labelledby="trending-heading">
      <div className="card-body">
        <div className="d-flex align-items-center justify-content-between mb-2">
          <h2 id="trending-heading" className="h6 mb-0 d-flex align-items-center gap-2">
            <TrendingIcon size={18} /> Trending Now
          </h2>
          <Link to="/trending" className="small">
            See all
          </Link>
        </div>
        {trending.isLoading ? (
          <div className="placeholder-glow">
            <span className="placeholder col-12" />
          </div>
        ) : trending.isError ? (
          <p className="small text-body-secondary mb-0">
            We couldn&apos;t load trending businesses right now.
          </p>
        ) : list.length === 0 ? (
          <p className="small text-body-secondary mb-0">No trending businesses yet</p>
        ) : (
          <ol className="list-unstyled mb-0 d-grid gap-2">
            {list.map((business, index) => (
              <li key={business.id} className="d-flex gap-2 align-items-start">
                <span className="tc-rank" aria-hidden="true">
                  {index + 1}
                </span>
                <div className="min-w-0">
                  <Link
                    to={`/business/${business.id}`}
                    className="fw-semibold d-block text-truncate tc-link-strong"
                  >
                    {business.name}
                  </Link>
                  <div className="d-flex align-items-center gap-1 small">
                    <StarRating value={business.globalTrustScore} size={12} />
                    <span>{business.globalTrustScore.toFixed(1)}</span>
                    <span className="text-body-secondary">
                      · {business.reviewsThisWeek} this week
                    </span>
                  </div>
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

/** Spec §2 Explore: hero search, chips, category sidebar/dropdown, trending, results. */
export function ExplorePage() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category')?.trim() || null;
  const search = params.get('search')?.trim() || null;
  const categories = useCategories();
  const list = categories.data ?? [];
  const isMobile = useIsMobile();

  const update = (next: { category?: string | null; search?: string | null }) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    setParams(merged);
  };

  return (
    <>
      <SearchHero title={HEAD.title} subtitle={HEAD.lead} initial={search ?? undefined}>
        {categories.isLoading && (
          // Chip-sized stand-ins in the same one row, so the hero does not grow on arrival.
          <div className="tc-chip-row" aria-hidden="true">
            {Array.from({ length: CHIP_COUNT }, (_, key) => (
              <span
                key={key}
                className="btn btn-sm rounded-pill tc-chip tc-chip-placeholder placeholder"
              >
                {'\u00a0'}
              </span>
            ))}
          </div>
        )}
        {list.length > 0 && (
          <ul className="list-unstyled tc-chip-row" aria-label="Popular categories">
            {list.slice(0, CHIP_COUNT).map((name) => (
              <li key={name}>
                <button
                  type="button"
                  className="btn btn-sm rounded-pill tc-chip d-inline-flex align-items-center gap-1"
                  aria-pressed={category === name}
                  onClick={() => update({ category: name })}
                >
                  <CategoryIcon category={name} size={14} /> {name}
                </button>
              </li>
            ))}
          </ul>
        )}
      </SearchHero>

      <div className="container-xl py-4">
        <div className="row g-4">
          <aside className="col-md-4 col-lg-3" aria-label="Categories and trending">
            {isMobile ? (
              <div className="mb-3">
                <label htmlFor="category-select" className="form-label fw-semibold">
                  Category
                </label>
                <select
                  id="category-select"
                  className="form-select"
                  value={category ?? ''}
                  onChange={(event) => update({ category: event.target.value || null })}
                >
                  <option value="">All Categories</option>
                  {list.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <nav className="card border-0 shadow-sm mb-4" aria-label="Categories">
                <div className="card-body">
                  <h2 className="h6">Categories</h2>
                  <ul className="list-unstyled mb-0 tc-category-list">
                    {[null, ...list].map((name) => {
                      const active = (name ?? null) === category;
                      return (
                        <li key={name ?? 'all'}>
                          <button
                            type="button"
                            className={`btn btn-sm w-100 text-start d-flex align-items-center gap-2 ${active ? 'tc-category-active' : 'tc-category-item'}`}
                            aria-current={active ? 'true' : undefined}
                            onClick={() => update({ category: name })}
                          >
                            {name ? (
                              <CategoryIcon category={name} size={16} />
                            ) : (
                              <SearchIcon size={16} />
                            )}
                            {name ?? 'All Categories'}
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              </nav>
            )}
            {/* Below the categories once they are in: under the loading list it would jump. */}
            {!isMobile && !categories.isLoading && <TrendingPanel />}
          </aside>
          <div className="col-md-8 col-lg-9">
            <BusinessResults
              category={category}
              search={search}
              onClearSearch={() => update({ search: null })}
              onAllCategories={() => update({ category: null })}
              after={
                isMobile && (
                  <div className="mt-4">
                    <TrendingPanel />
                  </div>
                )
              }
            />
          </div>
        </div>
      </div>
    </>
  );
}
