/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
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
    reviews: [],
    ...patch,
  }) as BusinessDetailWithReviews;

function renderPage(data: BusinessDetailWithReviews) {
  render(
    <MemoryRouter>
      <Header business={data} />
      <Stats business={data} />
    </MemoryRouter>,
  );
}

const stat = (label: string) => screen.getByTestId(`stat-${label}`).textContent;

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
});
