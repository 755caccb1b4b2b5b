import type { FormEvent } from 'react';
import { searchText } from './helpers';
import { SearchIcon } from './icons';

/**
 * The search box of a hero (the shell's landing and home, the business remote's Explore and
 * Search): the trimmed, non-blank text goes to `onSearch` (spec §5).
 */
export function HeroSearchForm({
  id,
  name,
  label,
  placeholder,
  onSearch,
  large = false,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  placeholder: string;
  onSearch(text: string): void;
  large?: boolean;
  defaultValue?: string;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = searchText(new FormData(event.currentTarget).get(name));
    if (text) onSearch(text);
  };
  return (
    <form role="search" className={`tc-hero-search ${large ? 'mb-4' : 'mb-3'}`} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <div className={`input-group${large ? ' input-group-lg' : ''}`}>
        <span className="input-group-text bg-white border-0" aria-hidden="true">
          <SearchIcon size={large ? 18 : 16} />
        </span>
        <input
          id={id}
          name={name}
          type="search"
          className="form-control border-0"
          placeholder={placeholder}
          defaultValue={defaultValue}
          key={defaultValue}
          autoComplete="off"
        />
        <button type="submit" className="btn btn-light tc-hero-search-button">
          Search
        </button>
      </div>
    </form>
  );
}
