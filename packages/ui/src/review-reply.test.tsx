/**
 * @jest-environment jsdom
 */
import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ModeratedReview } from '@trustcircle/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ReviewCard } from './review-card';
import { sampleReview } from './review-fixture';
import { ReplyOwnerContext } from './review-reply';
import { ToastProvider } from './toast';

/** Owners' replies under review cards (issue 18). */
const reply = {
  body: 'Thank you for coming!',
  owner: { id: 40, username: 'olive', name: 'Olive Owner' },
  createdAt: '2026-03-02T10:00:00.000Z',
  editedAt: null,
};
const replied: ModeratedReview = { ...sampleReview, reply };

/** `fetch`: `/api/user` answers `user` (401 when null); writes answer `answer` and are recorded. */
function stubFetch(user: { id: number } | null) {
  const asked: { method: string; url: string; body: unknown }[] = [];
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method !== 'GET')
      asked.push({ method, url, body: JSON.parse(String(init?.body ?? 'null')) });
    const status = url === '/api/user' && !user ? 401 : 200;
    const body = url === '/api/user' ? user : method === 'POST' ? reply : [];
    return {
      ok: status === 200,
      status,
      statusText: '',
      text: async () => JSON.stringify(body),
      headers: new Headers(),
    } as Response;
  }) as typeof fetch;
  return asked;
}

function renderCard(
  review: ModeratedReview,
  owner: { businessId: number; isOwner: boolean } | null,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter>
          <ReplyOwnerContext.Provider value={owner}>{children}</ReplyOwnerContext.Provider>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
  return render(wrap(<ReviewCard review={review} />));
}

describe('a review card with a reply', () => {
  it('shows the reply with the owner’s name and the Owner badge, without a session', () => {
    render(
      <MemoryRouter>
        <ReviewCard review={replied} />
      </MemoryRouter>,
    );
    const section = screen.getByRole('region', { name: 'Reply from Luigi Trattoria' });
    expect(within(section).getByText('Olive Owner')).toBeTruthy();
    expect(within(section).getByText('Owner')).toBeTruthy();
    expect(within(section).getByText('Thank you for coming!')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Edit reply' })).toBeNull();
  });

  it('shows nothing when there is no reply and the reader owns nothing here', () => {
    renderCard(sampleReview, { businessId: 99, isOwner: true });
    expect(screen.queryByRole('region', { name: /Reply from/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply to this review' })).toBeNull();
  });

  it('offers the reply form to an owner of the business, and posts the reply', async () => {
    const asked = stubFetch({ id: 40 });
    renderCard(sampleReview, { businessId: sampleReview.businessId, isOwner: true });
    fireEvent.click(screen.getByRole('button', { name: 'Reply to this review' }));
    const box = screen.getByLabelText('Reply as Luigi Trattoria');
    fireEvent.change(box, { target: { value: 'Thank you for coming!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    await waitFor(() =>
      expect(asked).toEqual([
        { method: 'POST', url: '/api/reviews/7/reply', body: { body: 'Thank you for coming!' } },
      ]),
    );
  });

  it('lets only the owner who wrote it edit or delete it', async () => {
    stubFetch({ id: 41 });
    const { unmount } = renderCard(replied, { businessId: sampleReview.businessId, isOwner: true });
    await screen.findByText('Thank you for coming!');
    expect(screen.queryByRole('button', { name: 'Edit reply' })).toBeNull();
    unmount();

    const asked = stubFetch({ id: 40 });
    renderCard(replied, { businessId: sampleReview.businessId, isOwner: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit reply' }));
    fireEvent.change(screen.getByLabelText('Edit your reply'), { target: { value: 'Thanks!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    await waitFor(() =>
      expect(asked).toEqual([
        { method: 'PATCH', url: '/api/reviews/7/reply', body: { body: 'Thanks!' } },
      ]),
    );
    jest.restoreAllMocks();
  });
});
