/**
 * @jest-environment jsdom
 */
import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ReviewFilters, useReviewViewParams } from './review-filters';
import { DEFAULT_VIEW, readReviewView, reviewViewPath, writeReviewView } from './review-view';

/** The review controls (issue 17) kept in the URL, as the group page and the profile use them. */
function Page({ groups }: { groups?: { id: number; name: string }[] }) {
  const [view, setView] = useReviewViewParams();
  const location = useLocation();
  return (
    <>
      <ReviewFilters view={view} onChange={setView} groups={groups} />
      <output data-testid="url">{location.search}</output>
    </>
  );
}

const url = () => screen.getByTestId('url').textContent;

describe('useReviewViewParams with ReviewFilters', () => {
  it('reads the view from the URL and writes each change there, keeping other parameters', () => {
    render(
      <MemoryRouter initialEntries={['/groups/3?tab=reviews&sort=lowest&stars=2']}>
        <Page />
      </MemoryRouter>,
    );
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('lowest');
    expect(screen.getByRole('button', { name: '2 stars' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // No community choice without groups.
    expect(screen.queryByLabelText('Community')).toBeNull();
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'newest' } });
    fireEvent.click(screen.getByRole('button', { name: '5 stars' }));
    fireEvent.click(screen.getByLabelText('With photos'));
    expect(url()).toBe('?tab=reviews&sort=newest&stars=2%2C5&photos=1');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(url()).toBe('?tab=reviews&sort=newest');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'relevant' } });
    expect(url()).toBe('?tab=reviews');
  });

  it('offers the given communities', () => {
    render(
      <MemoryRouter>
        <Page groups={[{ id: 9, name: 'Pizza Critics' }]} />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Community'), { target: { value: '9' } });
    expect(url()).toBe('?group=9');
  });
});

describe('the review view', () => {
  it('round-trips through the URL and reads nonsense as the default', () => {
    const view = { sort: 'highest' as const, stars: [1, 3], withPhotos: true, groupId: 4 };
    expect(readReviewView(writeReviewView(new URLSearchParams('q=x'), view))).toEqual(view);
    expect(readReviewView(new URLSearchParams('sort=loud&stars=0,9&group=x'))).toEqual(
      DEFAULT_VIEW,
    );
  });

  it('asks the API in its own words (ReviewListQuerySchema)', () => {
    expect(reviewViewPath('/api/groups/2/reviews', DEFAULT_VIEW, 20)).toBe(
      '/api/groups/2/reviews?sort=relevant&limit=20',
    );
    expect(
      reviewViewPath(
        '/api/groups/2/reviews',
        { ...DEFAULT_VIEW, stars: [5], withPhotos: true },
        20,
      ),
    ).toBe('/api/groups/2/reviews?sort=relevant&limit=20&stars=5&withPhotos=true');
  });
});
