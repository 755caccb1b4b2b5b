/**
 * @jest-environment jsdom
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { sampleReview, stubReviewFetch } from '@trustcircle/ui/src/review-fixture';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ProfileReviewsTab } from './ProfileReviewsTab';

/** The profile's Reviews tab (issue 17): sort and filters in the URL, paged by the API's cursor. */
const review = (id: number) => ({ ...sampleReview, id, content: `My review ${id}.` });

let asked: string[];
beforeEach(() => {
  asked = stubReviewFetch((url) => {
    if (url.includes('withPhotos=true')) return { items: [] };
    if (url.includes('cursor=next')) return { items: [review(3)] };
    return { items: [review(1), review(2)], more: true };
  });
});

function Url() {
  return <output data-testid="url">{useLocation().search}</output>;
}

describe('ProfileReviewsTab', () => {
  it('reads the view from the URL, pages it to the end, and writes changes back', async () => {
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <MemoryRouter initialEntries={['/profile?sort=highest&stars=5']}>
          <ProfileReviewsTab />
          <Url />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('My review 1.');
    expect(asked).toContain('/api/reviews/user?sort=highest&limit=20&stars=5&total=true');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('My review 3.');
    expect(screen.getByText('No more reviews')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('With photos'));
    await screen.findByText('No reviews match these filters');
    expect(screen.getByTestId('url').textContent).toBe('?sort=highest&stars=5&photos=1');
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await screen.findByText('My review 1.');
    expect(screen.getByTestId('url').textContent).toBe('?sort=highest');
  });
});
