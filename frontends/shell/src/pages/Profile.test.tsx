/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReviewSummary, User } from '@trustcircle/contracts';
import { render, screen } from '@testing-library/react';
import { SESSION_QUERY_KEY } from '@trustcircle/ui';
import { sampleReview } from '@trustcircle/ui/src/review-fixture';
import { jsonResponse } from '@trustcircle/ui/src/test-fetch';
import { MemoryRouter } from 'react-router-dom';
import { ProfilePage } from './Profile';

/** The profile's counts and level (spec §4) come from the API's counts, not a page's length. */
const user: User = {
  id: 3,
  username: 'dana',
  email: 'dana@example.com',
  name: 'Dana Scully',
  bio: null,
  avatar: null,
  isVerified: true,
  clearMeId: null,
  verifiedAt: null,
  emailConfirmedAt: null,
  roles: ['member'],
  createdAt: '2025-01-01T00:00:00.000Z',
} as User;

const group = { id: 1, name: 'Pizza Critics', memberCount: 4, reviewCount: 2 };

/** The API: the summary as given, `groups` groups counted, and a first page of 20 reviews. */
function stubApi(summary: ReviewSummary, groups: number) {
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0]) => {
    const url = String(input);
    let body: unknown = [];
    const headers: Record<string, string> = {};
    if (url === '/api/reviews/user/summary') body = summary;
    else if (url.startsWith('/api/groups/user')) {
      body = [group];
      if (url.includes('total=true')) headers['X-Total-Count'] = String(groups);
    } else if (url.startsWith('/api/reviews/user')) {
      body = Array.from({ length: 20 }, (_, i) => ({
        ...sampleReview,
        id: i + 1,
        helpfulCount: 0,
      }));
      headers['X-Next-Cursor'] = 'next';
    }
    return jsonResponse(body, headers);
  }) as typeof fetch;
}

function renderProfile() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(SESSION_QUERY_KEY, user);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/profile']}>
        <ProfilePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ProfilePage', () => {
  it('shows the 120 reviews the API counts, not the 20 of the page it holds', async () => {
    stubApi({ reviewCount: 120, helpfulCount: 30, hiddenCount: 2 }, 3);
    renderProfile();
    await screen.findByText(/· 120 reviews/);
    expect(screen.getByTestId('profile-review-count').textContent).toBe('120');
    expect(screen.getByTestId('profile-helpful-count').textContent).toBe('30');
    expect(screen.getByText('Level 5 · Expert Reviewer')).toBeTruthy();
    expect(screen.getByText('View all 3 communities')).toBeTruthy();
  });

  it('levels by the counts: 4 reviews, 1 group and 3 helpful votes score 51 (Trusted Reviewer)', async () => {
    stubApi({ reviewCount: 4, helpfulCount: 3, hiddenCount: 0 }, 1);
    renderProfile();
    await screen.findByText('Level 4 · Trusted Reviewer');
    expect(screen.getByTestId('profile-review-count').textContent).toBe('4');
  });

  it('offers to write a first review only when the API counts none at all', async () => {
    stubApi({ reviewCount: 0, helpfulCount: 0, hiddenCount: 0 }, 0);
    renderProfile();
    await screen.findByText("You haven't written any reviews yet");
    expect(screen.getByText('Level 1 · New Member')).toBeTruthy();
  });
});
