import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SearchIcon, searchText } from '@trustcircle/ui';

export function TopSearch({ id, onDone }: { id: string; onDone?(): void }) {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = searchText(new FormData(event.currentTarget).get('search'));
    if (!text) return;
    navigate(`/?search=${encodeURIComponent(text)}`);
    onDone?.();
  };
  return (
    <form role="search" className="tc-top-search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        Search businesses or products
      </label>
      <SearchIcon size={16} className="tc-top-search-icon" />
      <input
        id={id}
        name="search"
        type="search"
        className="form-control"
        placeholder="Search businesses or products"
        autoComplete="off"
      />
    </form>
  );
}
