import type { Suggestions } from '@trustcircle/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, countLabel, useDebouncedValue } from '@trustcircle/ui';

/** The top bar's suggestions (issue 17): what is asked, when, and how the options are laid out. */

/** Typing pauses this long before the suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 200;
/** Fewer characters than this ask for nothing (one letter matches too much to help). */
export const SUGGEST_MIN_CHARS = 2;

export type OptionKind = 'business' | 'group' | 'person' | 'all';

export interface SuggestOption {
  id: string;
  kind: OptionKind;
  label: string;
  detail: string;
  href: string;
}

export interface OptionSection {
  kind: Exclude<OptionKind, 'all'>;
  title: string;
  options: SuggestOption[];
}

/** The results page for `text`, on one tab when given. */
export const searchHref = (text: string, tab?: 'businesses' | 'groups' | 'people') =>
  `/search?q=${encodeURIComponent(text)}${tab ? `&tab=${tab}` : ''}`;

/**
 * The listbox's sections (businesses, groups, people; empty ones left out) and, last, "Search
 * for …" (Enter's target too). `flat` is the order ↑ and ↓ walk. People have no public page:
 * their option opens the search page's People tab for that username.
 */
export function optionsOf(
  suggestions: Suggestions | undefined,
  text: string,
  idPrefix: string,
): { sections: OptionSection[]; flat: SuggestOption[] } {
  const id = (kind: string, key: number | string) => `${idPrefix}-${kind}-${key}`;
  const sections: OptionSection[] = [
    {
      kind: 'business' as const,
      title: 'Businesses',
      options: (suggestions?.businesses ?? []).map((b) => ({
        id: id('business', b.id),
        kind: 'business' as const,
        label: b.name,
        detail: b.category,
        href: `/business/${b.id}`,
      })),
    },
    {
      kind: 'group' as const,
      title: 'Groups',
      options: (suggestions?.groups ?? []).map((g) => ({
        id: id('group', g.id),
        kind: 'group' as const,
        label: g.name,
        detail: countLabel(g.memberCount, 'member'),
        href: `/groups/${g.id}`,
      })),
    },
    {
      kind: 'person' as const,
      title: 'People',
      options: (suggestions?.people ?? []).map((p) => ({
        id: id('person', p.id),
        kind: 'person' as const,
        label: p.name,
        detail: `@${p.username}`,
        href: searchHref(p.username, 'people'),
      })),
    },
  ].filter((section) => section.options.length > 0);
  const all: SuggestOption = {
    id: id('all', 'results'),
    kind: 'all',
    label: `Search for “${text}”`,
    detail: 'All results',
    href: searchHref(text),
  };
  return { sections, flat: [...sections.flatMap((s) => s.options), all] };
}

/** The next active option for an arrow key: wraps at both ends; none active → first or last. */
export function moveActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return active < 0 || active >= count - 1 ? 0 : active + 1;
  return active <= 0 ? count - 1 : active - 1;
}

/** `GET /api/search/suggest?q=` for the settled text; the last answer stays while the next loads. */
export function useSuggestions(text: string) {
  const settled = useDebouncedValue(text.trim(), SUGGEST_DEBOUNCE_MS);
  const enabled = settled.length >= SUGGEST_MIN_CHARS;
  const query = useQuery({
    queryKey: ['/api/search/suggest', settled],
    queryFn: () => api.get<Suggestions>(`/api/search/suggest?q=${encodeURIComponent(settled)}`),
    enabled,
    placeholderData: keepPreviousData,
  });
  return { ...query, settled, enabled };
}
