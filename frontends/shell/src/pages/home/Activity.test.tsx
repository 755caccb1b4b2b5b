/**
 * @jest-environment jsdom
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ModeratedReview, User } from '@trustcircle/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Activity } from './Activity';
import { FEED_PAGE } from './feed';

/** Feed paging (spec §4): 3 reviews at first, 3 more per "Load more". The API is a canned fetch. */
const user = { id: 1, name: 'Dana Scully', username: 'dana' } as User;

const review = (id: number, helpfulCount = 0): ModeratedReview => ({
  id,
  userId: 100 + id,
  businessId: 10 + id,
  rating: 4,
  content: `Review number ${id} with enough words.`,
  pros: '',
  cons: '',
  photos: [],
  createdAt: new Date(Date.UTC(2026, 0, id)).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 0, id)).toISOString(),
  editedAt: null,
  businessName: `Business ${id}`,
  helpfulCount,
  groups: [],
  user: { id: 100 + id, name: `Member ${id}`, username: `m${id}`, avatar: null, isVerified: false },
  hasVoted: false,
});

beforeEach(() => {
  globalThis.fetch = jest.fn(async () => ({
    ok: true,
    status: 200,
    statusText: 'OK',
    text: async () => '[]',
    headers: new Headers(),
  })) as unknown as typeof fetch;
});

function renderFeed(feed: ModeratedReview[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Activity user={user} feed={feed} isLoading={false} isError={false} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cards = () => within(screen.getByTestId('feed')).queryAllByRole('article');
const loadMore = () => screen.queryByRole('button', { name: 'Load more reviews' });

describe('home feed paging', () => {
  it(`shows ${FEED_PAGE} reviews, newest first, then ${FEED_PAGE} more per "Load more"`, () => {
    renderFeed([1, 2, 3, 4, 5, 6, 7].map((id) => review(id)));
    expect(FEED_PAGE).toBe(3);
    expect(cards().map((card) => card.getAttribute('aria-label'))).toEqual([
      'Review of Business 7',
      'Review of Business 6',
      'Review of Business 5',
    ]);
    fireEvent.click(loadMore()!);
    expect(cards()).toHaveLength(6);
    fireEvent.click(loadMore()!);
    expect(cards()).toHaveLength(7);
    expect(loadMore()).toBeNull();
  });

  it('has no "Load more" when everything fits', () => {
    renderFeed([review(1), review(2), review(3)]);
    expect(cards()).toHaveLength(3);
    expect(loadMore()).toBeNull();
  });

  it('starts again at 3 when the tab changes', () => {
    renderFeed([1, 2, 3, 4, 5, 6, 7].map((id) => review(id, id)));
    fireEvent.click(loadMore()!);
    expect(cards()).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: 'Recommended' }));
    expect(cards()).toHaveLength(3);
    expect(cards()[0]!.getAttribute('aria-label')).toBe('Review of Business 7');
  });

  it('says the feed is empty with a way to groups', () => {
    renderFeed([]);
    expect(screen.getByText('Your feed is empty')).toBeTruthy();
  });
});
