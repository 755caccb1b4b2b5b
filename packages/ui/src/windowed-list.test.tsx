/**
 * @jest-environment jsdom
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { prefetchWindow, ShowEarlier, useWindowedList, WindowFooter } from './windowed-list';

/**
 * A list of 60 things served 24 at a time with `X-Next-Cursor` and, on the first page asked with
 * `total=true`, `X-Total-Count`: the window never holds more than 48 (issue 17).
 */
const THINGS = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, name: `Thing ${i + 1}` }));
let asked: string[];

beforeEach(() => {
  asked = [];
  globalThis.fetch = jest.fn(async (input: unknown) => {
    const url = new URL(String(input), 'http://x');
    asked.push(`${url.pathname}${url.search}`);
    const limit = Number(url.searchParams.get('limit'));
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const items = THINGS.slice(start, start + limit);
    const headers = new Headers();
    if (start + limit < THINGS.length) headers.set('X-Next-Cursor', String(start + limit));
    if (!url.searchParams.get('cursor') && url.searchParams.get('total') === 'true')
      headers.set('X-Total-Count', String(THINGS.length));
    return {
      ok: true,
      status: 200,
      statusText: 'OK',
      text: async () => JSON.stringify(items),
      headers,
    };
  }) as unknown as typeof fetch;
});

function Things() {
  const list = useWindowedList<{ id: number; name: string }>(['things'], '/api/things?kind=all');
  if (list.isLoading) return <p>Loading</p>;
  return (
    <>
      <ShowEarlier list={list} noun="things" />
      <ul>
        {list.items.map((t) => (
          <li key={t.id}>{t.name}</li>
        ))}
      </ul>
      <WindowFooter list={list} singular="thing" />
    </>
  );
}

function renderThings() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Things />
    </QueryClientProvider>,
  );
}

const shown = () => screen.queryAllByRole('listitem').map((li) => li.textContent);
const range = () => screen.queryByTestId('window-range')?.textContent ?? null;
const button = (name: string) => screen.getByRole('button', { name });

describe('windowed list', () => {
  it('reads 24 at a time, asks for the count, and says which part of how many it shows', async () => {
    renderThings();
    await waitFor(() => expect(shown()).toHaveLength(24));
    expect(asked).toEqual(['/api/things?kind=all&limit=24&total=true']);
    expect(range()).toBe('Showing 1–24 of 60 things');
    expect(screen.queryByRole('button', { name: 'Show earlier things' })).toBeNull();
  });

  it('holds at most two pages: "Load more" lets the first go, "Show earlier" brings it back', async () => {
    renderThings();
    await waitFor(() => expect(shown()).toHaveLength(24));
    fireEvent.click(button('Load more'));
    await waitFor(() => expect(shown()).toHaveLength(48));
    expect(range()).toBe('Showing 1–48 of 60 things');
    fireEvent.click(button('Load more'));
    await waitFor(() => expect(shown()[0]).toBe('Thing 25'));
    expect(shown()).toHaveLength(36);
    expect(shown().at(-1)).toBe('Thing 60');
    expect(range()).toBe('Showing 25–60 of 60 things');
    expect(screen.getByRole('status').textContent).toBe('End of the list: 60 things');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.click(button('Show earlier things'));
    await waitFor(() => expect(shown()[0]).toBe('Thing 1'));
    expect(shown()).toHaveLength(48);
    expect(range()).toBe('Showing 1–48 of 60 things');
    expect(asked.at(-1)).toBe('/api/things?kind=all&limit=24&total=true');
  });
});

describe('prefetchWindow', () => {
  it('starts the first page before the list renders; the list takes it, its count included', async () => {
    prefetchWindow('/api/things?kind=all');
    expect(asked).toEqual(['/api/things?kind=all&limit=24&total=true']);
    renderThings();
    await screen.findByText('Thing 24');
    await screen.findByText(/of 60/);
    // Asked once: the list took the answer started ahead.
    expect(asked).toEqual(['/api/things?kind=all&limit=24&total=true']);
  });
});
