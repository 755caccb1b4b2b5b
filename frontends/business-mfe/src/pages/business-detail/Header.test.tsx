/**
 * @jest-environment jsdom
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { BusinessDetailWithReviews } from '@trustcircle/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Header, Stats } from './Header';

/** Honest empty states (issue 17): a business nobody reviewed is "Not yet rated", not 0.0. */
const business = (patch: Partial<BusinessDetailWithReviews>) =>
  ({
    id: 4,
    name: 'Volt Electronics',
    description: null,
    category: 'Electronics',
    image: null,
    createdAt: '2026-01-01T00:00:00Z',
    globalTrustScore: 0,
    communityRating: 0,
    reviewCount: 0,
    groupTrustScores: [],
    communityCount: 0,
    reviews: [],
    ...patch,
  }) as BusinessDetailWithReviews;

/** The API: signed out, or signed in as user 1 with `mine` as their reviews of the business. */
function stubApi(mine: unknown[] | null) {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const signedOut = mine === null;
    const body = url === '/api/user' ? { id: 1, username: 'dana' } : mine;
    return {
      ok: !signedOut,
      status: signedOut ? 401 : 200,
      statusText: '',
      text: async () => JSON.stringify(signedOut ? { message: 'Not signed in' } : body),
      headers: new Headers(),
    } as Response;
  }) as typeof fetch;
}

function renderPage(data: BusinessDetailWithReviews, mine: unknown[] | null = null) {
  stubApi(mine);
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <Header business={data} />
        <Stats business={data} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const stat = (label: string) => screen.getByTestId(`stat-${label}`).textContent;

afterEach(() => {
  jest.restoreAllMocks();
});

describe('business header and statistics', () => {
  it('say "Not yet rated" without stars, bar, 0.0 or 0% before the first review', () => {
    renderPage(business({}));
    expect(screen.getAllByText('Not yet rated').length).toBeGreaterThan(0);
    expect(screen.queryByRole('img', { name: /Rated/ })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(stat('Overall Trust Score')).toBe('Not yet rated');
    expect(stat('Community Rating')).toBe('Not yet rated');
    expect(stat('Review Count')).toBe('0');
    expect(screen.getByText('0 communities')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/0\.0|0%/);
  });

  it('show the score, stars, bar and counts in the right number once rated', () => {
    renderPage(
      business({
        globalTrustScore: 4.25,
        communityRating: 100,
        reviewCount: 1,
        groupTrustScores: [{ groupId: 1, groupName: 'Gadget Heads', score: 4, reviewCount: 1 }],
        communityCount: 1,
      }),
    );
    expect(screen.queryByText('Not yet rated')).toBeNull();
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Trust score of Volt Electronics' }),
    ).toBeTruthy();
    expect(screen.getByText('1 review')).toBeTruthy();
    expect(screen.getByText('1 community')).toBeTruthy();
    expect(stat('Community Rating')).toBe('100%');
  });

  it('count every community, beyond the first ones the detail names', () => {
    const group = (id: number, name: string) => ({
      groupId: id,
      groupName: name,
      score: 4,
      reviewCount: 3,
    });
    renderPage(
      business({
        globalTrustScore: 4,
        reviewCount: 60,
        groupTrustScores: [
          group(1, 'Gadget Heads'),
          group(2, 'Night Owls'),
          group(3, 'Cafe Crew'),
          group(4, 'Runners'),
        ],
        communityCount: 40,
      }),
    );
    expect(screen.getByText('40 communities')).toBeTruthy();
    expect(stat('Communities')).toBe('40');
    expect(screen.getByText('+37')).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: 'Reviewed in Gadget Heads, Night Owls, Cafe Crew, Runners and 36 more',
      }),
    ).toBeTruthy();
  });

  it('offers "Edit your review" to a reader who reviewed it, "Write a Review" to others', async () => {
    renderPage(business({ reviewCount: 1 }), [{ id: 40, businessId: 4 }]);
    const edit = await screen.findByRole('link', { name: /Edit your review/ });
    expect(edit.getAttribute('href')).toBe('/write-review/4');
  });

  it('says "Write a Review" to a visitor', () => {
    renderPage(business({}));
    expect(screen.getByRole('link', { name: /Write a Review/ })).toBeTruthy();
  });
});
