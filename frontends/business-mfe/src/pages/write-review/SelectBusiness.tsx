import type { BusinessSummary } from '@trustcircle/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, countLabel, errorText, SearchIcon, Spinner, Link } from '@trustcircle/ui';
import { businessesPath } from '../../data';
import { BusinessThumb } from './parts';

export const MIN_SEARCH = 3; // "more than 2 characters" (spec §5)

/** Step 1: search (Enter or Search, more than 2 characters) and pick the business. */
export function SelectBusiness({
  selected,
  onSelect,
}: {
  selected: BusinessSummary | null;
  onSelect(business: BusinessSummary): void;
}) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const path = businessesPath({ search: query });
  const results = useQuery({
    queryKey: [path],
    queryFn: () => api.get<BusinessSummary[]>(path),
    enabled: query.length >= MIN_SEARCH,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    setTooShort(value.length < MIN_SEARCH);
    setQuery(value.length >= MIN_SEARCH ? value : '');
  };
  const list = results.data ?? [];

  return (
    <div>
      <h2 className="h5">Which business are you reviewing?</h2>
      <form role="search" onSubmit={submit} className="mb-3">
        <label htmlFor="business-search" className="form-label">
          Search for a business
        </label>
        <div className="input-group">
          <input
            id="business-search"
            type="search"
            className="form-control"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Business name, e.g. Luigi's Trattoria"
            aria-describedby="business-search-hint"
            autoComplete="off"
          />
          <button type="submit" className="btn btn-primary d-inline-flex align-items-center gap-1">
            <SearchIcon size={16} /> Search
          </button>
        </div>
        <div id="business-search-hint" className={`form-text ${tooShort ? 'text-danger' : ''}`}>
          Type more than 2 characters, then press Enter or Search.
        </div>
      </form>

      {query.length >= MIN_SEARCH &&
        (results.isLoading ? (
          <Spinner label="Searching…" />
        ) : results.isError ? (
          <div className="alert alert-danger" role="alert">
            {errorText(results.error)}
          </div>
        ) : list.length === 0 ? (
          <div className="text-center py-4 border rounded-3 bg-white">
            <p className="fw-semibold mb-1">No businesses found</p>
            <p className="small text-body-secondary">Can&apos;t find it? Add it to TrustCircle.</p>
            <Link to="/business/new" className="btn btn-outline-primary btn-sm">
              Add New Business
            </Link>
          </div>
        ) : (
          <>
            <p className="small text-body-secondary" aria-live="polite">
              {countLabel(list.length, 'business', 'businesses')} found
            </p>
            <ul className="list-unstyled d-grid gap-2" aria-label="Search results">
              {list.map((business) => {
                const isSelected = selected?.id === business.id;
                return (
                  <li key={business.id}>
                    <button
                      type="button"
                      className={`btn w-100 text-start border bg-white d-flex align-items-center gap-3 p-2 tc-result-option ${isSelected ? 'is-selected' : ''}`}
                      aria-pressed={isSelected}
                      onClick={() => onSelect(business)}
                    >
                      <BusinessThumb business={business} />
                      <span className="min-w-0">
                        <span className="fw-semibold d-block text-truncate">{business.name}</span>
                        <span className="small text-body-secondary">{business.category}</span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
            <p className="small text-body-secondary mb-0">
              Not in the list? <Link to="/business/new">Add New Business</Link>
            </p>
          </>
        ))}
    </div>
  );
}
