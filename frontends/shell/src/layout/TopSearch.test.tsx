/**
 * @jest-environment jsdom
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { Suggestions } from '@trustcircle/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { TopSearch } from './TopSearch';

/** The top bar's combobox (issue 17): suggestions as you type, keys, ARIA. The API is canned. */
const answer: Suggestions = {
  query: 'okafor',
  businesses: [
    {
      id: 7,
      name: 'Okafor Education',
      description: null,
      category: 'Education',
      image: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      globalTrustScore: 4.2,
      reviewCount: 3,
    },
  ],
  groups: [
    {
      id: 3,
      name: 'Okafor Family Tutors',
      description: 'Parents sharing tutors.',
      icon: 'users',
      color: '#009688',
      createdAt: '2026-01-01T00:00:00.000Z',
      creatorId: 1,
      creator: null,
      memberCount: 1,
      reviewCount: 0,
    },
  ],
  people: [{ id: 9, name: 'Chidi Okafor', username: 'chidi', avatar: null, isVerified: false }],
  unavailable: [],
};

let asked: string[];
let reply: Suggestions;

beforeEach(() => {
  asked = [];
  reply = answer;
  globalThis.fetch = jest.fn(async (url: unknown) => {
    asked.push(String(url));
    return {
      ok: true,
      status: 200,
      statusText: 'OK',
      text: async () => JSON.stringify(reply),
      headers: new Headers(),
    };
  }) as unknown as typeof fetch;
});

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function renderSearch() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TopSearch id="top-search" />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'Search businesses or products' });
}

const where = () => screen.getByTestId('where').textContent;
const options = () => screen.queryAllByRole('option').map((o) => o.textContent);

async function typeAndWait(input: HTMLElement, text: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
}

describe('top bar search', () => {
  it('is a combobox that controls its listbox, collapsed until there is something to show', async () => {
    const input = renderSearch();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    const listbox = document.getElementById(input.getAttribute('aria-controls')!);
    expect(listbox?.getAttribute('role')).toBe('listbox');
    fireEvent.change(input, { target: { value: 'o' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(asked).toEqual([]);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('asks once the typing pauses, and lists each kind with "Search for" last', async () => {
    const input = renderSearch();
    fireEvent.focus(input);
    for (const text of ['ok', 'oka', 'okaf', 'okafor']) {
      fireEvent.change(input, { target: { value: text } });
    }
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    expect(asked).toEqual(['/api/search/suggest?q=okafor']);
    expect(options()).toEqual([
      'Okafor EducationEducation',
      'Okafor Family Tutors1 member',
      'Chidi Okafor@chidi',
      'Search for “okafor”All results',
    ]);
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-labelledby'))).toHaveLength(
      3,
    );
    expect(screen.getByRole('status').textContent).toBe(
      '3 suggestions. Use the arrow keys to choose.',
    );
  });

  it('walks the options with ↑ and ↓ (wrapping) and marks the active one', async () => {
    const input = renderSearch();
    await typeAndWait(input, 'okafor');
    const active = () => document.getElementById(input.getAttribute('aria-activedescendant')!);
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(active()?.textContent).toBe('Okafor EducationEducation');
    expect(active()?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(active()?.textContent).toBe('Okafor Family Tutors1 member');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(active()?.textContent).toBe('Search for “okafor”All results');
    expect(screen.getAllByRole('option', { selected: true })).toHaveLength(1);
  });

  it('opens the active option on Enter', async () => {
    const input = renderSearch();
    await typeAndWait(input, 'okafor');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.submit(input.closest('form')!);
    expect(where()).toBe('/business/7');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('goes to /search?q= on Enter with no option chosen, and a person to the People tab', async () => {
    const input = renderSearch();
    await typeAndWait(input, 'okafor edu & co');
    fireEvent.submit(input.closest('form')!);
    expect(where()).toBe('/search?q=okafor%20edu%20%26%20co');
    await typeAndWait(input, 'okafor');
    fireEvent.click(screen.getByRole('option', { name: /Chidi Okafor/ }));
    expect(where()).toBe('/search?q=chidi&tab=people');
  });

  it('closes on Esc, then clears the text on a second Esc', async () => {
    const input = renderSearch() as HTMLInputElement;
    await typeAndWait(input, 'okafor');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('okafor');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('');
  });

  it('says so when nothing matches, and when a kind could not be searched', async () => {
    reply = { ...answer, businesses: [], groups: [], people: [], unavailable: ['people'] };
    const input = renderSearch();
    await typeAndWait(input, 'zzz');
    expect(options()).toEqual(['Search for “zzz”All results']);
    expect(screen.getByRole('status').textContent).toBe('No suggestions. Press Enter to search.');
    expect(screen.getByText(/couldn't search people right now/)).toBeTruthy();
  });
});
