/**
 * @jest-environment jsdom
 */
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { LoadMore, type PagedQuery } from './paged';

const query = (patch: Partial<PagedQuery> = {}): PagedQuery => ({
  isLoading: false,
  isError: false,
  error: null,
  hasNextPage: true,
  isFetchingNextPage: false,
  fetchNextPage: jest.fn(async () => undefined),
  ...patch,
});

describe('LoadMore', () => {
  it('asks for the next page, and is disabled while it loads', () => {
    const paged = query();
    const { rerender } = render(<LoadMore query={paged} endText="No more reviews" />);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(paged.fetchNextPage).toHaveBeenCalledTimes(1);
    rerender(<LoadMore query={query({ isFetchingNextPage: true })} />);
    expect((screen.getByRole('button', { name: 'Loading…' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.queryByText('No more reviews')).toBeNull();
  });

  it('shows the end once there is no next page, or nothing without an end text', () => {
    const { rerender, container } = render(
      <LoadMore query={query({ hasNextPage: false })} endText="No more reviews" />,
    );
    expect(screen.getByRole('status').textContent).toBe('No more reviews');
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<LoadMore query={query({ hasNextPage: false })} />);
    expect(container.textContent).toBe('');
  });
});
