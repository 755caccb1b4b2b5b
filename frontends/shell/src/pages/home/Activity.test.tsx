/**
 * @jest-environment jsdom
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ModeratedReview, User } from '@trustcircle/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SESSION_QUERY_KEY } from '@trustcircle/ui';
import { Activity } from './Activity';
import { FEED_PAGE } from './feed';

/**
 * The home feed (spec §4 paging: 3, then 3 more per "Load more"; issue 17: the tabs and the
 * "Show" filter each really filter or order). The API is a canned fetch by path.
 */
const user = { id: 1, name: 'Dana Scully', username: 'dana' } as User;
const MY_GROUP = { id: 7, name: 'Readers' };

const review = (
  id: number,
  extra: { helpful?: number; author?: number; group?: boolean; verified?: boolean } = {},
): ModeratedReview => ({
  id,
  userId: extra.author ?? 100 + id,
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
  helpfulCount: extra.helpful ?? 0,
  groups: extra.group ? [MY_GROUP] : [],
  user: {
    id: extra.author ?? 100 + id,
    name: `Member ${id}`,
    username: `m${id}`,
    avatar: null,
    isVerified: extra.verified ?? false,
  },
  hasVoted: false,
});

let served: Record<string, unknown>;
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  served = { '/api/groups/user': [MY_GROUP], '/api/businesses/trending': [] };
  globalThis.fetch = jest.fn(async (url: unknown) => {
    const path = String(url);
    asked.push(path);
    const key = Object.keys(served).find((prefix) => path.startsWith(prefix));
    return {
      ok: true,
      status: 200,
      statusText: 'OK',
      text: async () => JSON.stringify(key ? served[key] : []),
      headers: new Headers(),
    };
  }) as unknown as typeof fetch;
});

/** Renders the feed: `all` is the community's (`scope=all`), `groups` my groups' feed. */
async function renderFeed(all: ModeratedReview[], groups: ModeratedReview[] = []) {
  served['/api/reviews/feed?scope=all'] = all;
  served['/api/reviews/feed?limit'] = groups;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(SESSION_QUERY_KEY, user);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Activity user={user} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  if (all.length) await waitFor(() => expect(cards().length).toBeGreaterThan(0));
}

const cards = () => within(screen.getByTestId('feed')).queryAllByRole('article');
const titles = () => cards().map((card) => card.getAttribute('aria-label'));
const loadMore = () => screen.queryByRole('button', { name: 'Load more reviews' });
const tab = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('home feed paging', () => {
  it(`shows ${FEED_PAGE} reviews, newest first, then ${FEED_PAGE} more per "Load more"`, async () => {
    await renderFeed([1, 2, 3, 4, 5, 6, 7].map((id) => review(id)));
    expect(FEED_PAGE).toBe(3);
    expect(titles()).toEqual([
      'Review of Business 7',
      'Review of Business 6',
      'Review of Business 5',
    ]);
    fireEvent.click(loadMore()!);
    expect(cards()).toHaveLength(6);
    fireEvent.click(loadMore()!);
    expect(cards()).toHaveLength(7);
    expect(loadMore()).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('No more reviews');
  });

  it('has no "Load more" when everything fits', async () => {
    await renderFeed([review(1), review(2), review(3)]);
    expect(cards()).toHaveLength(3);
    expect(loadMore()).toBeNull();
  });

  it('starts again at 3 when the tab changes', async () => {
    await renderFeed([1, 2, 3, 4, 5, 6, 7].map((id) => review(id, { helpful: id })));
    fireEvent.click(loadMore()!);
    expect(cards()).toHaveLength(6);
    tab('Recommended');
    expect(cards()).toHaveLength(3);
    expect(titles()[0]).toBe('Review of Business 7');
  });

  it('says the feed is empty with a way to groups', async () => {
    await renderFeed([]);
    await screen.findByText('Your feed is empty');
  });
});

describe('home feed tabs and filter', () => {
  it("reads the community's feed for All activity, and my groups' for My groups", async () => {
    await renderFeed(
      [review(1), review(2, { group: true })],
      [review(3, { group: true }), review(4)],
    );
    expect(asked).toContain('/api/reviews/feed?scope=all&limit=48');
    expect(titles()).toEqual(['Review of Business 2', 'Review of Business 1']);
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'groups' } });
    // Only reviews shared with one of my groups (my own untagged one is left out).
    await waitFor(() => expect(titles()).toEqual(['Review of Business 3']));
    expect(asked).toContain('/api/reviews/feed?limit=48');
  });

  it('Reviews leaves out my own; Recommended orders by helpful votes, verified first among equals', async () => {
    await renderFeed([
      review(1, { helpful: 2 }),
      review(2, { author: user.id, helpful: 9 }),
      review(3, { helpful: 2, verified: true }),
      review(4),
    ]);
    expect(titles()).toHaveLength(3);
    tab('Reviews');
    expect(titles()).toEqual([
      'Review of Business 4',
      'Review of Business 3',
      'Review of Business 1',
    ]);
    tab('Recommended');
    expect(titles()).toEqual([
      'Review of Business 2',
      'Review of Business 3',
      'Review of Business 1',
    ]);
  });

  it("Trending keeps the reviews of this week's trending businesses", async () => {
    served['/api/businesses/trending'] = [{ id: 12, name: 'Business 2' }];
    await renderFeed([review(1), review(2), review(3)]);
    tab('Trending');
    await waitFor(() => expect(titles()).toEqual(['Review of Business 2']));
  });
});
