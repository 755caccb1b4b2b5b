/**
 * @jest-environment jsdom
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { sampleReview, stubReviewFetch } from '@trustcircle/ui/src/review-fixture';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ReviewsTab } from './ReviewsTab';

/** The group page's Reviews tab (issue 17): the business page's controls, the view in the URL. */
const review = (id: number) => ({ ...sampleReview, id, content: `Group review ${id}.` });

let asked: string[];
beforeEach(() => {
  asked = stubReviewFetch((url) => {
    if (url.includes('stars=1')) return { items: [] };
    if (url.includes('cursor=next')) return { items: [review(3)] };
    return { items: [review(1), review(2)], more: true };
  });
});

function Url() {
  return <output data-testid="url">{useLocation().search}</output>;
}

function renderTab(entry: string) {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[entry]}>
        <ReviewsTab group={{ id: 5, reviewCount: 3 }} isMember={false} writeButton={null} />
        <Url />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('group ReviewsTab', () => {
  it('asks for the view the URL holds and pages it to a counted end', async () => {
    renderTab('/groups/5?sort=newest');
    await screen.findByText('Group review 1.');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('newest');
    expect(screen.queryByLabelText('Community')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Group review 3.');
    expect(screen.getByText('End of the list: 3 reviews')).toBeTruthy();
    expect(asked[0]).toBe('/api/groups/5/reviews?sort=newest&limit=20&total=true');
  });

  it('writes a filter to the URL; a filter that finds nothing offers to clear it', async () => {
    renderTab('/groups/5');
    await screen.findByText('Group review 1.');
    fireEvent.click(screen.getByRole('button', { name: '1 star' }));
    await screen.findByText('No reviews match these filters');
    expect(screen.getByTestId('url').textContent).toBe('?stars=1');
    expect(asked).toContain('/api/groups/5/reviews?sort=relevant&limit=20&stars=1&total=true');
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await screen.findByText('Group review 1.');
    expect(screen.getByTestId('url').textContent).toBe('');
  });

  it('a filtered list ends without the unfiltered count', async () => {
    renderTab('/groups/5?photos=1');
    await screen.findByText('Group review 1.');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Group review 3.');
    expect(screen.getByText('No more reviews')).toBeTruthy();
    expect(screen.queryByText(/of 3 reviews/)).toBeNull();
  });
});
