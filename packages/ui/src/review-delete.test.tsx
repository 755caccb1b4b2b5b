/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ModeratedReview } from '@trustcircle/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ReviewCard } from './review-card';
import { sampleReview } from './review-fixture';
import { ReviewList } from './review-list';
import { ToastProvider } from './toast';

/** One's own review (issue 17): Edit and Delete in its menu, no Report, "Edited" with the date. */
const review: ModeratedReview = {
  ...sampleReview,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-12T10:00:00.000Z',
  editedAt: '2026-03-12T10:00:00.000Z',
};

const openMenu = () => fireEvent.click(screen.getByRole('button', { name: 'Review options' }));

describe('ReviewCard of one’s own review', () => {
  it('offers Edit and Delete, never Report, and Edit opens the wizard of its business', () => {
    const onDelete = jest.fn();
    render(
      <MemoryRouter>
        <Routes>
          <Route
            path="/"
            element={<ReviewCard review={review} currentUserId={3} onDelete={onDelete} />}
          />
          <Route path="/write-review/:id" element={<p>wizard</p>} />
        </Routes>
      </MemoryRouter>,
    );
    openMenu();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete review' }));
    expect(onDelete).toHaveBeenCalledWith(review);
    openMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Edit review' }));
    expect(screen.getByText('wizard')).toBeTruthy();
  });

  it('shows "Edited" with the date, and nothing for a review never edited', () => {
    const { rerender } = render(
      <MemoryRouter>
        <ReviewCard review={review} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/Edited/).textContent).toBe('Edited 12 March 2026');
    rerender(
      <MemoryRouter>
        <ReviewCard review={{ ...review, editedAt: null }} />
      </MemoryRouter>,
    );
    expect(screen.queryByText(/Edited/)).toBeNull();
  });

  it("offers Report but neither Edit nor Delete on someone else's review", () => {
    render(
      <MemoryRouter>
        <ReviewCard review={review} currentUserId={4} onDelete={() => undefined} />
      </MemoryRouter>,
    );
    openMenu();
    expect(screen.getByRole('button', { name: 'Report' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit review' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete review' })).toBeNull();
  });

  it('cannot be edited while held, but can still be deleted', () => {
    const held = {
      ...review,
      moderation: {
        status: 'held' as const,
        reason: null,
        decidedAt: null,
        appealed: false,
        canAppeal: true,
      },
    };
    render(
      <MemoryRouter>
        <ReviewCard review={held} currentUserId={3} onDelete={() => undefined} />
      </MemoryRouter>,
    );
    openMenu();
    expect(screen.queryByRole('button', { name: 'Edit review' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete review' })).toBeTruthy();
  });
});

describe('deleting from a ReviewList', () => {
  let deleted: string[];
  beforeEach(() => {
    deleted = [];
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const json = (body: unknown, status = 200) =>
        ({
          ok: status < 300,
          status,
          statusText: '',
          text: async () => (body === undefined ? '' : JSON.stringify(body)),
          headers: new Headers(),
        }) as Response;
      if (url === '/api/user') return json({ id: 3, username: 'dana', name: 'Dana Scully' });
      if (init?.method === 'DELETE') {
        deleted.push(url);
        return deleted.length === 1
          ? json({ message: 'Reviews are unavailable right now' }, 503)
          : json(undefined, 204);
      }
      return json({ message: 'Not found' }, 404);
    }) as typeof fetch;
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('asks first, shows a failure in the dialog, then deletes, toasts and tells the page', async () => {
    const onDeleted = jest.fn();
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <ToastProvider>
          <MemoryRouter>
            <ReviewList reviews={[review]} onDeleted={onDeleted} />
          </MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>,
    );
    await screen.findByText('Your review');
    openMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Delete review' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your review?' });
    expect(dialog.textContent).toContain('Luigi Trattoria');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete review' }));
    await within(dialog).findByText('Reviews are unavailable right now');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete review' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(review));
    expect(deleted).toEqual(['/api/reviews/7', '/api/reviews/7']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await screen.findByTestId('toast')).textContent).toContain('Review deleted');
  });

  it('closes the dialog on Cancel without deleting', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ReviewList reviews={[review]} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('Your review');
    openMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Delete review' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deleted).toEqual([]);
  });
});
