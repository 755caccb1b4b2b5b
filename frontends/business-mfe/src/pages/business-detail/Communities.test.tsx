/**
 * @jest-environment jsdom
 */
import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { BusinessDetailWithReviews } from '@trustcircle/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Communities } from './Communities';

const group = (id: number) => ({
  groupId: id,
  groupName: `Circle ${id}`,
  score: 4,
  reviewCount: 9,
});

const business = {
  id: 7,
  name: 'Crowded Canteen',
  groupTrustScores: [group(1), group(2)],
  communityCount: 30,
  reviews: [],
} as unknown as BusinessDetailWithReviews;

describe('Communities', () => {
  it('says when the communities beyond the first ones could not be loaded', async () => {
    globalThis.fetch = jest.fn(
      async () =>
        ({
          ok: false,
          status: 503,
          statusText: '',
          text: async () => JSON.stringify({ message: 'Businesses is unavailable right now.' }),
          headers: new Headers(),
        }) as Response,
    ) as typeof fetch;
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <MemoryRouter>
          <Communities business={business} reviews={[]} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText(/Only the first 2 of 30 communities are shown/);
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
