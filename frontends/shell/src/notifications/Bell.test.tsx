/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Notification } from '@trustcircle/contracts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Bell } from './Bell';
import { notificationTarget, notificationText } from './data';
import { jsonResponse } from '@trustcircle/ui/src/test-fetch';

/**
 * The bell (issue 18): its accessible name carries the unread count (another browser test finds
 * it by "Notifications, 1 unread"), its dropdown lists the latest, opening one marks it read and
 * goes to its review, and a pushed event refreshes the count.
 */
const follower: Notification = {
  id: 8,
  kind: 'new_follower',
  payload: {},
  actor: { id: 2, name: 'Dana Scully', username: 'dana', avatar: null, isVerified: true },
  business: null,
  readAt: null,
  createdAt: new Date().toISOString(),
};
const review: Notification = {
  id: 7,
  kind: 'following_review',
  payload: { reviewId: 41, businessId: 5, rating: 4 },
  actor: { id: 3, name: 'Fox Mulder', username: 'fox', avatar: null, isVerified: false },
  business: { id: 5, name: 'Luigi Trattoria' },
  readAt: null,
  createdAt: new Date().toISOString(),
};

/** One EventSource the hook opened; `push` delivers an event as the server would. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  readonly listeners = new Map<string, Array<(event: Event) => void>>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, listener: (event: Event) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  push(name: string, data: unknown) {
    const event = new MessageEvent(name, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(name) ?? []) listener(event);
  }
}

let unread = 3;
const calls: string[] = [];

beforeEach(() => {
  unread = 3;
  calls.length = 0;
  Object.assign(globalThis, { EventSource: FakeEventSource });
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    let body: unknown = [];
    if (url === '/api/notifications/unread-count') body = { count: unread };
    else if (url.startsWith('/api/notifications?')) body = [follower, review];
    else if (url === '/api/notifications/7/read') body = { ...review, readAt: 'now' };
    return jsonResponse(body);
  }) as typeof fetch;
});
afterEach(() => {
  FakeEventSource.last = null;
  Reflect.deleteProperty(globalThis, 'EventSource');
});

function renderBell() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <Bell />
        <Routes>
          <Route path="/" element={<p>Home</p>} />
          <Route path="/reviews/:id" element={<p>The review page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Bell', () => {
  it('names the unread count and shows it as a badge', async () => {
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(bell.textContent).toBe('3');
    expect(FakeEventSource.last?.url).toBe('/api/notifications/stream');
  });

  it('shows no badge when all is read', async () => {
    unread = 0;
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 0 unread' });
    expect(bell.querySelector('.badge')).toBeNull();
  });

  it('lists the latest in its dropdown, and opening one marks it read and opens the review', async () => {
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    expect(await screen.findByText('Dana Scully started following you')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all notifications' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: /Fox Mulder reviewed Luigi Trattoria/ }));
    expect(await screen.findByText('The review page')).toBeTruthy();
    await waitFor(() => expect(calls).toContain('POST /api/notifications/7/read'));
    // Leaving the page closes the dropdown.
    expect(screen.queryByText('Dana Scully started following you')).toBeNull();
  });

  it('refreshes the count when the stream pushes a notification', async () => {
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    unread = 4;
    act(() => FakeEventSource.last!.push('notification', review));
    expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeTruthy();
  });
});

describe('what a notification says and opens', () => {
  it('groups helpful votes, and opens the review', () => {
    const helpful: Notification = {
      ...review,
      kind: 'review_helpful',
      payload: { reviewId: 41, businessId: 5, count: 5 },
      actor: null,
    };
    expect(notificationText(helpful)).toBe('5 people found your review of Luigi Trattoria helpful');
    expect(notificationText({ ...helpful, payload: { ...helpful.payload, count: 1 } })).toBe(
      '1 person found your review of Luigi Trattoria helpful',
    );
    expect(notificationTarget(helpful)).toBe('/reviews/41');
  });

  it("opens a new follower's profile", () => {
    expect(notificationTarget(follower)).toBe('/users/dana');
    expect(notificationText({ ...review, business: null })).toBe('Fox Mulder wrote a new review');
  });

  it('says an owner replied, and opens the review', () => {
    const reply: Notification = {
      ...review,
      kind: 'owner_reply',
      payload: { reviewId: 41, businessId: 5 },
    };
    expect(notificationText(reply)).toBe(
      'Fox Mulder, owner of Luigi Trattoria, replied to your review',
    );
    expect(notificationTarget(reply)).toBe('/reviews/41');
  });

  it('tells a moderation decision, and opens /my-reviews where the appeal is', () => {
    const moderated = (action: 'hold' | 'keep' | 'remove', reason: string | null = null) =>
      ({
        ...review,
        kind: 'review_moderated',
        payload: { reviewId: 41, businessId: 5, action, reason },
        actor: null,
      }) satisfies Notification;
    expect(notificationText(moderated('hold'))).toBe(
      'Reports put your review of Luigi Trattoria on hold: Hidden pending review',
    );
    expect(notificationText(moderated('remove', 'Spam'))).toBe(
      'A moderator removed your review of Luigi Trattoria: Spam',
    );
    expect(notificationText(moderated('keep'))).toBe(
      'A moderator reviewed the reports and kept your review of Luigi Trattoria',
    );
    expect(notificationTarget(moderated('remove'))).toBe('/my-reviews');
    expect(notificationTarget(moderated('keep'))).toBe('/reviews/41');
  });
});
