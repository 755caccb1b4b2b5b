import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SearchIcon, searchText } from '@trustcircle/ui';

/** The hero's search (landing and home): the trimmed text goes to Explore's search. */
export function HeroSearch({ id, large = false }: { id: string; large?: boolean }) {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = searchText(new FormData(event.currentTarget).get('search'));
    if (text) navigate(`/explore?search=${encodeURIComponent(text)}`);
  };
  return (
    <form role="search" className={`tc-hero-search ${large ? 'mb-4' : 'mb-3'}`} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        Search businesses or products
      </label>
      <div className={`input-group${large ? ' input-group-lg' : ''}`}>
        <span className="input-group-text bg-white border-0" aria-hidden="true">
          <SearchIcon size={large ? 18 : 16} />
        </span>
        <input
          id={id}
          name="search"
          type="search"
          className="form-control border-0"
          placeholder="Search businesses or products"
        />
        <button type="submit" className="btn btn-light tc-hero-search-button">
          Search
        </button>
      </div>
    </form>
  );
}
