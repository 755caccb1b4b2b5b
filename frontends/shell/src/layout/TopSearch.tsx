import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { countLabel, SearchIcon, searchText, useClickOutside, useNavigate } from '@trustcircle/ui';
import { SuggestionList } from './SuggestionList';
import {
  moveActive,
  optionsOf,
  searchHref,
  SUGGEST_MIN_CHARS,
  useSuggestions,
} from './suggestions';

/**
 * The top bar's search (spec §2 frame) as a combobox (WAI-ARIA 1.2, issue 17): suggestions of
 * businesses, groups and people while typing; ↑ ↓ walk them, Enter opens the active one or the
 * results page (`/search?q=`, a deliberate departure from the spec's `/?search=`), Esc closes the
 * list (a second Esc clears the text), Tab leaves it.
 */
export function TopSearch({ id, onDone }: { id: string; onDone?(): void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const wrapRef = useRef<HTMLFormElement>(null);
  const suggestions = useSuggestions(text);
  const typed = text.trim();
  const { sections, flat } = optionsOf(suggestions.data, typed, id);
  const expanded = open && typed.length >= SUGGEST_MIN_CHARS && suggestions.data !== undefined;
  const activeOption = expanded ? flat[active] : undefined;
  const listId = `${id}-listbox`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  useClickOutside(wrapRef, open, close);

  const go = (href: string) => {
    close();
    navigate(href);
    onDone?.();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (activeOption) return go(activeOption.href);
    const query = searchText(text);
    if (query) go(searchHref(query));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        return;
      }
      setActive((current) => moveActive(current, flat.length, event.key as 'ArrowDown'));
    } else if (event.key === 'Escape') {
      // Handled here: a drawer around the field must not close on this Esc.
      event.stopPropagation();
      event.preventDefault();
      if (expanded) close();
      else setText('');
    } else if (event.key === 'Tab') {
      close();
    }
  };

  return (
    <form role="search" className="tc-top-search" onSubmit={submit} ref={wrapRef}>
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
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeOption?.id}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <SuggestionList
        id={listId}
        hidden={!expanded}
        sections={sections}
        all={flat[flat.length - 1]!}
        activeId={activeOption?.id}
        unavailable={suggestions.data?.unavailable ?? []}
        onPick={(option) => go(option.href)}
        onHover={(optionId) => setActive(flat.findIndex((o) => o.id === optionId))}
      />
      <span className="visually-hidden" role="status" aria-live="polite">
        {expanded ? suggestionCount(flat.length - 1) : ''}
      </span>
    </form>
  );
}

/** What a screen reader hears when the list changes. */
function suggestionCount(count: number): string {
  if (count === 0) return 'No suggestions. Press Enter to search.';
  return `${countLabel(count, 'suggestion')}. Use the arrow keys to choose.`;
}
