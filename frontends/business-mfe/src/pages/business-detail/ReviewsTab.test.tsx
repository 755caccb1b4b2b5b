/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { BusinessDetailWithReviews } from '@trustcircle/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { DEFAULT_VIEW, type ReviewView } from '../../review-view';
import { ReviewsTab } from './ReviewsTab';

/** The Reviews tab (issue 17): the controls, pages by cursor with "Load more", a visible end. */
const business = {
  id: 4,
  name: 'Luigi Trattoria',
  category: 'Restaurants',
  reviewCount: 3,
  groupTrustScores: [{ groupId: 9, groupName: 'Pizza Critics', score: 4 }],
  communityCount: 1,
} as BusinessDetailWithReviews;

const review = (id: number) => ({
  id,
  userId: 100 + id,
  businessId: 4,
  rating: 4,
  content: `Review number ${id}, crisp and friendly.`,
  pros: '',
  cons: '',
  photos: [],
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  editedAt: null,
  businessName: 'Luigi Trattoria',
  helpfulCount: 0,
  groups: [],
  user: { id: 100 + id, name: `Reader ${id}`, username: `r${id}`, avatar: null, isVerified: false },
  hasVoted: false,
});

let asked: string[];
beforeEach(() => {
  asked = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    const page = url.includes('cursor=next') ? [review(3)] : [review(1), review(2)];
    const filtered = url.includes('stars=1');
    return {
      ok: !url.startsWith('/api/user'),
      status: url.startsWith('/api/user') ? 401 : 200,
      statusText: '',
      text: async () => JSON.stringify(filtered ? [] : page),
      headers: new Headers(url.includes('cursor=') || filtered ? {} : { 'X-Next-Cursor': 'next' }),
    } as Response;
  }) as typeof fetch;
});
afterEach(() => {
  jest.restoreAllMocks();
});

function Tab({ onView }: { onView(view: ReviewView): void }) {
  const [view, setView] = useState(DEFAULT_VIEW);
  return (
    <ReviewsTab
      business={business}
      view={view}
      onView={(next) => {
        onView(next);
        setView(next);
      }}
    />
  );
}

function renderTab(onView = jest.fn()) {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <Tab onView={onView} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onView;
}

describe('ReviewsTab', () => {
  it('pages with the cursor, then says there are no more', async () => {
    renderTab();
    await screen.findByText('Review number 1, crisp and friendly.');
    expect(screen.queryByText('No more reviews')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Review number 3, crisp and friendly.');
    expect(screen.getByText('No more reviews')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(asked.filter((url) => url.startsWith('/api/businesses'))).toEqual([
      '/api/businesses/4/reviews?sort=relevant&limit=20&total=true',
      '/api/businesses/4/reviews?sort=relevant&limit=20&total=true&cursor=next',
    ]);
  });

  it('sorts and filters through the view, and offers to clear a filter that finds nothing', async () => {
    const onView = renderTab();
    await screen.findByText('Review number 1, crisp and friendly.');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'lowest' } });
    expect(onView).toHaveBeenLastCalledWith({ ...DEFAULT_VIEW, sort: 'lowest' });
    fireEvent.click(screen.getByRole('button', { name: '1 star' }));
    expect(screen.getByRole('button', { name: '1 star' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(screen.getByLabelText('With photos'));
    fireEvent.change(screen.getByLabelText('Community'), { target: { value: '9' } });
    expect(onView).toHaveBeenLastCalledWith({
      sort: 'lowest',
      stars: [1],
      withPhotos: true,
      groupId: 9,
    });
    await screen.findByText('No reviews match these filters');
    expect(asked).toContain(
      '/api/businesses/4/reviews?sort=lowest&limit=20&stars=1&withPhotos=true&groupId=9&total=true',
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(onView).toHaveBeenLastCalledWith({ ...DEFAULT_VIEW, sort: 'lowest' });
  });

  it('never holds more than two pages: Load more lets the oldest go, Show earlier brings it back', async () => {
    // 120 reviews, 20 a page, each page's cursor naming the next.
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const anonymous = url.startsWith('/api/user');
      const page = Number(/cursor=p(\d+)/.exec(url)?.[1] ?? 0);
      const items = Array.from({ length: 20 }, (_, i) => review(page * 20 + i + 1));
      return {
        ok: !anonymous,
        status: anonymous ? 401 : 200,
        statusText: '',
        text: async () => JSON.stringify(anonymous ? {} : items),
        headers: new Headers(page < 5 ? { 'X-Next-Cursor': `p${page + 1}` } : {}),
      } as Response;
    }) as typeof fetch;
    renderTab();
    const shown = () => screen.queryAllByText(/^Review number \d+, crisp and friendly\.$/);
    await screen.findByText('Review number 20, crisp and friendly.');
    for (let next = 2; next <= 6; next += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
      await screen.findByText(`Review number ${next * 20}, crisp and friendly.`);
      expect(shown().length).toBeLessThanOrEqual(40);
    }
    expect(shown()).toHaveLength(40);
    expect(screen.queryByText('Review number 80, crisp and friendly.')).toBeNull();
    expect(screen.getByText('No more reviews')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show earlier reviews' }));
    await screen.findByText('Review number 61, crisp and friendly.');
    expect(shown()).toHaveLength(40);
    expect(screen.queryByText('Review number 120, crisp and friendly.')).toBeNull();
  });
});
