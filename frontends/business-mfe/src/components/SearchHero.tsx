import { type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { SearchIcon, searchText } from '@trustcircle/ui';

/** The hero search of Explore and Search: non-blank text goes to /search?q= (URL-encoded). */
export function SearchHero({
  title,
  subtitle,
  initial,
  children,
}: {
  title: string;
  subtitle?: string;
  initial?: string;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = searchText(new FormData(event.currentTarget).get('q'));
    if (text) navigate(`/search?q=${encodeURIComponent(text)}`);
  };
  return (
    <section className="tc-hero text-white">
      <div className="container-xl py-4 py-md-5">
        <h1 className="h2 fw-bold mb-1">{title}</h1>
        {subtitle && <p className="tc-on-dark-muted mb-3">{subtitle}</p>}
        <form role="search" className="tc-hero-search mb-3" onSubmit={submit}>
          <label htmlFor="hero-search" className="visually-hidden">
            Search businesses
          </label>
          <div className="input-group">
            <span className="input-group-text bg-white border-0" aria-hidden="true">
              <SearchIcon size={18} />
            </span>
            <input
              id="hero-search"
              name="q"
              type="search"
              className="form-control border-0 py-2"
              placeholder="Search businesses, categories or services"
              defaultValue={initial}
              key={initial}
              autoComplete="off"
            />
            <button type="submit" className="btn btn-light tc-hero-search-button">
              Search
            </button>
          </div>
        </form>
        {children}
      </div>
    </section>
  );
}
